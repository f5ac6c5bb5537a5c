import type { Node } from './tree.js';

const PRECEDENCE: Record<string, number> = { '+': 1, '-': 1, '±': 1, '∓': 1, '*': 2, '/': 2, '^': 4 };

/**
 * A compact, deterministic, human-readable text of a tree (`(a+b)*c^2`), used for display, cache
 * keys, PRNG seeds and opaque-quantity keys. Spans are ignored, so equal trees print equally.
 */
export function printTree(node: Node): string {
  return print(node, 0);
}

function print(node: Node, parentPrec: number): string {
  switch (node.type) {
    case 'number':
      return String(node.value);
    case 'symbol':
      return node.vector ? `vec(${node.name})` : node.name;
    case 'unit':
      return `[${node.unit}]`;
    case 'unary':
      return node.op === '!' ? `${print(node.arg, 5)}!` : `${node.op}${print(node.arg, 3)}`;
    case 'binary': {
      const prec = PRECEDENCE[node.op] ?? 1;
      const right = node.op === '^' ? print(node.right, prec) : print(node.right, prec + 1);
      const left = node.op === '^' ? print(node.left, prec + 1) : print(node.left, prec);
      const text = `${left}${node.op}${right}`;
      return prec < parentPrec ? `(${text})` : text;
    }
    case 'call':
      return `${node.fn}(${node.args.map((a) => print(a, 0)).join(',')})`;
    case 'apply':
      return `${node.name}(${node.args.map((a) => print(a, 0)).join(',')})`;
    case 'relation': {
      let out = print(node.args[0]!, 0);
      node.ops.forEach((op, i) => {
        out += ` ${op} ${print(node.args[i + 1]!, 0)}`;
      });
      return out;
    }
    case 'list':
      return node.items.map((item) => print(item, 0)).join('; ');
    case 'differential':
      return `${node.partial ? '∂' : 'd'}${node.order > 1 ? node.order : ''}{${print(node.of, 0)}}`;
    case 'derivative':
      return `${node.partial ? '∂' : 'd'}${node.order > 1 ? node.order : ''}/d${node.variable}(${print(node.expr, 0)})`;
    case 'integral': {
      const bounds =
        node.lower !== undefined && node.upper !== undefined
          ? `[${print(node.lower, 0)},${print(node.upper, 0)}]`
          : '';
      return `int${bounds}(${print(node.integrand, 0)},${node.variable})`;
    }
    case 'sum':
      return `${node.kind}[${node.index}=${print(node.lower, 0)},${print(node.upper, 0)}](${print(node.body, 0)})`;
    case 'opaque':
      return `{${node.key}}`;
  }
}
