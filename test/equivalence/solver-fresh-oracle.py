"""sympy oracle for fixtures/equivalence/solver-fresh.jsonl (the solver classes of issue 16).

Every row is written here with its LaTeX pair AND a sympy transcription; the oracle decides
equivalent/different independently of the TypeScript checker and the script refuses to write a row
whose stated expectation disagrees with it:

  python3 test/equivalence/solver-fresh-oracle.py            # check every row, write the JSONL
  python3 test/equivalence/solver-fresh-oracle.py --check    # check only

How the oracle decides (physical reading: quantities positive):
- `solve` rows: both relations solved symbolically for `target` (positive symbols); at random
  positive points of the other variables the sets of positive real solutions must agree to 1e-12
  (40-digit arithmetic) for `equivalent`, and differ somewhere for `different`.
- `ineq` rows: the truth values of both inequalities at random positive points must always agree
  (`equivalent`) or disagree somewhere (`different`).
Sums and integrals are evaluated by sympy (`doit`, closed forms) before solving.
"""

import json
import random
import sys
from pathlib import Path

import mpmath
import sympy as sp

P = dict(positive=True)
x, y, a, b, c, d, h, r, q, p, S, D, Q, E, R = sp.symbols('x y a b c d h r q p S D Q E R', **P)
t, tau, v, m, g, mu, T, T0, w, w0, k, f, s, F, A = sp.symbols(
    't tau v m g mu T T0 w w0 k f s F A', **P)
n = sp.symbols('n', integer=True, nonnegative=True)
E0, E1, E2, Ei, Ef, L, lam, N, eps, V, q0, R1, R2, n0, n1, n2, th = sp.symbols(
    'E0 E1 E2 Ei Ef L lam N eps V q0 R1 R2 n0 n1 n2 th', **P)
u, M, Z, kk, gam, U, I, phi, F0 = sp.symbols('u M Z kk gam U I phi F0', **P)

# CODATA 2018 values, as written in the rows' constants maps.
H = sp.Rational('6.62607015e-34')
HBAR = sp.Rational('1.054571817e-34')
KB = sp.Rational('1.380649e-23')
C = sp.Integer(299792458)
ME = sp.Rational('9.1093837015e-31')
QE = sp.Rational('1.602176634e-19')
G = sp.Rational('6.6743e-11')
EPS0 = sp.Rational('8.8541878128e-12')
CONST = {
    'h': ('6.62607015\\times10^{-34}', H),
    '\\hbar': ('1.054571817\\times10^{-34}', HBAR),
    'k_B': ('1.380649\\times10^{-23}', KB),
    'c': ('2.99792458\\times10^{8}', C),
    'm_e': ('9.1093837015\\times10^{-31}', ME),
    'e': ('1.602176634\\times10^{-19}', QE),
    'G': ('6.6743\\times10^{-11}', G),
    '\\varepsilon_0': ('8.8541878128\\times10^{-12}', EPS0),
}


def consts(*names):
    return {name: CONST[name][0] for name in names}


def geo(term, lo=0):
    """sympy's closed form of the series; its convergent branch (rows sample inside it)."""
    out = sp.Sum(term, (n, lo, sp.oo)).doit()
    return out.args[0][0] if isinstance(out, sp.Piecewise) else out


ROWS = []


def row(category, a_tex, b_tex, expected, note, check, constants=None, strict=None):
    ROWS.append(dict(category=category, a=a_tex, b=b_tex, expected=expected, note=note,
                     check=check, constants=constants, strict=strict))


def solve_check(eq_a, eq_b, target, ranges=None, scale=None, branch=False):
    """`branch`: physical reading of a periodic family — A's positive solutions (at least one) must
    all be solutions of B (the principal branch), B may have more."""
    return ('branch' if branch else 'solve', eq_a, eq_b, target, ranges or {}, scale or {})


def ineq_check(rel_a, rel_b, ranges=None, scale=None):
    return ('ineq', rel_a, rel_b, None, ranges or {}, scale or {})


# --- 1. infinite series with closed forms -------------------------------------------------------
row('calculus', 'S = \\sum_{n=0}^{\\infty} x^n', 'S = \\frac{1}{1-x}', 'equivalent',
    'geometric series on its domain |x| < 1 (the [2, 20] draws diverge: fallback range)',
    solve_check(sp.Eq(S, geo(x**n)), sp.Eq(S, 1 / (1 - x)), S, {x: (0.05, 0.95)}))
