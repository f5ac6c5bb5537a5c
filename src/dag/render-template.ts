import type { Parameter } from './types.js';

/** `{{name}}` placeholders: a name is letters, digits and `_`, starting with a letter. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholder names a text uses, in order of first appearance. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** `value` rounded to `figures` significant figures (integers stay integers at ≥ their digits). */
export function roundFigures(value: number, figures: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(figures));
}

/**
 * A number as LaTeX to `figures` significant figures: fixed notation for 10⁻³ ≤ |x| < 10⁵
 * (`6.00`, `0.0250`, `5772`), else `1.50\times10^{11}`. Trailing zeros are kept: they are figures.
 */
export function formatFigures(value: number, figures: number): string {
  if (value === 0) return figures > 1 ? `0.${'0'.repeat(figures - 1)}` : '0';
  const rounded = roundFigures(value, figures);
  const exponent = Math.floor(Math.log10(Math.abs(rounded)));
  if (exponent >= -3 && exponent < 5) {
    if (exponent >= figures - 1) return String(Math.round(rounded));
    return rounded.toFixed(figures - 1 - exponent);
  }
  const mantissa = rounded / 10 ** exponent;
  return `${mantissa.toFixed(figures - 1)}\\times10^{${exponent}}`;
}

/** A parameter's value as the text shows it: the number to its figures, then its unit. */
export function renderValue(parameter: Parameter, value: number): string {
  const number =
    parameter.integer === true ? String(Math.round(value)) : formatFigures(value, parameter.figures ?? 3);
  const unit = parameter.unit ?? '';
  if (unit === '') return number;
  return unit.startsWith('^') ? `${number}${unit}` : `${number}\\ ${unit}`;
}

/**
 * Replaces every `{{name}}` in `text` with the named parameter's rendered value; a placeholder with
 * no parameter or value is left as written (validation reports it).
 */
export function renderTemplate(
  text: string,
  parameters: readonly Parameter[],
  values: Readonly<Record<string, number>>,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const parameter = parameters.find((p) => p.name === name);
    const value = values[name];
    return parameter === undefined || value === undefined ? whole : renderValue(parameter, value);
  });
}
