/**
 * Corpus rows the pipeline gets wrong today, each with what goes wrong. Their tests run as `todo`
 * (reported, not failing the suite) so the corpus can hold hard cases before the fix lands; delete
 * an entry when its row passes. Every id must exist (checked by corpus-schema.test.ts).
 */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = {
  'solver-fresh-030':
    "target m: the root lies 1e-5 (relative) above the edge of artanh's domain where the side blows up; the scan now bisects domain edges but Brent from the edge does not verify the root",
  'solver-fresh-039':
    'the only variable sits inside an improper integral: the coarse quadrature scan does not pass the 1e-9 residual test at every grid point (tiny and huge a), so the identity is not recognised',
  'solver-fresh-040':
    'same as solver-fresh-039: the identity side is not recognised, both sets come out empty and the trial fails',
  'solver-fresh-056':
    'differs only through a negative-only root against an empty set; physical mode keeps the design rule that this rejects (needed by plus-minus-011), see matcher case anp-08-a2/n6',
};