row('near-miss', 'S = \\sum_{n=0}^{\\infty} x^n', 'S = \\frac{x}{1-x}', 'different',
    'geometric series from n = 1 written for the sum from n = 0',
    solve_check(sp.Eq(S, geo(x**n)), sp.Eq(S, x / (1 - x)), S, {x: (0.05, 0.95)}))
row('calculus', 'S = \\sum_{n=1}^{\\infty} \\frac{1}{n^2}', 'S = \\frac{\\pi^2}{6}', 'equivalent',
    'Basel sum (slowly converging: Euler-Maclaurin tail)',
    solve_check(sp.Eq(S, sp.Sum(1 / n**2, (n, 1, sp.oo)).doit()), sp.Eq(S, sp.pi**2 / 6), S))
row('near-miss', 'S = \\sum_{n=1}^{\\infty} \\frac{1}{n^2}', 'S = \\frac{\\pi^2}{8}', 'different',
    'the odd-n Basel sum written for the full one',
    solve_check(sp.Eq(S, sp.Sum(1 / n**2, (n, 1, sp.oo)).doit()), sp.Eq(S, sp.pi**2 / 8), S))
row('calculus', 'D = h\\left(1 + 2\\sum_{n=1}^{\\infty} r^{2n}\\right)', 'D = h\\,\\frac{1+r^2}{1-r^2}',
    'equivalent', 'bouncing ball: total distance for a rebound speed ratio r < 1',
    solve_check(sp.Eq(D, h * (1 + 2 * geo(r**(2 * n), 1))), sp.Eq(D, h * (1 + r**2) / (1 - r**2)), D,
                {r: (0.05, 0.95)}))
row('near-miss', 'D = h\\left(1 + 2\\sum_{n=1}^{\\infty} r^{2n}\\right)', 'D = \\frac{2h}{1-r^2}',
    'different', 'bouncing ball: the first drop counted twice (off by h)',
    solve_check(sp.Eq(D, h * (1 + 2 * geo(r**(2 * n), 1))), sp.Eq(D, 2 * h / (1 - r**2)), D,
                {r: (0.05, 0.95)}))
row('calculus', 'Q = \\sum_{n=0}^{\\infty} q_0\\left(\\frac{R_1}{R_2}\\right)^{n}',
    'Q = \\frac{q_0 R_2}{R_2 - R_1}', 'equivalent',
    'geometric series of a physical ratio R_1/R_2 (converges only for R_1 < R_2)',
    solve_check(sp.Eq(Q, q0 * geo((R1 / R2)**n)), sp.Eq(Q, q0 * R2 / (R2 - R1)), Q,
                {R1: (2, 5), R2: (6, 20)}))
row('near-miss', 'Q = \\sum_{n=0}^{\\infty} q_0\\left(\\frac{R_1}{R_2}\\right)^{n}',
    'Q = \\frac{q_0 R_1}{R_2 - R_1}', 'different', 'geometric series: numerator R_1 for R_2',
    solve_check(sp.Eq(Q, q0 * geo((R1 / R2)**n)), sp.Eq(Q, q0 * R1 / (R2 - R1)), Q,
                {R1: (2, 5), R2: (6, 20)}))
row('calculus', 'E = \\sum_{n=1}^{\\infty} \\frac{E_0}{2^{n}}', 'E = E_0', 'equivalent',
    'halving series sums to its first term doubled',
    solve_check(sp.Eq(E, geo(E0 / 2**n, 1)), sp.Eq(E, E0), E))
row('calculus', 'S = \\sum_{n=1}^{\\infty} \\frac{(-1)^{n+1}}{n}', 'S = \\ln 2', 'equivalent',
    'alternating harmonic series',
    solve_check(sp.Eq(S, sp.Sum((-1)**(n + 1) / n, (n, 1, sp.oo)).doit()), sp.Eq(S, sp.log(2)), S))
row('calculus', 'y = \\sum_{n=0}^{\\infty} \\frac{x^{n}}{n!}', 'y = e^{x}', 'equivalent',
    'exponential series', solve_check(sp.Eq(y, geo(x**n / sp.factorial(n))), sp.Eq(y, sp.exp(x)), y))
