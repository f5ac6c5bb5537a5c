/**
 * A question asking for a count of discrete things — a number of spheres, resistors, collisions,
 * fringes, states, a quantum number: its answer is an integer, and a count is right or wrong, not
 * rounded. `24` spheres (or `\ln 10/\ln 1.1 ≈ 24.2`) does not answer "the least number of spheres"
 * 25, though 24 is within 4% of it; `12 m` for a length of 12.4 m still is a rounding.
 */

/** Words after "how many" that ask for a measure in a unit or a ratio, not a count. */
const MEASURE =
  /^(?:times|more|less|fewer|percent|seconds?|minutes?|hours?|days?|weeks?|months?|years?|light-years?|metres?|meters?|kilometres?|kilometers?|centimetres?|centimeters?|millimetres?|millimeters?|miles?|feet|inches|grams?|kilograms?|tonnes?|tons?|joules?|calories?|electron-?volts?|eV|watts?|volts?|amperes?|amps?|ohms?|coulombs?|newtons?|degrees?|radians?|kelvins?|liters?|litres?|moles?|hertz|pascals?|atmospheres?|bars?|kilowatt-hours?)\b/i;

/** Nouns after "number of" that name a ratio ("the number of times") or an amount of a continuous quantity. */
const AMOUNT = /^(?:times|moles?|mol|kilomoles?|density|flux)\b/i;

/** A sentence that asks: it ends with a question mark or opens with an instruction to find. */
const ASKING =
  /\?\s*$|^\s*(?:\(?[a-z0-9]{1,3}[).]\s*)?(?:what|find|determine|compute|calculate|estimate|give|how|state)\b/i;

/**
 * Whether the text asks for a count: a sentence that asks (a question, or "Find …") for "how many"
 * things (not "how many times larger", "how many seconds"), for "the (least, …) number of" things
 * (not moles), or for a quantum number — unless it asks for significant figures, as for an estimate.
 */
export function asksCount(text: string): boolean {
  // A count the text asks to significant figures ("Give N to 3 significant figures") is an estimate.
  if (/\bsignificant (?:figures?|digits?)\b/i.test(text)) return false;
  for (const sentence of text.split(/(?<=[.?!])\s+(?=[A-Z(])|\n\s*\n/)) {
    if (!ASKING.test(sentence)) continue;
    if (/\bquantum number\b/i.test(sentence)) return true;
    for (const m of sentence.matchAll(/\bhow many\s+(\S+)/gi)) if (!MEASURE.test(m[1]!)) return true;
    for (const m of sentence.matchAll(/\bnumber of\s+(?:the\s+)?(\S+)/gi))
      if (!AMOUNT.test(m[1]!)) return true;
  }
  return false;
}

/** A reference that is a count as written: one non-negative integer, no unit, no decimal point. */
export function countReference(rhs: string): boolean {
  return /^\s*(?:\\boxed\{\s*)?\d{1,9}\s*\}?\s*$/.test(rhs);
}

/** Whether a value is the expected count: the same integer (a double's rounding aside). */
export function sameCount(value: number, count: number): boolean {
  return Number.isFinite(value) && Math.abs(value - count) <= 1e-9 * Math.max(1, Math.abs(count));
}
