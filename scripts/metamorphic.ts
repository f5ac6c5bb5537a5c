/**
 * Metamorphic tests of the equivalence checker over the real formulas in ../shared/peers: seeded
 * semantics-preserving rewrites (must stay `equivalent`) and mutations (must be `different`,
 * confirmed by the Python oracle). Prints the accuracy per kind and the failing pairs.
 *
 * Run: npx tsx scripts/metamorphic.ts [--seed S] [--pairs N] [--kinds k1,k2] [--budget EVALS]
 *      [--failures N] [--no-oracle-rewrites] [--json]
 * (--no-oracle-rewrites: send only mutations to the oracle, as the CI test does; faster.)
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ALL_KINDS, isMutation } from '../test/metamorphic/generate.js';
import { type MetamorphicReport, runMetamorphic } from '../test/metamorphic/run.js';
import { loadSources } from '../test/metamorphic/sources.js';

function table(report: MetamorphicReport): string {
  const rows = Object.entries(report.kinds).sort(
    ([a], [b]) =>
      Number(isMutation(a)) - Number(isMutation(b)) || ALL_KINDS.indexOf(a) - ALL_KINDS.indexOf(b),
  );
  const lines = [
    '| kind | must be | n | right | accuracy | equivalent | different | undetermined | discarded |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [kind, t] of rows) {
    const mutation = isMutation(kind);
    const right = mutation ? t.different : t.equivalent;
    const discarded = Object.entries(t.discarded)
      .map(([why, n]) => `${why} ${n}`)
      .join(', ');
    lines.push(
      `| ${kind} | ${mutation ? 'different' : 'equivalent'} | ${t.n} | ${right} | ${(100 * t.accuracy).toFixed(1)}% | ${t.equivalent} | ${t.different} | ${t.undetermined} | ${discarded} |`,
    );
  }
  return lines.join('\n');
}

function main(): number {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: 'metamorphic' },
      pairs: { type: 'string', default: '2000' },
      kinds: { type: 'string' },
      budget: { type: 'string' },
      failures: { type: 'string', default: '40' },
      json: { type: 'boolean' },
      'no-oracle-rewrites': { type: 'boolean' },
    },
  });
  const peers = fileURLToPath(new URL('../../shared/peers', import.meta.url));
  const sources = loadSources(peers);
  if (sources === undefined) {
    process.stderr.write(`metamorphic: ${peers} is absent; nothing to do\n`);
    return 2;
  }
  const kinds = values.kinds?.split(',').map((k) => k.trim());
  const unknown = kinds?.filter((k) => !ALL_KINDS.includes(k)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(
      `metamorphic: unknown kinds ${unknown.join(', ')} (known: ${ALL_KINDS.join(', ')})\n`,
    );
    return 2;
  }
  const report = runMetamorphic(sources, {
    seed: values.seed,
    pairs: Number(values.pairs),
    ...(kinds === undefined ? {} : { kinds }),
    ...(values.budget === undefined ? {} : { evalBudget: Number(values.budget) }),
    oracleRewrites: values['no-oracle-rewrites'] !== true,
  });
  if (values.json === true) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const ms = report.ms;
  console.log(
    `seed ${report.seed}: ${report.sources} source formulas (${report.parsed} drawn, ${report.equations} of them single equations); ${report.generated} pairs generated, ${report.checked} checked (oracle: ${report.oracle}); generate ${(ms.generate / 1000).toFixed(1)} s, oracle ${(ms.oracle / 1000).toFixed(1)} s, check ${(ms.check / 1000).toFixed(1)} s`,
  );
  console.log(table(report));
  const show = Number(values.failures);
  console.log(
    `\n${report.failures.length} failing pairs${report.failures.length > show ? ` (first ${show})` : ''}:`,
  );
  for (const f of report.failures.slice(0, show)) {
    const c = f.constants === undefined ? '' : `  constants ${JSON.stringify(f.constants)}`;
    console.log(
      `- [${f.kind}] ${f.verdict} (${f.ms.toFixed(1)} ms, ${f.corpus})${c}\n    A: ${f.a.replace(/\s+/g, ' ')}\n    B: ${f.b.replace(/\s+/g, ' ')}`,
    );
  }
  if (report.oracleDisagreements.length > 0) {
    console.log(`\n${report.oracleDisagreements.length} rewrites the oracle called different (not checked):`);
    for (const p of report.oracleDisagreements.slice(0, show)) {
      console.log(
        `- [${p.kind}] (${p.corpus})\n    A: ${p.a.replace(/\s+/g, ' ')}\n    B: ${p.b.replace(/\s+/g, ' ')}`,
      );
    }
  }
  return 0;
}

process.exitCode = main();
