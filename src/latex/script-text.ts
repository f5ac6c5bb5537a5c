import { DECORATIONS, STYLE_FONTS } from './grammar/fonts.js';
import { FUNCTIONS, OPERATOR_NAMES } from './grammar/functions.js';
import { GREEK, SYMBOL_COMMANDS } from './grammar/greek.js';
import { isIgnorable, type Parser } from './parser.js';

/**
 * The canonical text of a subscript (or any name part) written in tokens `[start, end)`:
 * `\text{empty}`, `\mathrm{empty}` and `empty` all give `empty`; Greek letters lose the backslash
 * (`\gamma` → `gamma`); spaces are dropped except between a multi-letter name and a letter
 * (`\gamma e` → `gamma e`); nested scripts keep braces (`n_{1}`, `a^{2}`).
 */
export function scriptText(p: Parser, start: number, end: number): string {
  let out = '';
  let lastWord = false;
  const add = (piece: string, word: boolean): void => {
    if (piece === '') return;
    const alnumStart = /^[A-Za-z0-9]/.test(piece);
    if ((word && /[A-Za-z0-9]$/.test(out)) || (lastWord && alnumStart)) out += ' ';
    out += piece;
    lastWord = word;
  };
  for (let k = start; k < end; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'char' && t.value === '{') {
      const close = p.match[k]!;
      if (close < 0 || close >= end) continue;
      add(scriptText(p, k + 1, close), false);
      k = close;
      continue;
    }
    if (t.kind === 'char' && (t.value === '^' || t.value === '_')) {
      const [text, next] = argText(p, k + 1, end);
      add(`${t.value}{${text}}`, false);
      k = next - 1;
      continue;
    }
    if (isIgnorable(t)) continue;
    if (t.kind !== 'cmd') {
      if (t.value !== '}') add(t.value, false);
      continue;
    }
    const name = t.value;
    if (t.args !== undefined) {
      add((t.args[0]?.text ?? '').replace(/[\s~]+|\\[,;: !]/g, ''), true);
      continue;
    }
    const decoration = DECORATIONS[name];
    if (decoration !== undefined || STYLE_FONTS.has(name) || name === 'vec') {
      const [text, next] = argText(p, k + 1, end);
      add(name === 'vec' ? text : `${decoration ?? name}(${text})`, true);
      k = next - 1;
      continue;
    }
    if (/^(math[a-z]*|boldsymbol|bm|operatorname)$/.test(name)) {
      const [text, next] = argText(p, k + 1, end);
      add(text, true);
      k = next - 1;
      continue;
    }
    const word =
      GREEK[name] ??
      SYMBOL_COMMANDS[name] ??
      (FUNCTIONS[name] !== undefined || OPERATOR_NAMES.has(name) ? name : undefined);
    if (word !== undefined) add(word, word.length > 1);
    else if (name === '|') add('||', false);
    else if (name !== '{' && name !== '}') add(name, name.length > 1 && /^[A-Za-z]+$/.test(name));
  }
  return out;
}

/** The text of one script argument at token `k` (a group or a single token) and the index after it. */
export function argText(p: Parser, k: number, end: number): [string, number] {
  while (k < end && isIgnorable(p.tokens[k]!)) k++;
  const t = p.tokens[k];
  if (t === undefined || k >= end) return ['', k];
  if (t.kind === 'char' && t.value === '{') {
    const close = p.match[k]!;
    if (close >= 0 && close < end) return [scriptText(p, k + 1, close), close + 1];
  }
  if (t.kind === 'cmd' && takesArg(t.value)) {
    let j = k + 1;
    while (j < end && isIgnorable(p.tokens[j]!)) j++;
    const a = p.tokens[j];
    if (a !== undefined && j < end) {
      const stop = a.kind === 'char' && a.value === '{' && p.match[j]! > j ? p.match[j]! + 1 : j + 1;
      if (stop <= end) return [scriptText(p, k, stop), stop];
    }
  }
  return [scriptText(p, k, k + 1), k + 1];
}

function takesArg(name: string): boolean {
  return (
    DECORATIONS[name] !== undefined ||
    STYLE_FONTS.has(name) ||
    name === 'vec' ||
    /^(math[a-z]*|boldsymbol|bm)$/.test(name)
  );
}
