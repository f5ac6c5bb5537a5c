import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One real formula and where it came from. */
export interface SourceFormula {
  readonly corpus: 'prism' | 'olympiadbench' | 'phybench' | 'scibench';
  readonly latex: string;
}

const DISPLAY = /\$\$([\s\S]*?)\$\$|\\\[([\s\S]*?)\\\]/g;
const INLINE = /(?<![$\\])\$([^$\n]{3,200}?)\$(?!\$)|\\\(([\s\S]{3,200}?)\\\)/g;

function formulasIn(text: string, inline: boolean): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DISPLAY)) out.push(m[1] ?? m[2] ?? '');
  if (inline) for (const m of text.replace(DISPLAY, ' ').matchAll(INLINE)) out.push(m[1] ?? m[2] ?? '');
  return out.map((s) => s.trim()).filter((s) => s.includes('='));
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The real formulas with an `=` in `<peers>` (`../shared/peers`): PRISM `grading_standard` nodes,
 * OlympiadBench, PHYBench and SciBench solution formulas (display and inline math), deduplicated,
 * in a stable order. Returns `undefined` when the folder is absent.
 */
export function loadSources(peers: string): SourceFormula[] | undefined {
  if (!existsSync(peers)) return undefined;
  const out: SourceFormula[] = [];
  const prism = join(peers, 'prism-physics/dag_02_subset.json');
  if (existsSync(prism)) {
    for (const p of readJson(prism) as { grading_standard: { formula: string }[] }[]) {
      for (const g of p.grading_standard)
        out.push(...formulasIn(g.formula, true).map((latex) => ({ corpus: 'prism' as const, latex })));
    }
  }
  const olympiad = join(peers, 'olympiadbench-physics/English_Olympiad_Physics.json');
  if (existsSync(olympiad)) {
    for (const p of readJson(olympiad) as { solution: string[] | string }[]) {
      const text = Array.isArray(p.solution) ? p.solution.join('\n') : p.solution;
      out.push(...formulasIn(text, true).map((latex) => ({ corpus: 'olympiadbench' as const, latex })));
    }
  }
  const phybench = join(peers, 'phybench/PHYBench-fullques_v1.json');
  if (existsSync(phybench)) {
    for (const p of readJson(phybench) as { solution?: string }[]) {
      out.push(
        ...formulasIn(p.solution ?? '', true).map((latex) => ({ corpus: 'phybench' as const, latex })),
      );
    }
  }
  for (const name of ['class_sol', 'fund_sol', 'quan_sol', 'thermo_sol']) {
    const path = join(peers, `scibench-physics/${name}.json`);
    if (!existsSync(path)) continue;
    for (const p of readJson(path) as { solution?: string }[]) {
      out.push(
        ...formulasIn(p.solution ?? '', true).map((latex) => ({ corpus: 'scibench' as const, latex })),
      );
    }
  }
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.latex) && seen.add(f.latex) !== undefined);
}
