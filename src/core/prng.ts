/**
 * Seeded pseudo-random numbers for the pure core. Nothing in the core may call Math.random.
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, public domain algorithm),
 * seeded from a string through cyrb128-style 32-bit mixing.
 */

/** A deterministic random source returning floats in [0, 1). */
export interface Prng {
  next(): number;
  /** A float uniform in [lo, hi). */
  uniform(lo: number, hi: number): number;
  /** An integer uniform in [0, n). */
  int(n: number): number;
}

/** Four 32-bit words derived from a string; equal strings give equal words on every platform. */
export function hashString128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A 53-bit-safe hex digest of a string (not cryptographic; for cache keys inside the core). */
export function hashHex(text: string): string {
  return hashString128(text)
    .map((w) => w.toString(16).padStart(8, '0'))
    .join('');
}

/** Creates a generator from a string seed. */
export function createPrng(seed: string): Prng {
  let [a, b, c, d] = hashString128(seed);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    int: (n) => Math.floor(next() * n),
  };
}