row('calculus', 'Z = \\sum_{n=0}^{\\infty} e^{-n\\hbar\\omega/(k_B T)}',
    'Z = \\frac{1}{1 - e^{-\\hbar\\omega/(k_B T)}}', 'equivalent',
    'oscillator partition function with hbar and k_B from the map (hbar w/(k_B T) ~ 1 needs scaled draws)',
    solve_check(sp.Eq(Z, geo(kk**n).subs(kk, sp.exp(-HBAR * w / (KB * T)))), sp.Eq(Z, 1 / (1 - sp.exp(-HBAR * w / (KB * T)))),
                Z, scale={w: 1e13}), consts('\\hbar', 'k_B'))
row('near-miss', 'Z = \\sum_{n=0}^{\\infty} e^{-n\\hbar\\omega/(k_B T)}',
    'Z = \\frac{e^{-\\hbar\\omega/(2k_B T)}}{1 - e^{-\\hbar\\omega/(k_B T)}}', 'different',
    'partition function: the zero-point factor added', solve_check(
        sp.Eq(Z, geo(kk**n).subs(kk, sp.exp(-HBAR * w / (KB * T)))),
        sp.Eq(Z, sp.exp(-HBAR * w / (2 * KB * T)) / (1 - sp.exp(-HBAR * w / (KB * T)))), Z, scale={w: 1e13}),
    consts('\\hbar', 'k_B'))

# --- 2. inequalities through positive factors ----------------------------------------------------
row('inequality', '\\frac{mv^2}{r} \\le \\mu m g', 'v \\le \\sqrt{\\mu g r}', 'equivalent',
    'no skidding on a flat curve: divided by m/r and square-rooted',
    ineq_check(m * v**2 / r <= mu * m * g, v <= sp.sqrt(mu * g * r)))
row('near-miss', '\\frac{mv^2}{r} \\le \\mu m g', 'v \\le \\sqrt{2\\mu g r}', 'different',
    'no skidding: a spurious factor 2', ineq_check(m * v**2 / r <= mu * m * g, v <= sp.sqrt(2 * mu * g * r)))
row('inequality', '\\frac{a}{b} > c', 'a > bc', 'equivalent',
    'multiplied through by the positive b', ineq_check(a / b > c, a > b * c), strict='different')
row('near-miss', '\\frac{a}{b} > c', 'a < bc', 'different', 'multiplied by b and the sign flipped',
    ineq_check(a / b > c, a < b * c))
row('inequality', '\\frac{1}{2}mv^2 > mgh', 'v > \\sqrt{2gh}', 'equivalent',
    'clears the height: divided by m/2, square root of a positive side',
    ineq_check(m * v**2 / 2 > m * g * h, v > sp.sqrt(2 * g * h)))
row('near-miss', '\\frac{1}{2}mv^2 > mgh', 'v > \\sqrt{gh}', 'different', 'clears the height: factor 2 lost',
    ineq_check(m * v**2 / 2 > m * g * h, v > sp.sqrt(g * h)))
row('inequality', '\\frac{F}{A} \\le \\sigma', 'F \\le \\sigma A', 'equivalent',
    'stress limit times the positive area', ineq_check(F / A <= s, F <= s * A))
row('inequality', '\\frac{kx^2}{2} \\le E', 'x \\le \\sqrt{\\frac{2E}{k}}', 'equivalent',
    'turning point of a spring: positive part of |x| <= sqrt(2E/k)',
    ineq_check(k * x**2 / 2 <= E, x <= sp.sqrt(2 * E / k)))
row('near-miss', '\\frac{kx^2}{2} \\le E', 'x \\ge \\sqrt{\\frac{2E}{k}}', 'different',
    'turning point of a spring: inequality reversed', ineq_check(k * x**2 / 2 <= E, x >= sp.sqrt(2 * E / k)))
row('inequality', '\\frac{q B R}{m} \\ge v', 'R \\ge \\frac{mv}{qB}', 'equivalent',
    'cyclotron radius bound through the positive factor m/(qB)', ineq_check(q * b * r / m >= v, r >= m * v / (q * b)))

# --- 3. inverse hyperbolic and logarithmic forms -------------------------------------------------
row('rearrangement', 'x = a\\,\\operatorname{arccosh}\\left(\\frac{y}{a}\\right)', 'y = a\\cosh\\left(\\frac{x}{a}\\right)',
    'equivalent', 'catenary: arccosh(y/a) is defined only for y >= a, half of the [2, 20] draws',
    solve_check(sp.Eq(x, a * sp.acosh(y / a)), sp.Eq(y, a * sp.cosh(x / a)), y))
