import type { Node } from '../core/tree.js';
import { binary, binomialNode, numberNode, opaqueNode, symbolNode, unitNode } from './build.js';
import { startsSymbol } from './classify.js';
import { isDifferentialAt, parseDifferential } from './differential.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import {
  DECORATIONS,
  PLAIN_FONTS,
  STYLE_FONTS,
  UPRIGHT_FONTS,
  VECTOR_DECORATIONS,
  VECTOR_FONTS,
} from './grammar/fonts.js';
import { FUNCTIONS, OPERATOR_NAMES } from './grammar/functions.js';
import { DOTS_COMMANDS, GREEK, SYMBOL_COMMANDS } from './grammar/greek.js';
import { parseLimit, parseNabla, parseSum } from './parse-big-operator.js';
import { parseBraKetMacro, tryBraKet, tryKet } from './parse-bra-ket.js';
import { parseAbs, parseBraceGroup, parseLeftRight, parseParen } from './parse-delimited.js';
import { parseEnvironment } from './parse-environment.js';
import { parseDot, parseFont, parseTextWord } from './parse-font.js';
import { parseFrac, parseSqrt } from './parse-frac.js';
import { parseFunction } from './parse-function.js';
import { parseIntegral } from './parse-integral.js';
import { parseScriptArg } from './parse-script.js';
import { parseSymbolFactor } from './parse-symbol.js';
import { type Parser, show } from './parser.js';

/** One primary: a number, symbol, group, fraction, root, function call, operator, environment, unit. */
export function parsePrimary(p: Parser): Node {
  p.enter();
  const node = primary(p);
  p.leave();
  return node;
}

function primary(p: Parser): Node {
  const t = p.peek();
  const span = p.spanOf(t);
  switch (t.kind) {
    case 'end':
      return p.fail('missing-operand', 'the formula ends where an operand was expected', span);
    case 'num': {
      p.next();
      const value = Number(t.value);
      if (!Number.isFinite(value)) p.fail('unexpected-token', `number ${t.value} is out of range`, span);
      return numberNode(value, t.value, span);
    }
    case 'letter':
      if (t.value === 'd' && isDifferentialAt(p, p.pos)) return parseDifferential(p);
      p.next();
      return symbolNode(t.value, span);
    case 'char':
      if (t.value === '(' || t.value === '[') return parseParen(p);
      if (t.value === '{') return parseBraceGroup(p);
      if (t.value === '|') return tryKet(p) ?? parseAbs(p, 'abs');
      if (t.value === '%') {
        p.next();
        return unitNode('%', span);
      }
      return p.fail('unexpected-token', `unexpected '${show(t)}'`, span);
    case 'cmd':
      return command(p, t.value, span);
  }
}

