/**
 * The unit tables: SI base and derived units, SI prefixes and the non-SI units physics solutions use.
 *
 * Sources: the SI Brochure, 9th edition (BIPM 2019), Tables 2, 4, 7 and 8 (base units, derived units
 * with special names, prefixes, non-SI units accepted for use with the SI); NIST Special Publication
 * 811 (2008), Appendix B.8/B.9, for the other non-SI units (atm, torr, mmHg, psi, cal, erg, dyn, gauss,
 * mph, knot, curie, barn); the electronvolt and dalton from CODATA 2018; light year and parsec from
 * IAU 2012/2015 resolutions. A dimension is the exponent vector over `[m, kg, s, A, K, mol, cd]`.
 */

/** One entry: the SI value of one unit and its dimension; `prefix` when SI prefixes may be attached. */
export interface UnitDef {
  readonly scale: number;
  readonly dim: readonly number[];
  readonly prefix?: true;
  /** Offset units (°C, °F) cannot be expressed as a scale: they are reported as unsupported. */
  readonly offsetK?: number;
}

const d = (m: number, kg: number, s: number, A = 0, K = 0, mol = 0, cd = 0): readonly number[] => [
  m,
  kg,
  s,
  A,
  K,
  mol,
  cd,
];

const NONE = d(0, 0, 0);
const LENGTH = d(1, 0, 0);
const MASS = d(0, 1, 0);
const TIME = d(0, 0, 1);
const ENERGY = d(2, 1, -2);
const PRESSURE = d(-1, 1, -2);
const VOLUME = d(3, 0, 0);
const SPEED = d(1, 0, -1);

/** SI prefixes (SI Brochure 9th ed., Table 7, with ronna/quetta/ronto/quecto of 2022). */
export const SI_PREFIXES: Readonly<Record<string, number>> = {
  q: 1e-30,
  r: 1e-27,
  y: 1e-24,
  z: 1e-21,
  a: 1e-18,
  f: 1e-15,
  p: 1e-12,
  n: 1e-9,
  µ: 1e-6,
  u: 1e-6,
  m: 1e-3,
  c: 1e-2,
  d: 1e-1,
  da: 1e1,
  h: 1e2,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Z: 1e21,
  Y: 1e24,
  R: 1e27,
  Q: 1e30,
};

/** Spelled-out prefixes, for long unit names (`kilometre`, `microfarad`). */
export const LONG_PREFIXES: Readonly<Record<string, number>> = {
  pico: 1e-12,
  nano: 1e-9,
  micro: 1e-6,
  milli: 1e-3,
  centi: 1e-2,
  kilo: 1e3,
  mega: 1e6,
  giga: 1e9,
};

const P = true as const;
const EV = 1.602176634e-19;
const DAY = 86400;

