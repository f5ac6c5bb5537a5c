/**
 * Sorting the short lists of the per-pair paths (variable names, a formula's roots) without the
 * built-in sort's garbage: `Array.prototype.sort` copies every list into a work array first, which
 * on a fresh answer was a tenth of the bytes allocated. The order is the built-in's exactly (both
 * are stable; strings by UTF-16 code units, as `sort()` with no comparator orders them).
 */

/** Longest list sorted by insertion; longer ones go to the built-in sort. */
const SHORT = 16;

/** `list` sorted in place as `list.sort()` sorts strings, and returned. */
export function sortStrings(list: string[]): string[] {
  if (list.length > SHORT) return list.sort();
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
  return list;
}

/** `list` sorted in place in ascending order (`list.sort((a, b) => a - b)`; no NaN), and returned. */
export function sortNumbers(list: number[]): number[] {
  if (list.length > SHORT) return list.sort((a, b) => a - b);
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
  return list;
}