row('near-miss', 'x = a\\,\\operatorname{arccosh}\\left(\\frac{y}{a}\\right)', 'y = a\\sinh\\left(\\frac{x}{a}\\right)',
    'different', 'catenary: sinh for cosh',
    solve_check(sp.Eq(x, a * sp.acosh(y / a)), sp.Eq(y, a * sp.sinh(x / a)), y))
row('rearrangement', 't = -\\tau\\ln\\left(1 - \\frac{x}{a}\\right)', 'x = a\\left(1 - e^{-t/\\tau}\\right)',
    'equivalent', 'charging curve solved for time: ln(1 - x/a) needs x < a',
    solve_check(sp.Eq(t, -tau * sp.log(1 - x / a)), sp.Eq(x, a * (1 - sp.exp(-t / tau))), x))
row('near-miss', 't = -\\tau\\ln\\left(1 - \\frac{x}{a}\\right)', 'x = a e^{-t/\\tau}', 'different',
    'charging curve confused with decay', solve_check(sp.Eq(t, -tau * sp.log(1 - x / a)), sp.Eq(x, a * sp.exp(-t / tau)), x))
row('rearrangement', 'x = a\\tanh^{-1}\\left(\\frac{v}{c}\\right)', 'v = c\\tanh\\left(\\frac{x}{a}\\right)',
    'equivalent', 'inverse tanh needs v < c (rapidity-like relation)',
    solve_check(sp.Eq(x, a * sp.atanh(v / c)), sp.Eq(v, c * sp.tanh(x / a)), v))
row('near-miss', 'x = a\\tanh^{-1}\\left(\\frac{v}{c}\\right)', 'v = c\\tanh\\left(\\frac{a}{x}\\right)',
    'different', 'inverse tanh: argument inverted',
    solve_check(sp.Eq(x, a * sp.atanh(v / c)), sp.Eq(v, c * sp.tanh(a / x)), v))
row('rearrangement', 'v = \\sqrt{\\frac{mg}{k}}\\tanh\\left(\\sqrt{\\frac{gk}{m}}\\,t\\right)',
    't = \\sqrt{\\frac{m}{gk}}\\operatorname{artanh}\\left(v\\sqrt{\\frac{k}{mg}}\\right)', 'equivalent',
    'quadratic drag: speed below terminal speed only',
    solve_check(sp.Eq(v, sp.sqrt(m * g / k) * sp.tanh(sp.sqrt(g * k / m) * t)),
                sp.Eq(t, sp.sqrt(m / (g * k)) * sp.atanh(v * sp.sqrt(k / (m * g)))), t,
                {v: (0.5, 1.5), m: (10, 20), g: (5, 10), k: (0.5, 1)}))
row('rearrangement', 'd = \\frac{m}{k}\\ln\\left(1 + \\frac{k v_0 t}{m}\\right)',
    't = \\frac{m}{k v_0}\\left(e^{kd/m} - 1\\right)', 'equivalent', 'quadratic drag without gravity: distance and time',
    solve_check(sp.Eq(d, m / k * sp.log(1 + k * v * t / m)), sp.Eq(t, m / (k * v) * (sp.exp(k * d / m) - 1)), t))
row('rearrangement', 'x = L\\,\\operatorname{arsinh}\\left(\\frac{y}{L}\\right)', 'y = L\\sinh\\left(\\frac{x}{L}\\right)',
    'equivalent', 'inverse sinh rearranged',
    solve_check(sp.Eq(x, L * sp.asinh(y / L)), sp.Eq(y, L * sp.sinh(x / L)), y))

# --- 4. roots next to a pole or a domain edge ---------------------------------------------------
row('rearrangement', 'T = \\frac{T_0}{\\sqrt{1-\\omega^2/\\omega_0^2}}', '\\omega_0 = \\frac{\\omega}{\\sqrt{1 - T_0^2/T^2}}',
    'equivalent', 'solved for omega_0 (real only for T > T_0, omega < omega_0)',
    solve_check(sp.Eq(T, T0 / sp.sqrt(1 - w**2 / w0**2)), sp.Eq(w0, w / sp.sqrt(1 - T0**2 / T**2)), w0))
