import { parseLatex } from '../src/latex/index.js';
import { printTree } from '../src/core/print-tree.js';
import { checkEquivalence } from '../src/equivalence/index.js';
const args = process.argv.slice(2);
if (args[0] === 'eq') {
  const r = checkEquivalence(args[1]!, args[2]!, args[3] ? { constants: JSON.parse(args[3]) } : {});
  console.log(r.verdict, JSON.stringify(r.diagnostics ?? []).slice(0, 400));
} else for (const s of args) {
  const r = parseLatex(s);
  console.log(s, '=>', r.ok ? printTree(r.tree) : '', r.diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
}