/** Unit symbols and names → definition. Lookup is exact first, then prefix + unit. */
export const UNITS: Readonly<Record<string, UnitDef>> = {
  // SI base units (Table 2); the gram carries the mass prefixes.
  m: { scale: 1, dim: LENGTH, prefix: P },
  g: { scale: 1e-3, dim: MASS, prefix: P },
  s: { scale: 1, dim: TIME, prefix: P },
  A: { scale: 1, dim: d(0, 0, 0, 1), prefix: P },
  K: { scale: 1, dim: d(0, 0, 0, 0, 1), prefix: P },
  mol: { scale: 1, dim: d(0, 0, 0, 0, 0, 1), prefix: P },
  cd: { scale: 1, dim: d(0, 0, 0, 0, 0, 0, 1), prefix: P },
  // Derived units with special names (Table 4).
  rad: { scale: 1, dim: NONE, prefix: P },
  sr: { scale: 1, dim: NONE },
  Hz: { scale: 1, dim: d(0, 0, -1), prefix: P },
  N: { scale: 1, dim: d(1, 1, -2), prefix: P },
  Pa: { scale: 1, dim: PRESSURE, prefix: P },
  J: { scale: 1, dim: ENERGY, prefix: P },
  W: { scale: 1, dim: d(2, 1, -3), prefix: P },
  C: { scale: 1, dim: d(0, 0, 1, 1), prefix: P },
  V: { scale: 1, dim: d(2, 1, -3, -1), prefix: P },
  F: { scale: 1, dim: d(-2, -1, 4, 2), prefix: P },
  Ω: { scale: 1, dim: d(2, 1, -3, -2), prefix: P },
  ohm: { scale: 1, dim: d(2, 1, -3, -2), prefix: P },
  S: { scale: 1, dim: d(-2, -1, 3, 2), prefix: P },
  Wb: { scale: 1, dim: d(2, 1, -2, -1), prefix: P },
  T: { scale: 1, dim: d(0, 1, -2, -1), prefix: P },
  H: { scale: 1, dim: d(2, 1, -2, -2), prefix: P },
  lm: { scale: 1, dim: d(0, 0, 0, 0, 0, 0, 1), prefix: P },
  lx: { scale: 1, dim: d(-2, 0, 0, 0, 0, 0, 1), prefix: P },
  Bq: { scale: 1, dim: d(0, 0, -1), prefix: P },
  Gy: { scale: 1, dim: d(2, 0, -2), prefix: P },
  Sv: { scale: 1, dim: d(2, 0, -2), prefix: P },
  kat: { scale: 1, dim: d(0, 0, -1, 0, 0, 1), prefix: P },
  // Non-SI units accepted for use with the SI (Table 8).
  min: { scale: 60, dim: TIME },
  h: { scale: 3600, dim: TIME },
  hr: { scale: 3600, dim: TIME },
  d: { scale: DAY, dim: TIME },
  day: { scale: DAY, dim: TIME },
  yr: { scale: 365.25 * DAY, dim: TIME, prefix: P },
  year: { scale: 365.25 * DAY, dim: TIME },
  '°': { scale: Math.PI / 180, dim: NONE },
  deg: { scale: Math.PI / 180, dim: NONE },
  degree: { scale: Math.PI / 180, dim: NONE },
  arcmin: { scale: Math.PI / 10800, dim: NONE },
  arcsec: { scale: Math.PI / 648000, dim: NONE },
  L: { scale: 1e-3, dim: VOLUME, prefix: P },
  l: { scale: 1e-3, dim: VOLUME, prefix: P },
  eV: { scale: EV, dim: ENERGY, prefix: P },
  Da: { scale: 1.6605390666e-27, dim: MASS, prefix: P },
  u: { scale: 1.6605390666e-27, dim: MASS },
  amu: { scale: 1.6605390666e-27, dim: MASS },
  au: { scale: 149597870700, dim: LENGTH },
  AU: { scale: 149597870700, dim: LENGTH },
  bar: { scale: 1e5, dim: PRESSURE, prefix: P },
  Å: { scale: 1e-10, dim: LENGTH },
  angstrom: { scale: 1e-10, dim: LENGTH },
  // NIST SP 811 non-SI units.
  atm: { scale: 101325, dim: PRESSURE },
  torr: { scale: 101325 / 760, dim: PRESSURE },
  Torr: { scale: 101325 / 760, dim: PRESSURE },
  mmHg: { scale: 133.322387415, dim: PRESSURE },
  psi: { scale: 6894.757293168, dim: PRESSURE },
  cal: { scale: 4.184, dim: ENERGY, prefix: P },
  Cal: { scale: 4184, dim: ENERGY },
  erg: { scale: 1e-7, dim: ENERGY },
  dyn: { scale: 1e-5, dim: d(1, 1, -2) },
  G: { scale: 1e-4, dim: d(0, 1, -2, -1) },
  gauss: { scale: 1e-4, dim: d(0, 1, -2, -1) },
  fermi: { scale: 1e-15, dim: LENGTH },
  barn: { scale: 1e-28, dim: d(2, 0, 0) },
  Ci: { scale: 3.7e10, dim: d(0, 0, -1), prefix: P },
  mph: { scale: 0.44704, dim: SPEED },
  kph: { scale: 1000 / 3600, dim: SPEED },
  knot: { scale: 1852 / 3600, dim: SPEED },
  kn: { scale: 1852 / 3600, dim: SPEED },
  rpm: { scale: (2 * Math.PI) / 60, dim: d(0, 0, -1) },
  ly: { scale: 9460730472580800, dim: LENGTH },
  pc: { scale: 3.085677581491367e16, dim: LENGTH, prefix: P },
  kWh: { scale: 3.6e6, dim: ENERGY },
  Wh: { scale: 3600, dim: ENERGY },
  // Ampere-hour (battery charge, NIST SP 811 B.8 lists the hour; 1 A·h = 3600 C); `mAh` by prefix.
  Ah: { scale: 3600, dim: d(0, 0, 1, 1), prefix: P },
  // US customary units (NIST SP 811, Appendix B.8/B.9; exact by definition of the international
  // yard and pound, 1959): foot, inch, yard, mile, pound (mass), pound-force, ounce, US gallon, slug.
  ft: { scale: 0.3048, dim: LENGTH },
  in: { scale: 0.0254, dim: LENGTH },
  yd: { scale: 0.9144, dim: LENGTH },
  mi: { scale: 1609.344, dim: LENGTH },
  lb: { scale: 0.45359237, dim: MASS },
  lbm: { scale: 0.45359237, dim: MASS },
  lbf: { scale: 4.4482216152605, dim: d(1, 1, -2) },
  oz: { scale: 0.028349523125, dim: MASS },
  gal: { scale: 3.785411784e-3, dim: VOLUME },
  slug: { scale: 14.593902937206364, dim: MASS },
  // The speed of light inside a unit (`GeV/c`, `MeV/c^2`), exact by the SI definition of the metre.
  c: { scale: 299792458, dim: SPEED },
  '%': { scale: 0.01, dim: NONE },
  ppm: { scale: 1e-6, dim: NONE },
  ppb: { scale: 1e-9, dim: NONE },
  // Offset temperature scales: reported as unsupported (zero of the scale in K).
  '°C': { scale: 1, dim: d(0, 0, 0, 0, 1), offsetK: 273.15 },
  degC: { scale: 1, dim: d(0, 0, 0, 0, 1), offsetK: 273.15 },
  '℃': { scale: 1, dim: d(0, 0, 0, 0, 1), offsetK: 273.15 },
  '°F': { scale: 5 / 9, dim: d(0, 0, 0, 0, 1), offsetK: (459.67 * 5) / 9 },
  degF: { scale: 5 / 9, dim: d(0, 0, 0, 0, 1), offsetK: (459.67 * 5) / 9 },
};