row('near-miss', 'T = \\frac{T_0}{\\sqrt{1-\\omega^2/\\omega_0^2}}', '\\omega_0 = \\frac{\\omega}{\\sqrt{1 - T_0/T}}',
    'different', 'solved for omega_0 with the square lost',
    solve_check(sp.Eq(T, T0 / sp.sqrt(1 - w**2 / w0**2)), sp.Eq(w0, w / sp.sqrt(1 - T0 / T)), w0))
row('rearrangement', '\\gamma = \\frac{1}{\\sqrt{1 - v^2/c^2}}', 'v = c\\sqrt{1 - \\frac{1}{\\gamma^2}}', 'equivalent',
    'Lorentz factor solved for the speed (gamma >= 1)',
    solve_check(sp.Eq(gam, 1 / sp.sqrt(1 - v**2 / c**2)), sp.Eq(v, c * sp.sqrt(1 - 1 / gam**2)), v))
row('rearrangement', 'A = \\frac{F_0/m}{\\omega_0^2 - \\omega^2}', '\\omega = \\sqrt{\\omega_0^2 - \\frac{F_0}{mA}}',
    'equivalent', 'driven oscillator amplitude below resonance: pole at omega = omega_0',
    solve_check(sp.Eq(A, F0 / m / (w0**2 - w**2)), sp.Eq(w, sp.sqrt(w0**2 - F0 / (m * A))), w))
row('rearrangement', '\\frac{1}{u} + \\frac{1}{v} = \\frac{1}{f}', 'u = \\frac{fv}{v - f}', 'equivalent',
    'thin lens solved for the object distance: pole at v = f',
    solve_check(sp.Eq(1 / u + 1 / v, 1 / f), sp.Eq(u, f * v / (v - f)), u))
row('near-miss', '\\frac{1}{u} + \\frac{1}{v} = \\frac{1}{f}', 'u = \\frac{fv}{v + f}', 'different',
    'thin lens: sign slip in the denominator',
    solve_check(sp.Eq(1 / u + 1 / v, 1 / f), sp.Eq(u, f * v / (v + f)), u))

# --- 5. improper integrals with the target in the integrand --------------------------------------
row('calculus', '\\int_0^{\\infty} e^{-ax}\\,dx = \\frac{1}{a}', 'a\\int_0^{\\infty} e^{-ax}\\,dx = 1', 'equivalent',
    'both hold for every a > 0: the only variable is inside the integrand',
    solve_check(sp.Eq(sp.integrate(sp.exp(-a * x), (x, 0, sp.oo)), 1 / a),
                sp.Eq(a * sp.integrate(sp.exp(-a * x), (x, 0, sp.oo)), 1), a))
row('near-miss', '\\int_0^{\\infty} e^{-ax}\\,dx = \\frac{1}{a}', '\\int_0^{\\infty} e^{-ax}\\,dx = \\frac{2}{a}',
    'different', 'an identity against a relation with no solution',
    solve_check(sp.Eq(sp.integrate(sp.exp(-a * x), (x, 0, sp.oo)), 1 / a),
                sp.Eq(sp.integrate(sp.exp(-a * x), (x, 0, sp.oo)), 2 / a), a))
row('calculus', 'I = \\int_0^{\\infty} x e^{-ax}\\,dx', 'a = \\frac{1}{\\sqrt{I}}', 'equivalent',
    'improper integral solved for the decay constant in its integrand',
    solve_check(sp.Eq(I, sp.integrate(x * sp.exp(-a * x), (x, 0, sp.oo))), sp.Eq(a, 1 / sp.sqrt(I)), a))
row('near-miss', 'I = \\int_0^{\\infty} x e^{-ax}\\,dx', 'a = \\frac{1}{I}', 'different',
    'improper integral solved for a with the square root lost',
    solve_check(sp.Eq(I, sp.integrate(x * sp.exp(-a * x), (x, 0, sp.oo))), sp.Eq(a, 1 / I), a))
row('calculus', 'N = \\int_0^{\\infty} n_0 e^{-z/H}\\,dz', 'H = \\frac{N}{n_0}', 'equivalent',
    'isothermal atmosphere column: scale height from the column density',
    solve_check(sp.Eq(N, sp.integrate(n0 * sp.exp(-x / h), (x, 0, sp.oo))), sp.Eq(h, N / n0), h))

