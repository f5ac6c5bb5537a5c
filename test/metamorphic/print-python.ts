import { printTree } from '../../src/core/print-tree.js';
import type { Node } from '../../src/core/tree.js';
import { unitScale } from './value-rewrites.js';

/**
 * Python (sympy-compatible) text of a tree for the oracle: quantities become names `s0`, `s1`, …
 * shared through `names` between the two formulas of a pair; a simple unit becomes its SI value
 * (`unitScale`), other units, integrals, sums, derivatives and applied functions opaque names keyed by their text (the generator never rewrites
 * inside them). Returns `undefined` for what the oracle cannot evaluate (±, lists).
 */
export function printPython(node: Node, names: Map<string, string>): string | undefined {
  try {
    return py(node, names);
  } catch {
    return undefined;
  }
}

const FUNCTIONS: Readonly<Record<string, string>> = {
  arcsin: 'asin',
  arccos: 'acos',
  arctan: 'atan',
  arccot: 'acot',
  arsinh: 'asinh',
  arcosh: 'acosh',
  artanh: 'atanh',
  ln: 'log',
  lg: 'log10',
};

function name(key: string, names: Map<string, string>): string {
  let n = names.get(key);
  if (n === undefined) names.set(key, (n = `s${names.size}`));
  return n;
}

function py(node: Node, names: Map<string, string>): string {
  switch (node.type) {
    case 'number':
      return `(${node.value})`;
    case 'symbol':
      if (node.name === 'pi') return 'pi';
      if (node.name === 'e' && node.upright === true) return 'E';
      if (node.name === 'infinity') throw new Error('infinity');
      return name(`${node.vector === true ? 'vec ' : ''}${node.name}`, names);
    case 'unary':
      if (node.op === '-') return `(-${py(node.arg, names)})`;
      if (node.op === '+') return py(node.arg, names);
      if (node.op === '!') return `gamma(${py(node.arg, names)}+1)`;
      throw new Error('pm');
    case 'binary': {
      const l =
        node.left.type === 'symbol' && node.left.name === 'e' && node.op === '^' ? 'E' : py(node.left, names);
      const r = py(node.right, names);
      if (node.op === '^') return `(${l}**${r})`;
      if (node.op === '±' || node.op === '∓') throw new Error('pm');
      return `(${l}${node.op}${r})`;
    }
    case 'call': {
      const args = node.args.map((a) => py(a, names));
      if (node.fn === 'sqrt') return args.length === 1 ? `sqrt(${args[0]})` : `(${args[0]}**(1/${args[1]}))`;
      if (node.fn === 'log' && args.length === 2) return `(log(${args[0]})/log(${args[1]}))`;
      return `${FUNCTIONS[node.fn] ?? node.fn}(${args.join(',')})`;
    }
    case 'relation':
    case 'list':
      throw new Error(node.type);
    case 'unit': {
      const scale = unitScale(node.unit);
      return scale === undefined ? name(`unit ${node.unit}`, names) : `(${scale})`;
    }
    default:
      return name(`atom ${printTree(node)}`, names);
  }
}
