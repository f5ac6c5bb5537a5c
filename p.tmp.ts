import { loadSources } from './test/metamorphic/sources.js';
import { parseLatex } from './src/latex/index.js';
const s = loadSources('../shared/peers')!;
const by: Record<string, number[]> = {};
for (const f of s) {
  const r = parseLatex(f.latex);
  const ok = r.ok && r.tree.type === 'relation' && r.tree.ops.length === 1 && r.tree.ops[0] === '=' && !r.diagnostics.some(d => d.severity === 'error');
  (by[f.corpus] ??= [0, 0])[0]++;
  if (ok) by[f.corpus]![1]++;
}
console.log(s.length, by);