# --- 6. constants maps with tiny or huge values ---------------------------------------------------
row('near-miss', 'E_f = E_i + \\frac{h^2}{8 m_e L^2}', 'E_f = E_i', 'different',
    'box energy term (~1e-37 against [2, 20] draws) dropped', solve_check(
        sp.Eq(Ef, Ei + H**2 / (8 * ME * L**2)), sp.Eq(Ef, Ei), Ef, scale={Ei: 1e-18, L: 1e-10}),
    consts('h', 'm_e'))
row('constants', 'E_f = E_i + \\frac{h^2}{8 m_e L^2}', 'E_f - E_i = \\frac{h^2}{8 m_e L^2}', 'equivalent',
    'box energy term moved across', solve_check(
        sp.Eq(Ef, Ei + H**2 / (8 * ME * L**2)), sp.Eq(Ef - Ei, H**2 / (8 * ME * L**2)), Ef, scale={Ei: 1e-18, L: 1e-10}),
    consts('h', 'm_e'))
row('near-miss', 'E_2 - E_1 = \\frac{h^2}{2 m_e L^2}', '\\frac{hc}{\\lambda} = E_2 - E_1', 'different',
    'two different relations for E_2 - E_1 (by L and by lambda) sharing only E_1, E_2', solve_check(
        sp.Eq(E2 - E1, H**2 / (2 * ME * L**2)), sp.Eq(H * C / lam, E2 - E1), E2,
        scale={E1: 1e-18, L: 1e-10, lam: 1e-7}), consts('h', 'm_e', 'c'))
row('near-miss', 'F = \\frac{Qq}{4\\pi\\varepsilon_0 r^2} - \\frac{G M m}{r^2}', 'F = \\frac{Qq}{4\\pi\\varepsilon_0 r^2}',
    'different', 'gravity (1e-20 of the Coulomb force at [2, 20] draws) dropped', solve_check(
        sp.Eq(F, Q * q / (4 * sp.pi * EPS0 * r**2) - G * M * m / r**2), sp.Eq(F, Q * q / (4 * sp.pi * EPS0 * r**2)), F,
        scale={Q: 1e-10, q: 1e-10, M: 1e10}), consts('\\varepsilon_0', 'G'))
row('near-miss', 'U = N\\varepsilon + \\frac{3}{2}N k_B T', 'U = N\\varepsilon', 'different',
    'thermal energy term (1e-22 at [2, 20] draws) dropped', solve_check(
        sp.Eq(U, N * eps + sp.Rational(3, 2) * N * KB * T), sp.Eq(U, N * eps), U, scale={eps: 1e-21, T: 100}),
    consts('k_B'))
row('constants', 'n = n_0 e^{-E/(k_B T)}', 'E = k_B T\\ln\\frac{n_0}{n}', 'equivalent',
    'Boltzmann factor inverted (exp(E/k_B T) overflows at [2, 20] draws)', solve_check(
        sp.Eq(n1, n0 * sp.exp(-E / (KB * T))), sp.Eq(E, KB * T * sp.log(n0 / n1)), n1, scale={E: 1e-21, T: 100}),
    consts('k_B'))
row('constants', '\\lambda = \\frac{h}{\\sqrt{2 m_e E}}', 'E = \\frac{h^2}{2 m_e\\lambda^2}', 'equivalent',
    'de Broglie wavelength of an electron solved for the energy', solve_check(
        sp.Eq(lam, H / sp.sqrt(2 * ME * E)), sp.Eq(E, H**2 / (2 * ME * lam**2)), E, scale={lam: 1e-10}),
    consts('h', 'm_e'))
row('near-miss', 'u = \\frac{8\\pi h f^3}{c^3}\\,\\frac{1}{e^{hf/(k_B T)} - 1}', 'u = \\frac{8\\pi f^2 k_B T}{c^3}',
    'different', 'Planck against Rayleigh-Jeans: equal to 1e-11 when hf/k_BT ~ 1e-11 ([2, 20] draws)', solve_check(
        sp.Eq(u, 8 * sp.pi * H * f**3 / C**3 / (sp.exp(H * f / (KB * T)) - 1)), sp.Eq(u, 8 * sp.pi * f**2 * KB * T / C**3), u,
        scale={f: 1e13, T: 100}), consts('h', 'c', 'k_B'))
