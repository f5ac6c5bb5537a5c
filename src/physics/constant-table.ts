/**
 * Physical constants as data. Values are CODATA 2018 (Tiesinga et al., Rev. Mod. Phys. 93, 025010
 * (2021); NIST SP 961), in SI units. Astronomical data are labelled with their own source (IAU 2012
 * Resolution B2, IAU 2015 Resolution B3). `dim` holds the exponents of the SI base units
 * `[m, kg, s, A, K, mol, cd]`.
 *
 * `names` are canonical symbol names as the LaTeX parser produces them (Greek without backslash,
 * subscripts braced: `\varepsilon_0` → `epsilon_{0}`, `k_B` → `k_{B}`). Letters that usually name a
 * variable (`u` for a speed, `b` for a length) are left out on purpose; use `m_{u}` / `b_{W}`.
 */

/** One physical constant with its value in SI units and where the value comes from. */
export interface PhysicalConstant {
  /** Stable identifier, e.g. `epsilon_0`. */
  readonly id: string;
  /** Canonical symbol names (as the parser produces them) that denote this constant. */
  readonly names: readonly string[];
  /** The value in SI units. */
  readonly value: number;
  /** The SI unit as text, e.g. `F m^-1`. */
  readonly unit: string;
  /** Exponents of `[m, kg, s, A, K, mol, cd]`. */
  readonly dim: readonly number[];
  /** Where the value comes from, e.g. `CODATA 2018`. */
  readonly source: string;
  /** What the constant is, in words. */
  readonly description: string;
}

const CODATA = 'CODATA 2018';
const EPSILON_0 = 8.8541878128e-12;
const G = 6.6743e-11;
/** IAU 2015 Resolution B3 nominal solar and terrestrial mass parameters GM (m^3 s^-2). */
const GM_SUN = 1.3271244e20;
const GM_EARTH = 3.986004e14;

function constant(
  id: string,
  names: readonly string[],
  value: number,
  unit: string,
  dim: readonly number[],
  description: string,
  source = CODATA,
): PhysicalConstant {
  return { id, names, value, unit, dim, source, description };
}

