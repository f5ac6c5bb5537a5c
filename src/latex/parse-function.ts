import type { FunctionName, Node } from '../core/tree.js';
import { binary } from './build.js';
import { startsFactor } from './classify.js';
import { INVERSES } from './grammar/functions.js';
import { parseBraceGroup, parseLeftRight, parseParen } from './parse-delimited.js';
import { parseRun, parseSigned } from './parse-expression.js';
import { parseScriptArg } from './parse-script.js';
import type { Parser } from './parser.js';

/**
 * A built-in function at the cursor (the head token is consumed here): `\sin x`, `\sin(2x)`,
 * `\sin^2\theta` (= (sin θ)²), `\sin^{-1}x` (= arcsin x), `\log_{b} x` (args `[x, b]`),
 * `\max(a, b)`. Without parentheses the argument is the maximal implicit product of simple factors:
 * `\sin 2\theta` = sin(2θ), `\cos\omega_d t` = cos(ω_d t), `\sin\theta\cos\phi` = sin θ · cos φ.
 */
export function parseFunction(p: Parser, fn: FunctionName): Node {
  const head = p.next();
  let name = fn;
  let base: Node | undefined;
  let power: Node | undefined;
  for (let k = 0; k < 2; k++) {
    if (p.isChar('_')) {
      p.next();
      base = parseScriptArg(p);
    } else if (p.isChar('^')) {
      p.next();
      const exp = parseScriptArg(p);
      const inverse = INVERSES[name];
      if (inverse !== undefined && isMinusOne(exp)) name = inverse;
      else power = exp;
    }
  }
  const args = parseArguments(p, head.start);
  if (args.length === 0) {
    // `P^{\max}`, `v_{\min}` written as a group: the operator name is a label, not a call.
    return { type: 'symbol', name, upright: true, span: { start: head.start, end: head.end } };
  }
  if (name === 'log' && base !== undefined) args.push(base);
  const call: Node = { type: 'call', fn: name, args, span: { start: head.start, end: p.lastEnd() } };
  return power === undefined ? call : binary('^', call, power);
}

function isMinusOne(node: Node): boolean {
  return node.type === 'unary' && node.op === '-' && node.arg.type === 'number' && node.arg.value === 1;
}

function parseArguments(p: Parser, start: number): Node[] {
  const t = p.peek();
  let group: Node | undefined;
  if (t.kind === 'char' && (t.value === '(' || t.value === '[')) group = parseParen(p);
  else if (t.kind === 'cmd' && t.value === 'left') group = parseLeftRight(p);
  else if (t.kind === 'char' && t.value === '{') group = parseBraceGroup(p);
  if (group !== undefined) return group.type === 'list' ? [...group.items] : [group];
  if (t.kind === 'char' && (t.value === '-' || t.value === '+')) return [parseSigned(p)];
  if (t.kind === 'end') return [];
  if (!startsFactor(p, t, false) || (t.kind === 'cmd' && t.value === 'left')) {
    return p.fail('missing-operand', 'a function with no argument', { start, end: t.start });
  }
  return [parseRun(p, true)];
}