row('constants', 'u = \\frac{8\\pi h f^3}{c^3}\\,\\frac{1}{e^{hf/(k_B T)} - 1}',
    'u\\left(e^{hf/(k_B T)} - 1\\right) = \\frac{8\\pi h f^3}{c^3}', 'equivalent', 'Planck spectrum rearranged', solve_check(
        sp.Eq(u, 8 * sp.pi * H * f**3 / C**3 / (sp.exp(H * f / (KB * T)) - 1)),
        sp.Eq(u * (sp.exp(H * f / (KB * T)) - 1), 8 * sp.pi * H * f**3 / C**3), u, scale={f: 1e13, T: 100}),
    consts('h', 'c', 'k_B'))
row('near-miss', 'E = \\frac{m_e c^2}{\\sqrt{1 - v^2/c^2}}', 'E = m_e c^2 + \\frac{1}{2} m_e v^2', 'different',
    'relativistic energy against its low-speed expansion (equal to 1e-30 at [2, 20] speeds)', solve_check(
        sp.Eq(E, ME * C**2 / sp.sqrt(1 - v**2 / C**2)), sp.Eq(E, ME * C**2 + ME * v**2 / 2), E, scale={v: 1e8},
        ranges={v: (0.5, 2.5)}), consts('m_e', 'c'))
row('constants', 'C = \\frac{N\\varepsilon^2}{k_B T^2}\\,\\frac{e^{\\varepsilon/(k_BT)}}{\\left(1 + e^{\\varepsilon/(k_BT)}\\right)^2}',
    'C = \\frac{N\\varepsilon^2}{4 k_B T^2\\cosh^2\\left(\\frac{\\varepsilon}{2k_BT}\\right)}', 'equivalent',
    'two-level heat capacity in exponential and cosh form', ('expr',
        N * eps**2 / (KB * T**2) * sp.exp(eps / (KB * T)) / (1 + sp.exp(eps / (KB * T)))**2,
        N * eps**2 / (4 * KB * T**2 * sp.cosh(eps / (2 * KB * T))**2), None, {}, {eps: 1e-21, T: 100}),
    consts('k_B'))
row('constants', 'v = \\sqrt{\\frac{2 e V}{m_e}}', 'V = \\frac{m_e v^2}{2e}', 'equivalent',
    'electron accelerated through V', solve_check(
        sp.Eq(v, sp.sqrt(2 * QE * V / ME)), sp.Eq(V, ME * v**2 / (2 * QE)), v, scale={v: 1e6}), consts('e', 'm_e'))

# --- 7. physical mode: negative-only roots, principal branches ------------------------------------
row('physical-mode', 'x = \\frac{-p + \\sqrt{p^2 + 4q}}{2}', 'x = \\frac{p}{2}\\left(\\sqrt{1 + \\frac{4q}{p^2}} - 1\\right)',
    'equivalent', 'positive root of x^2 + px = q in two forms (they differ only for p < 0)',
    solve_check(sp.Eq(x, (-p + sp.sqrt(p**2 + 4 * q)) / 2), sp.Eq(x, p / 2 * (sp.sqrt(1 + 4 * q / p**2) - 1)), q),
    strict='different')
row('physical-mode', '\\theta = \\arctan\\left(\\frac{y}{x}\\right)', '\\tan\\theta = \\frac{y}{x}', 'equivalent',
    'direction angle: principal branch of the periodic solution set',
    solve_check(sp.Eq(th, sp.atan(y / x)), sp.Eq(sp.tan(th), y / x), th), strict='different')
row('near-miss', '\\theta = \\arctan\\left(\\frac{y}{x}\\right)', '\\tan\\theta = \\frac{x}{y}', 'different',
    'direction angle: ratio inverted', solve_check(sp.Eq(th, sp.atan(y / x)), sp.Eq(sp.tan(th), x / y), th))
row('physical-mode', '\\theta = \\arcsin\\left(\\frac{\\lambda}{d}\\right)', 'd\\sin\\theta = \\lambda', 'equivalent',
    'first diffraction maximum: principal branch', solve_check(
        sp.Eq(th, sp.asin(lam / d)), sp.Eq(d * sp.sin(th), lam), th, ranges={lam: (2, 5), d: (6, 20)}, branch=True),
    strict='different')
row('near-miss', '\\theta = \\arcsin\\left(\\frac{\\lambda}{d}\\right)', 'd\\cos\\theta = \\lambda', 'different',
    'first diffraction maximum: cos for sin', solve_check(
        sp.Eq(th, sp.asin(lam / d)), sp.Eq(d * sp.cos(th), lam), th, ranges={lam: (2, 5), d: (6, 20)}))


