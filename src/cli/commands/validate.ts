import type { Diagnostic } from '../../core/diagnostic.js';
import type { NumericAnswerTools } from '../../dag/check-final-answers.js';
import { findGivenNodes } from '../../dag/given-nodes.js';
import { validateWitness } from '../../dag/validate-witness.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import { checkParameters } from '../../instances/check-parameters.js';
import { relationSides } from '../../score/answer-text.js';
import { expressionValue, withinPrecision } from '../../score/numeric-answer.js';
import { createPairMatcher } from '../../score/pair-matcher.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'the dataset to check' },
  json: {
    type: 'boolean',
    help: 'print {path, problems, valid (loaded), with_errors (of those), skipped,\nwitness_checked, findings: [{code, severity, where, message}], given: [{problem,\nnode, formula, stated?}]} as JSON',
  },
  'no-witness': { type: 'boolean', help: 'structural checks only' },
} as const satisfies FlagTable;

const HELP = `Usage: prism validate [--dataset PATH] [--json] [--no-witness]

Validates a PRISM-Physics dataset: item shape against the JSON Schema (schema/problem.schema.json;
schema-violation names the key path), DAG indices 1..n, dependencies (dangling, self,
forward, cycles), every node leading to a final-answer node, every formula parsing, duplicate ids.
Then, for each structurally valid problem with a \`witness\`, solves the DAG forward from the witness
values and reports the first formula that does not hold (witness-violated, naming the node and both
values), unknowns the witness leaves open (witness-underdetermined) or roots it cannot choose between
(witness-ambiguous); checks numerical final answers against the value the witness gives
(witness-final-mismatch, to the stated significant figures, else 1%) and algebraic final answers
against the final nodes (final-answer-mismatch). For a problem with PRiSM \`parameters\`, checks that
each is a DAG input whose value is the problem's own, in range, and that 20 seeded instances all
solve forward (parameter-*). PATH is a JSON array file, a JSONL file or a
directory of *.json files (default: the bundled benchmark, data/benchmark/).

Also lists the nodes each problem itself states (given: a formula of the problem text is equivalent
to it, or its \`given\` field says so): the default step score gives them no credit. They are not
findings and do not change the exit code.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 no findings, 1 findings, 2 unreadable input.`;

/** The scoring stage's numeric-answer helpers, so final answers are read as scoring reads them. */
const TOOLS: NumericAnswerTools = { expressionValue, withinPrecision, relationSides };

/** Formats one diagnostic as `severity code where: message`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.severity.padEnd(7)} ${d.code.padEnd(26)} ${d.where ?? ''}: ${d.message}`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const values = parseFlags(argv, FLAGS).values as {
    dataset?: string;
    json?: boolean;
    'no-witness'?: boolean;
  };
  const path = values.dataset ?? bundledDatasetPath();
  const loaded = loadDataset(path, { schema: true });
  if (!loaded.readable) {
    for (const d of loaded.diagnostics) io.stderr(`prism validate: ${formatDiagnostic(d)}\n`);
    return 2;
  }
  const skipped = new Set(
    loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.where?.split(' node ')[0]),
  ).size;
  // Only structurally valid problems reach `loaded.problems`, so a broken DAG is never witness-checked.
  const witnessed =
    values['no-witness'] === true
      ? []
      : loaded.problems.filter((p) => p.witness !== undefined && p.witness.length > 0);
  const findings = [...loaded.diagnostics, ...witnessed.flatMap((p) => validateWitness(p, TOOLS))];
  // PRiSM: every parameterized problem is one of its instances, and 20 sampled instances all solve.
  if (values['no-witness'] !== true) findings.push(...loaded.problems.flatMap((p) => checkParameters(p)));
  // One pair matcher (cheap path, cache) for every problem, as the scorer finds them.
  const matcher = createPairMatcher();
  const given = loaded.problems.flatMap((p) =>
    findGivenNodes(p, { compare: matcher.decide }).map((g) => ({
      problem: p.id,
      node: g.index,
      formula: p.grading_standard[g.index - 1]?.formula ?? '',
      ...(g.stated === undefined ? {} : { stated: g.stated }),
    })),
  );
  const errors = findings.filter((d) => d.severity === 'error').length;
  const total = loaded.problems.length + skipped;
  // A loaded problem is structurally valid; whether its witness or parameters hold is said beside it.
  const named = (d: Diagnostic, id: string): boolean =>
    d.where !== undefined && new RegExp(`(^|: )problem ${escapeRegExp(id)}( |$)`).test(d.where);
  const withErrors = loaded.problems.filter((p) =>
    findings.some((d) => d.severity === 'error' && named(d, p.id)),
  ).length;
  if (values.json === true) {
    io.stdout(
      `${JSON.stringify(
        {
          path,
          problems: total,
          valid: loaded.problems.length,
          with_errors: withErrors,
          skipped,
          witness_checked: witnessed.length,
          findings,
          given,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const d of findings) io.stdout(`${formatDiagnostic(d)}\n`);
    for (const g of given) {
      const why = g.stated === undefined ? 'its `given` field' : `the problem states ${g.stated}`;
      io.stdout(`given   problem ${g.problem} node ${g.node}: ${g.formula} (${why})\n`);
    }
    io.stdout(
      `${total} problems, ${witnessed.length} witness-checked, ${findings.length} findings (${errors} error(s), ${findings.length - errors} warning(s)); ${loaded.problems.length} structurally valid problem(s), ${withErrors} of them with errors, ${skipped} skipped${given.length === 0 ? '' : `, ${given.length} given node(s)`}, in ${path}\n`,
    );
  }
  return findings.length > 0 ? 1 : 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `prism validate`: checks a dataset and lists every finding. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'check a dataset: DAG structure, dependencies, formulas, ids, witness and final answers',
  help: HELP,
  flags: FLAGS,
  run,
};