/** Spelled-out unit names (singular); plurals are found by dropping a trailing `s`. */
export const UNIT_NAMES: Readonly<Record<string, string>> = {
  meter: 'm',
  metre: 'm',
  gram: 'g',
  kilogram: 'kg',
  second: 's',
  sec: 's',
  ampere: 'A',
  kelvin: 'K',
  mole: 'mol',
  candela: 'cd',
  radian: 'rad',
  steradian: 'sr',
  hertz: 'Hz',
  newton: 'N',
  pascal: 'Pa',
  joule: 'J',
  watt: 'W',
  coulomb: 'C',
  volt: 'V',
  farad: 'F',
  siemens: 'S',
  weber: 'Wb',
  tesla: 'T',
  henry: 'H',
  lumen: 'lm',
  lux: 'lx',
  becquerel: 'Bq',
  gray: 'Gy',
  sievert: 'Sv',
  katal: 'kat',
  minute: 'min',
  hour: 'h',
  liter: 'L',
  litre: 'L',
  electronvolt: 'eV',
  dalton: 'Da',
  degrees: 'deg',
  atmosphere: 'atm',
  calorie: 'cal',
  dyne: 'dyn',
  parsec: 'pc',
  lightyear: 'ly',
  percent: '%',
  astronomicalunit: 'AU',
  arcminute: 'arcmin',
  arcsecond: 'arcsec',
  degreeCelsius: '°C',
  celsius: '°C',
  fahrenheit: '°F',
  knots: 'kn',
  foot: 'ft',
  feet: 'ft',
  inch: 'in',
  inches: 'in',
  yard: 'yd',
  mile: 'mi',
  pound: 'lb',
  ounce: 'oz',
  gallon: 'gal',
};

/** siunitx prefix macros (`\kilo`) → prefix symbol. */
export const SIUNITX_PREFIXES: Readonly<Record<string, string>> = {
  quecto: 'q',
  ronto: 'r',
  yocto: 'y',
  zepto: 'z',
  atto: 'a',
  femto: 'f',
  pico: 'p',
  nano: 'n',
  micro: 'µ',
  milli: 'm',
  centi: 'c',
  deci: 'd',
  deca: 'da',
  deka: 'da',
  hecto: 'h',
  kilo: 'k',
  mega: 'M',
  giga: 'G',
  tera: 'T',
  peta: 'P',
  exa: 'E',
  zetta: 'Z',
  yotta: 'Y',
  ronna: 'R',
  quetta: 'Q',
};

/** siunitx unit macros (`\meter`) that are not already unit names above. */
export const SIUNITX_UNITS: Readonly<Record<string, string>> = {
  ohm: 'Ω',
  degree: '°',
  angstrom: 'Å',
  mmHg: 'mmHg',
  bar: 'bar',
  atm: 'atm',
  barn: 'barn',
  gauss: 'G',
  erg: 'erg',
  day: 'd',
  astronomicalunit: 'AU',
  lightyear: 'ly',
};
