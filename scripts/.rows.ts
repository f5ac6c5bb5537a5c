import { readFileSync } from 'node:fs';
import { checkEquivalence } from '../src/equivalence/index.js';
const rows = readFileSync(process.argv[2]!, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
let bad = 0;
for (const r of rows) {
  const v = checkEquivalence(r.a, r.b, r.constants ? { constants: r.constants } : {});
  if (v.verdict !== r.expected) { bad++; console.log(r.id, r.expected, 'GOT', v.verdict, r.a, ' | ', r.b, JSON.stringify(v.diagnostics ?? []).slice(0, 200)); }
}
console.log(`${rows.length - bad}/${rows.length}`);
