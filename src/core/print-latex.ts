import type { Node, RelOp } from './tree.js';

/** Names spelled as commands when printed: Greek letters, `\hbar`, `\ell`, `\Re`, `\Im` (as `src/latex` names them). */
const GREEK = new Set(
  (
    'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau ' +
    'upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega digamma hbar ell Re Im'
  ).split(' '),
);

const RELATION: Record<RelOp, string> = {
  '=': '=',
  '<': '<',
  '>': '>',
  '<=': '\\le',
  '>=': '\\ge',
  '!=': '\\neq',
  propto: '\\propto',
  sim: '\\sim',
  '~': '\\to',
};

const PRECEDENCE: Record<string, number> = { '+': 1, '-': 1, '±': 1, '∓': 1, '*': 2, '/': 2, '^': 4 };

/**
 * LaTeX for a tree, such that parsing it gives the same tree back (spans aside): explicit
 * `\left( \right)` wherever precedence needs them, `\frac`, `\sqrt`, `\cdot` for explicit products
 * and `\,` for implicit ones. Numbers keep their source spelling (`raw`). Returns `undefined` for
 * a tree holding an opaque node, which has no LaTeX of its own. Used by the metamorphic tests to
 * write rewritten trees back as formulas.
 */
export function printLatex(node: Node): string | undefined {
  try {
    return print(node, 0);
  } catch (error) {
    if (error instanceof Unprintable) return undefined;
    throw error;
  }
}

class Unprintable extends Error {}

const paren = (text: string): string => `\\left(${text}\\right)`;

/** LaTeX of a canonical symbol name: `v_{max}`, `theta_{0}`, `Delta x`, `hat(n)`, `v'_{1}`. */
export function symbolLatex(name: string): string {
  const deco =
    /^(hat|bar|tilde|check|breve|acute|grave|ring|dddot|mathcal|mathscr|mathfrak|mathbb)\((.*)\)(.*)$/.exec(
      name,
    );
  if (deco !== null) return `\\${deco[1]}{${symbolLatex(deco[2]!)}}${words(deco[3]!)}`;
  return words(name);
}

function words(text: string): string {
  return text.replace(/[A-Za-z]+/g, (w) => (GREEK.has(w) ? `\\${w} ` : w)).replace(/ (?=[}_^'\s]|$)/g, '');
}

function print(node: Node, parentPrec: number): string {
  switch (node.type) {
    case 'number': {
      const raw = node.raw.trim() === '' ? String(node.value) : node.raw.trim();
      // `a \cdot 3\times10^{8}` would fold as (a·3)·10^8: a scientific literal inside a product is bracketed.
      return parentPrec > 1 && /\\times|\\cdot/.test(raw) ? paren(raw) : raw;
    }
    case 'symbol': {
      if (node.name === 'infinity') return '\\infty';
      const base = node.upright === true ? `\\mathrm{${node.name}}` : symbolLatex(node.name);
      return node.vector === true ? `\\vec{${base}}` : base;
    }
    case 'unit':
      // siunitx spellings (`\kilo\meter`) are kept as the parser stored them, inside `\si{}`.
      return node.unit.includes('\\') ? `\\si{${node.unit}}` : `\\mathrm{${node.unit}}`;
    case 'unary': {
      if (node.op === '!') return `${print(node.arg, 5)}!`;
      const op = node.op === '±' ? '\\pm ' : node.op === '∓' ? '\\mp ' : node.op;
      const text = `${op}${print(node.arg, 3)}`;
      return parentPrec > 1 ? paren(text) : text;
    }
    case 'binary':
      return binary(node, parentPrec);
    case 'call':
      return call(
        node.fn,
        node.args.map((a) => print(a, 0)),
      );
    case 'apply':
      return `${symbolLatex(node.name)}(${node.args.map((a) => print(a, 0)).join(', ')})`;
    case 'relation': {
      let out = print(node.args[0]!, 0);
      node.ops.forEach((op, i) => {
        out += ` ${RELATION[op]} ${print(node.args[i + 1]!, 0)}`;
      });
      return out;
    }
    case 'list':
      return node.items.map((item) => print(item, 0)).join(',\\quad ');
    case 'differential': {
      const d = node.partial ? '\\partial' : '\\mathrm{d}';
      return `${d}${node.order > 1 ? `^{${node.order}}` : ''} ${print(node.of, 5)}`;
    }
    case 'derivative': {
      const d = node.partial ? '\\partial' : '\\mathrm{d}';
      const k = node.order > 1 ? `^{${node.order}}` : '';
      return `\\frac{${d}${k}}{${d} ${symbolLatex(node.variable)}${k}}${paren(print(node.expr, 0))}`;
    }
    case 'integral': {
      const bounds =
        node.lower !== undefined && node.upper !== undefined
          ? `_{${print(node.lower, 0)}}^{${print(node.upper, 0)}}`
          : '';
      return `\\int${bounds} ${paren(print(node.integrand, 0))}\\,\\mathrm{d}${symbolLatex(node.variable)}`;
    }
    case 'sum': {
      const op = node.kind === 'sum' ? '\\sum' : '\\prod';
      const text = `${op}_{${symbolLatex(node.index)}=${print(node.lower, 0)}}^{${print(node.upper, 0)}} ${paren(print(node.body, 0))}`;
      return parentPrec > 1 ? paren(text) : text;
    }
    case 'opaque':
      throw new Unprintable(node.key);
  }
}

function binary(node: Extract<Node, { type: 'binary' }>, parentPrec: number): string {
  const prec = PRECEDENCE[node.op] ?? 1;
  let text: string;
  if (node.op === '/') {
    text = `\\frac{${print(node.left, 0)}}{${print(node.right, 0)}}`;
  } else if (node.op === '^') {
    const base = print(node.left, 5);
    text = `${base}^{${print(node.right, 0)}}`;
  } else if (node.op === '*' && node.right.type === 'unit') {
    text = `${print(node.left, 0)}\\,${print(node.right, prec + 1)}`;
  } else if (node.op === '*') {
    const left = print(node.left, prec);
    const right = print(node.right, prec + 1);
    text =
      node.implicit === true && node.right.type !== 'number'
        ? `${left}\\,${right}`
        : `${left} \\cdot ${right}`;
  } else {
    const op = node.op === '±' ? '\\pm' : node.op === '∓' ? '\\mp' : node.op;
    text = `${print(node.left, prec)} ${op} ${print(node.right, prec + 1)}`;
  }
  return prec < parentPrec ? paren(text) : text;
}

function call(fn: string, args: readonly string[]): string {
  const [x = '', y] = args;
  switch (fn) {
    case 'sqrt':
      return y === undefined ? `\\sqrt{${x}}` : `\\sqrt[${y}]{${x}}`;
    case 'abs':
      return `\\left|${x}\\right|`;
    case 'floor':
      return `\\left\\lfloor ${x}\\right\\rfloor`;
    case 'ceil':
      return `\\left\\lceil ${x}\\right\\rceil`;
    case 'log':
      return y === undefined ? `\\log${paren(x)}` : `\\log_{${y}}${paren(x)}`;
    case 'sign':
      return `\\operatorname{sgn}${paren(x)}`;
    case 'arsinh':
    case 'arcosh':
    case 'artanh':
    case 'arccot':
    case 'sech':
    case 'csch':
      return `\\operatorname{${fn}}${paren(args.join(', '))}`;
    default:
      return `\\${fn}${paren(args.join(', '))}`;
  }
}
