// Prints the final-answer style transfer's numbers per style (every style on every answer, or a
// seeded sample): `npx tsx test/metamorphic/final-styles-run.ts [--sample N] [--show ID,ID…] [--json FILE]`;
// `--show` runs only those answers and prints each rewrite that broke and each near miss accepted.
import { writeFileSync } from 'node:fs';
import { runStyles } from './final-styles-check.js';
import { gradedAnswers } from './graded-answers.js';

const args = process.argv.slice(2);
const sampleAt = args.indexOf('--sample');
const sample = sampleAt >= 0 ? Number(args[sampleAt + 1]) : undefined;
const showAt = args.indexOf('--show');
const show = showAt >= 0 ? args[showAt + 1]!.split(',') : undefined;
const { answers, peers } = gradedAnswers();
const run = runStyles(
  show === undefined ? answers : answers.filter((a) => show.includes(a.id)),
  sample,
  undefined,
  show === undefined
    ? undefined
    : (id, style, kind, response, record) =>
        console.log(
          `--- ${id} ${style} ${kind ?? 'rewrite'}\n${response.slice(-700)}\n=> ${JSON.stringify(record.final_answer.answers)}\n`,
        ),
);
const jsonAt = args.indexOf('--json');
if (jsonAt >= 0) writeFileSync(args[jsonAt + 1]!, JSON.stringify(run));
console.log(
  `${run.answers} answers restyled (${run.right} right, ${run.wrong} wrong) of ${answers.length}${peers ? '' : ' (no ../shared/peers)'}`,
);
console.log('style'.padEnd(24), 'rewrites  kept  broken  near-misses  accepted');
let totals = [0, 0, 0, 0, 0];
for (const [name, c] of Object.entries(run.styles)) {
  console.log(
    name.padEnd(24),
    String(c.rewrites).padStart(8),
    String(c.kept).padStart(5),
    String(c.broken.length).padStart(7),
    String(c.nearMisses).padStart(12),
    String(c.accepted.length).padStart(9),
    c.broken.length > 0 ? ` broken: ${c.broken.slice(0, 12).join(' ')}` : '',
    c.accepted.length > 0 ? ` accepted: ${c.accepted.slice(0, 8).join(', ')}` : '',
  );
  totals = totals.map(
    (t, i) => t + [c.rewrites, c.kept, c.broken.length, c.nearMisses, c.accepted.length][i]!,
  );
}
console.log('total'.padEnd(24), totals.map((t, i) => String(t).padStart([8, 5, 7, 12, 9][i]!)).join(' '));