/** Every physical constant the normalizer can substitute, in a stable order. */
export const PHYSICAL_CONSTANTS: readonly PhysicalConstant[] = [
  constant(
    'c',
    ['c', 'c_{0}'],
    299792458,
    'm s^-1',
    [1, 0, -1, 0, 0, 0, 0],
    'speed of light in vacuum (exact)',
  ),
  constant('h', ['h'], 6.62607015e-34, 'J s', [2, 1, -1, 0, 0, 0, 0], 'Planck constant (exact)'),
  constant(
    'hbar',
    ['hbar', 'hslash'],
    1.054571817e-34,
    'J s',
    [2, 1, -1, 0, 0, 0, 0],
    'reduced Planck constant',
  ),
  constant('e', ['e', 'q_{e}'], 1.602176634e-19, 'C', [0, 0, 1, 1, 0, 0, 0], 'elementary charge (exact)'),
  constant('m_e', ['m_{e}'], 9.1093837015e-31, 'kg', [0, 1, 0, 0, 0, 0, 0], 'electron mass'),
  constant('m_p', ['m_{p}'], 1.67262192369e-27, 'kg', [0, 1, 0, 0, 0, 0, 0], 'proton mass'),
  constant('m_n', ['m_{n}'], 1.67492749804e-27, 'kg', [0, 1, 0, 0, 0, 0, 0], 'neutron mass'),
  constant('u', ['m_{u}', 'amu'], 1.6605390666e-27, 'kg', [0, 1, 0, 0, 0, 0, 0], 'atomic mass constant'),
  constant(
    'epsilon_0',
    ['epsilon_{0}'],
    EPSILON_0,
    'F m^-1',
    [-3, -1, 4, 2, 0, 0, 0],
    'vacuum electric permittivity',
  ),
  constant(
    'mu_0',
    ['mu_{0}'],
    1.25663706212e-6,
    'N A^-2',
    [1, 1, -2, -2, 0, 0, 0],
    'vacuum magnetic permeability',
  ),
  constant(
    'k_e',
    ['k_{e}', 'k_{C}'],
    1 / (4 * Math.PI * EPSILON_0),
    'N m^2 C^-2',
    [3, 1, -4, -2, 0, 0, 0],
    'Coulomb constant 1/(4 pi epsilon_0)',
    'derived from CODATA 2018 epsilon_0',
  ),
  constant('G', ['G'], G, 'm^3 kg^-1 s^-2', [3, -1, -2, 0, 0, 0, 0], 'Newtonian constant of gravitation'),
  constant(
    'g_n',
    ['g_{n}', 'g_{0}', 'g'],
    9.80665,
    'm s^-2',
    [1, 0, -2, 0, 0, 0, 0],
    'standard acceleration of gravity (exact, 3rd CGPM 1901; listed by CODATA)',
  ),
  constant(
    'k_B',
    ['k_{B}', 'k_{b}'],
    1.380649e-23,
    'J K^-1',
    [2, 1, -2, 0, -1, 0, 0],
    'Boltzmann constant (exact)',
  ),
  constant('N_A', ['N_{A}'], 6.02214076e23, 'mol^-1', [0, 0, 0, 0, 0, -1, 0], 'Avogadro constant (exact)'),
  constant('R', ['R'], 8.314462618, 'J mol^-1 K^-1', [2, 1, -2, 0, -1, -1, 0], 'molar gas constant'),
  constant(
    'sigma',
    ['sigma', 'sigma_{SB}'],
    5.670374419e-8,
    'W m^-2 K^-4',
    [0, 1, -3, 0, -4, 0, 0],
    'Stefan-Boltzmann constant',
  ),
  constant('a_0', ['a_{0}'], 5.29177210903e-11, 'm', [1, 0, 0, 0, 0, 0, 0], 'Bohr radius'),
  constant(
    'R_inf',
    ['R_{infinity}', 'R_{infty}'],
    10973731.56816,
    'm^-1',
    [-1, 0, 0, 0, 0, 0, 0],
    'Rydberg constant',
  ),
  constant('alpha', ['alpha'], 7.2973525693e-3, '1', [0, 0, 0, 0, 0, 0, 0], 'fine-structure constant'),
  constant('mu_B', ['mu_{B}'], 9.2740100783e-24, 'J T^-1', [2, 0, 0, 1, 0, 0, 0], 'Bohr magneton'),
  constant('mu_N', ['mu_{N}'], 5.0507837461e-27, 'J T^-1', [2, 0, 0, 1, 0, 0, 0], 'nuclear magneton'),
  constant(
    'b_wien',
    ['b_{W}', 'b_{Wien}'],
    2.897771955e-3,
    'm K',
    [1, 0, 0, 0, 1, 0, 0],
    'Wien wavelength displacement law constant',
  ),
  constant('F', ['F'], 96485.33212, 'C mol^-1', [0, 0, 1, 1, 0, -1, 0], 'Faraday constant'),
  constant(
    'atm',
    ['atm', 'p_{atm}', 'P_{atm}'],
    101325,
    'Pa',
    [-1, 1, -2, 0, 0, 0, 0],
    'standard atmosphere (exact)',
  ),
  constant('eV', ['eV'], 1.602176634e-19, 'J', [2, 1, -2, 0, 0, 0, 0], 'electron volt in joules (exact)'),
  constant(
    'au',
    ['AU', 'au'],
    149597870700,
    'm',
    [1, 0, 0, 0, 0, 0, 0],
    'astronomical unit (exact)',
    'IAU 2012 Resolution B2 (not CODATA)',
  ),
  constant(
    'M_sun',
    ['M_{sun}', 'M_{Sun}', 'M_{odot}'],
    GM_SUN / G,
    'kg',
    [0, 1, 0, 0, 0, 0, 0],
    'solar mass',
    'IAU 2015 Resolution B3 nominal GM divided by CODATA 2018 G (not CODATA)',
  ),
  constant(
    'R_sun',
    ['R_{sun}', 'R_{Sun}', 'R_{odot}'],
    6.957e8,
    'm',
    [1, 0, 0, 0, 0, 0, 0],
    'nominal solar radius',
    'IAU 2015 Resolution B3 (not CODATA)',
  ),
  constant(
    'L_sun',
    ['L_{sun}', 'L_{Sun}', 'L_{odot}'],
    3.828e26,
    'W',
    [2, 1, -3, 0, 0, 0, 0],
    'nominal solar luminosity',
    'IAU 2015 Resolution B3 (not CODATA)',
  ),
  constant(
    'M_earth',
    ['M_{E}', 'M_{earth}', 'M_{Earth}', 'M_{oplus}'],
    GM_EARTH / G,
    'kg',
    [0, 1, 0, 0, 0, 0, 0],
    'Earth mass',
    'IAU 2015 Resolution B3 nominal GM divided by CODATA 2018 G (not CODATA)',
  ),
  constant(
    'R_earth',
    ['R_{E}', 'R_{earth}', 'R_{Earth}', 'R_{oplus}'],
    6.3781e6,
    'm',
    [1, 0, 0, 0, 0, 0, 0],
    'nominal equatorial Earth radius',
    'IAU 2015 Resolution B3 (not CODATA)',
  ),
];
