/** Our own line redraw at the start of a write: carriage return, optionally "erase line" (CSI 2K). */
const OWN_REDRAW = /^\r(?:\x1b\[2K)?/;
/**
 * Characters that would act on a terminal instead of showing: C0 controls but tab and newline, DEL,
 * C1 controls, and the Unicode bidirectional overrides and isolates (which reorder what is shown).
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text safe to print: dataset and response text (problem ids, formulas, paths) reaches the terminal
 * in diagnostics and tables, so an escape sequence in it must not clear the screen, retitle the
 * window or hide a line. Each unsafe character is shown as its code (`\x1b`, `\u202e`); the
 * program's own line redraw at the start of a write (`\r`, `\r\x1b[2K`) is kept.
 */
export function terminalSafe(text: string): string {
  const head = OWN_REDRAW.exec(text)?.[0] ?? '';
  const rest = text.slice(head.length);
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(rest)) return text;
  return (
    head +
    rest.replace(UNSAFE, (c) => {
      const code = c.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
    })
  );
}
