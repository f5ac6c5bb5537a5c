/** Font commands whose content is upright math (`\mathrm{d}`, `\mathrm{m\,s^{-1}}`). */
export const UPRIGHT_FONTS: ReadonlySet<string> = new Set(['mathrm', 'mathup', 'mathsf', 'mathtt', 'rm']);

/** Font commands that mark a vector (`\mathbf{F}` = `\vec{F}` = `\boldsymbol{F}`). */
export const VECTOR_FONTS: ReadonlySet<string> = new Set([
  'mathbf',
  'boldsymbol',
  'bm',
  'pmb',
  'mathbfit',
  'bold',
]);

/** Font commands that change nothing about the quantity (`\mathit{x}` = `x`). */
export const PLAIN_FONTS: ReadonlySet<string> = new Set(['mathit', 'mathnormal', 'underline', 'mathring']);

/** Script fonts that make a different symbol: `\mathcal{E}` → `mathcal(E)`. */
export const STYLE_FONTS: ReadonlySet<string> = new Set([
  'mathcal',
  'mathscr',
  'mathfrak',
  'mathbb',
  'EuScript',
]);

/** Decorations that wrap the symbol name: `\hat{n}` → `hat(n)`. */
export const DECORATIONS: Readonly<Record<string, string>> = {
  hat: 'hat',
  widehat: 'hat',
  bar: 'bar',
  overline: 'bar',
  tilde: 'tilde',
  widetilde: 'tilde',
  check: 'check',
  breve: 'breve',
  acute: 'acute',
  grave: 'grave',
  ring: 'ring',
  dddot: 'dddot',
  underbar: 'bar',
};

/** Decorations that mark a vector. */
export const VECTOR_DECORATIONS: ReadonlySet<string> = new Set([
  'vec',
  'overrightarrow',
  'overleftarrow',
  'overrightharpoon',
  'vv',
]);