function command(p: Parser, name: string, span: { start: number; end: number }): Node {
  const t = p.peek();
  const greek = GREEK[name];
  if (greek !== undefined) {
    p.next();
    const sym = symbolNode(greek, span);
    if ((greek === 'Delta' || greek === 'delta') && startsSymbol(p.peek()) && !isDifferentialAt(p, p.pos)) {
      const inner = parseSymbolFactor(p);
      if (inner.type === 'symbol') {
        return symbolNode(
          `${greek} ${inner.name}`,
          { start: span.start, end: inner.span.end },
          inner.vector === true,
        );
      }
      return binary('*', sym, inner, true);
    }
    return sym;
  }
  const fn = FUNCTIONS[name];
  if (fn !== undefined) return parseFunction(p, fn);
  if (name === 'partial') {
    if (isDifferentialAt(p, p.pos)) return parseDifferential(p);
    p.next();
    return opaqueNode('partial', span);
  }
  const symbol = SYMBOL_COMMANDS[name];
  if (symbol !== undefined && name !== 'prime') {
    p.next();
    return symbolNode(symbol, span);
  }
  if (TEXT_COMMANDS.has(name) || name === 'operatorname') return parseTextWord(p);
  if (UPRIGHT_FONTS.has(name) || VECTOR_FONTS.has(name) || PLAIN_FONTS.has(name) || STYLE_FONTS.has(name)) {
    return parseFont(p);
  }
  if (DECORATIONS[name] !== undefined || VECTOR_DECORATIONS.has(name)) return parseFont(p);
  if (DOTS_COMMANDS.has(name)) {
    p.next();
    return opaqueNode('...', span);
  }
  switch (name) {
    case 'frac':
    case 'dfrac':
    case 'tfrac':
    case 'cfrac':
      return parseFrac(p);
    case 'sqrt':
      return parseSqrt(p);
    case 'left':
      return parseLeftRight(p);
    case 'int':
    case 'iint':
    case 'iiint':
    case 'oint':
    case 'oiint':
    case 'intop':
    case 'smallint':
      return parseIntegral(p);
    case 'sum':
    case 'prod':
      return parseSum(p);
    case 'lim':
    case 'limsup':
    case 'liminf':
      return parseLimit(p);
    case 'nabla':
      return parseNabla(p);
    case 'dot':
    case 'ddot':
      return parseDot(p);
    case 'begin':
      return parseEnvironment(p);
    case '{':
    case 'lbrace':
      return parseParen(p);
    case '|':
    case 'Vert':
    case 'lVert':
      return parseAbs(p, 'norm');
    case 'vert':
    case 'lvert':
      return parseAbs(p, 'abs');
    case 'langle':
      return tryBraKet(p) ?? parseParen(p);
    case 'ket':
    case 'bra':
    case 'braket':
      return parseBraKetMacro(p);
    case 'lfloor':
    case 'lceil':
      return parseParen(p);
    case 'unit':
    case 'si': {
      p.next();
      return unitNode(unitText(t.args?.[0]?.text ?? ''), span);
    }
    case 'SI':
    case 'qty': {
      p.next();
      const raw = (t.args?.[0]?.text ?? '').trim();
      const value = Number(raw.replace(/\s+/g, ''));
      if (!Number.isFinite(value))
        p.fail('unexpected-token', `\\${name} value '${raw}' is not a number`, span);
      const a = t.args?.[0];
      const num = numberNode(value, raw, a === undefined ? span : { start: a.start, end: a.end });
      return binary('*', num, unitNode(unitText(t.args?.[1]?.text ?? ''), span));
    }
    case 'num': {
      p.next();
      const raw = (t.args?.[0]?.text ?? '').trim();
      const value = Number(raw.replace(/\s+/g, ''));
      if (!Number.isFinite(value)) p.fail('unexpected-token', `\\num value '${raw}' is not a number`, span);
      return numberNode(value, raw, span);
    }
    case '%':
      p.next();
      return unitNode('%', span);
    case 'circ':
    case 'degree':
      p.next();
      return unitNode('deg', span);
    case 'AA':
      p.next();
      return unitNode('Å', span);
    case 'boxed':
    case 'fbox':
    case 'underline':
    case 'cancel':
    case 'bcancel':
    case 'xcancel':
    case 'cancelto':
    case 'underbrace':
    case 'overbrace':
    case 'ensuremath':
    case 'operatorname*': {
      p.next();
      if (name === 'cancelto') skipArg(p);
      const inner = parseScriptArg(p);
      if ((name === 'underbrace' || name === 'overbrace') && (p.isChar('_') || p.isChar('^'))) {
        p.next();
        skipArg(p);
      }
      return inner;
    }
    case 'overset':
    case 'underset':
    case 'stackrel': {
      p.next();
      skipArg(p);
      return parseScriptArg(p);
    }
    case 'binom':
    case 'dbinom':
    case 'tbinom': {
      p.next();
      const a = parseScriptArg(p);
      const b = parseScriptArg(p);
      return binomialNode(a, b, { start: span.start, end: p.lastEnd() });
    }
  }
  if (OPERATOR_NAMES.has(name)) {
    p.next();
    return symbolNode(name, span, false, true);
  }
  return p.fail('unknown-command', `unknown command \\${name}`, span);
}

function skipArg(p: Parser): void {
  const t = p.peek();
  if (t.kind === 'char' && t.value === '{' && p.match[p.pos]! > p.pos) p.pos = p.match[p.pos]! + 1;
  else p.next();
}

/** Unit text from `\unit{…}`/`\si{…}` with whitespace collapsed. */
export function unitText(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}
