/**
 * Seed stability of formula pairs: a verdict of Algorithm 1 that depends on its random draw is a bug
 * whichever draw is "right". Checks every row of the equivalence corpus (`fixtures/equivalence`, both
 * modes) and, with `--metamorphic N`, N generated metamorphic pairs over the formulas in
 * ../shared/peers (physical mode), each under seven draw seeds (`equivalence.drawSeed`; the first
 * run without one), and lists every pair whose verdict is not the same under all of them. Exit
 * status 1 when any varies. The bundled answers' records: `scripts/seed-stability.ts`.
 * Run: npx tsx scripts/seed-stability-pairs.ts [--seeds 7] [--metamorphic 2000] [--metamorphic-seed S]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkEquivalence } from '../src/equivalence/index.js';
import type { EquivalenceMode, EquivalenceOptions } from '../src/equivalence/types.js';
import { type EquivalenceRow, readCorpus } from '../test/corpus/read-corpus.js';
import { generatePairs } from '../test/metamorphic/generate.js';
import { loadSources } from '../test/metamorphic/sources.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '7' },
    metamorphic: { type: 'string', default: '0' },
    'metamorphic-seed': { type: 'string', default: 'metamorphic' },
  },
});
const seeds = Number(values.seeds);
const generated = Number(values.metamorphic);
if (!Number.isInteger(seeds) || seeds < 2 || !Number.isInteger(generated) || generated < 0) {
  console.error(`expected --seeds ≥ 2 and --metamorphic ≥ 0 (integers)`);
  process.exit(2);
}

interface Item {
  readonly id: string;
  readonly a: string;
  readonly b: string;
  readonly mode: EquivalenceMode;
  readonly constants?: Readonly<Record<string, string>>;
}

const items: Item[] = [];
for (const { row } of readCorpus<EquivalenceRow>('fixtures/equivalence')) {
  for (const mode of ['physical', 'strict'] as const) {
    items.push({
      id: `${row.id}/${mode}`,
      a: row.a,
      b: row.b,
      mode,
      ...(row.constants ? { constants: row.constants } : {}),
    });
  }
}
if (generated > 0) {
  const sources = loadSources(fileURLToPath(new URL('../../shared/peers', import.meta.url)));
  if (sources === undefined) console.error('../shared/peers is absent: no metamorphic pairs');
  else {
    const { pairs } = generatePairs(sources, { seed: values['metamorphic-seed']!, pairs: generated });
    for (const p of pairs)
      items.push({
        id: `${p.id} ${p.kind}`,
        a: p.a,
        b: p.b,
        mode: 'physical',
        ...(p.constants ? { constants: p.constants } : {}),
      });
  }
}

let varying = 0;
for (const item of items) {
  const verdicts: string[] = [];
  for (let s = 0; s < seeds; s++) {
    const options: EquivalenceOptions = {
      mode: item.mode,
      ...(item.constants === undefined ? {} : { constants: item.constants }),
      ...(s === 0 ? {} : { drawSeed: `seed-${s}` }),
    };
    verdicts.push(checkEquivalence(item.a, item.b, options).verdict);
  }
  if (verdicts.every((v) => v === verdicts[0])) continue;
  varying++;
  console.log(`${item.id}: ${verdicts.join(' ')}\n  ${item.a}\n  ${item.b}`);
}
console.log(`${items.length} pairs × ${seeds} seeds: ${varying} vary`);
if (varying > 0) process.exitCode = 1;