def sample(symbols, ranges, scale, rng):
    return [rng.uniform(*ranges.get(s_, (2, 20))) * scale.get(s_, 1) for s_ in symbols]


def real_positive(z):
    z = complex(z)
    return z.real if abs(z.imag) <= 1e-20 * max(1.0, abs(z.real)) and z.real > 0 else None


def oracle(check):
    kind, ea, eb, target, ranges, scale = check
    rng = random.Random(16)
    mpmath.mp.dps = 40
    if kind == 'ineq':
        syms = sorted(ea.free_symbols | eb.free_symbols, key=str)
        fa = sp.lambdify(syms, ea, 'mpmath')
        fb = sp.lambdify(syms, eb, 'mpmath')
        for _ in range(1000):
            pt = [mpmath.mpf(v_) for v_ in sample(syms, ranges, scale, rng)]
            if bool(fa(*pt)) != bool(fb(*pt)):
                return 'different'
        return 'equivalent'
    if kind == 'expr':  # both formulas give the target explicitly: compare the values
        syms = sorted(ea.free_symbols | eb.free_symbols, key=str)
        fa = sp.lambdify(syms, ea, 'mpmath')
        fb = sp.lambdify(syms, eb, 'mpmath')
        for _ in range(50):
            pt = [mpmath.mpf(v_) for v_ in sample(syms, ranges, scale, rng)]
            x_, y_ = fa(*pt), fb(*pt)
            if abs(x_ - y_) > 1e-12 * max(abs(x_), abs(y_)):
                return 'different'
        return 'equivalent'
    if isinstance(ea, sp.logic.boolalg.BooleanAtom) or isinstance(eb, sp.logic.boolalg.BooleanAtom):
        return 'equivalent' if ea == eb else 'different'
    syms = sorted((ea.free_symbols | eb.free_symbols) - {target}, key=str)
    sols_a = [sp.lambdify(syms, s_, 'mpmath') for s_ in sp.solve(ea, target)]
    sols_b = [sp.lambdify(syms, s_, 'mpmath') for s_ in sp.solve(eb, target)]
    agree = 0
    for _ in range(12):
        pt = [mpmath.mpf(v_) for v_ in sample(syms, ranges, scale, rng)]

        def values(sols):
            out = []
            for f_ in sols:
                try:
                    z = real_positive(mpmath.mpc(f_(*pt)))
                except (ValueError, ZeroDivisionError, TypeError):
                    z = None
                if z is not None:
                    out.append(z)
            return sorted(out)

        sa, sb = values(sols_a), values(sols_b)
        if kind == 'branch':
            if not sa or any(all(abs(p_ - q_) > 1e-12 * abs(p_) for q_ in sb) for p_ in sa):
                return 'different'
            agree += 1
            continue
        if len(sa) != len(sb) or any(abs(p_ - q_) > 1e-12 * max(abs(p_), abs(q_)) for p_, q_ in zip(sa, sb)):
            return 'different'
        agree += bool(sa)
    return 'equivalent' if agree > 0 else 'no-solution'


def main():
    out = []
    bad = 0
    start = int(sys.argv[sys.argv.index('--from') + 1]) if '--from' in sys.argv else 1
    for i, r in enumerate(ROWS, 1):
        if i < start:
            continue
        if '-v' in sys.argv:
            print(i, r['a'], flush=True)
        verdict = oracle(r['check'])
        if verdict != r['expected']:
            bad += 1
            print(f"MISMATCH solver-fresh-{i:03d}: sympy says {verdict}, row says {r['expected']}: {r['a']}  vs  {r['b']}")
        rec = {'id': f'solver-fresh-{i:03d}', 'category': r['category'], 'a': r['a'], 'b': r['b']}
        if r['constants']:
            rec['constants'] = r['constants']
        rec['expected'] = r['expected']
        if r['strict']:
            rec['expected_strict'] = r['strict']
        rec['note'] = r['note'] + ' (sympy-checked: test/equivalence/solver-fresh-oracle.py)'
        out.append(json.dumps(rec, ensure_ascii=False))
    print(f'{len(ROWS)} rows, {bad} mismatches')
    if bad:
        sys.exit(1)
    if '--check' not in sys.argv:
        path = Path(__file__).resolve().parents[2] / 'fixtures' / 'equivalence' / 'solver-fresh.jsonl'
        path.write_text('\n'.join(out) + '\n')
        print(f'wrote {path}')


if __name__ == '__main__':
    main()
