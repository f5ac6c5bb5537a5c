/**
 * Milliseconds to wait from a `Retry-After` header: delta-seconds (`"3"`, `"1.5"`) or an HTTP date
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`, relative to `nowMs`). Undefined when absent or unreadable;
 * a date in the past gives 0.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[A-Za-z]/.test(text)) return undefined; // not a number and not an HTTP date
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
