"""Oracle of the metamorphic tests: decides whether two equations have the same solutions.

Reads JSON lines {id, a: [lhs, rhs], b: [lhs, rhs], names: [...]} (Python/sympy expressions over
the given names), writes {id, verdict} lines: 'different' when some point satisfies one equation
but not the other, 'same' when every probe agrees, 'unknown' otherwise. Like the checker's
physical mode, the other names are drawn in [2, 20] and only positive roots of the target count
(roots by sign change on a log + linear grid and bisection, poles rejected). A root of one equation
satisfies the other when the other has a root within relative 1e-6 of it (residual against local
slope). 'same' needs at least 6 agreeing roots and none disagreeing. An evaluator independent of the TypeScript code under test:
plain Python floats over the expressions printed from our trees (sympy syntax, so `sympy.sympify`
reads them too when a case needs a closer look by hand).
"""
import json, math, random, sys

NS = {k: getattr(math, k) for k in ('sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
                                     'asinh', 'acosh', 'atanh', 'exp', 'log', 'log10', 'sqrt', 'floor',
                                     'ceil', 'gamma', 'pi', 'e')}
NS.update(E=math.e, abs=abs, max=max, min=min,
          cot=lambda x: 1 / math.tan(x), sec=lambda x: 1 / math.cos(x), csc=lambda x: 1 / math.sin(x),
          acot=lambda x: math.atan(1 / x), coth=lambda x: 1 / math.tanh(x), sech=lambda x: 1 / math.cosh(x),
          csch=lambda x: 1 / math.sinh(x), sign=lambda x: (x > 0) - (x < 0))

def compile_side(text, names):
    return eval(f"lambda {','.join(names) or '_'}: {text}", NS)

def value(f, env):
    try:
        v = f(*env)
        if isinstance(v, complex):
            return math.nan
        v = float(v)
        return v if math.isfinite(v) else math.nan
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        return math.nan

GRID = sorted({10 ** (k / 12) for k in range(-36, 37)} | {x / 2 for x in range(1, 81)})

def roots(f, g, env, t):
    """Positive roots of f - g in the target t (sign changes on a log + linear grid, bisection)."""
    def h(x):
        e = list(env); e[t] = x
        a, b = value(f, e), value(g, e)
        return a - b, max(abs(a), abs(b), 1e-300)
    out = []
    prev = None
    for x in GRID:
        y, s = h(x)
        if math.isnan(y):
            prev = None; continue
        if y == 0:
            out.append(x)
        elif prev is not None and (prev[1] < 0) != (y < 0):
            lo, hi, ylo = prev[0], x, prev[1]
            for _ in range(80):
                mid = (lo + hi) / 2
                ym, _s = h(mid)
                if math.isnan(ym): break
                if (ym < 0) == (ylo < 0): lo, ylo = mid, ym
                else: hi = mid
            r = (lo + hi) / 2
            yr, sr = h(r)
            if not math.isnan(yr) and abs(yr) <= 1e-9 * sr:  # a root, not a pole
                out.append(r)
        prev = (x, y)
    return out

def residual(f, g, env):
    a, b = value(f, env), value(g, env)
    return a - b, max(abs(a), abs(b))

def holds(f, g, env, t):
    """Does f = g have a root within relative 1e-6 of env[t]? (Residual against its local slope, so
    sides that are 0 or nearly cancel are judged by where the root is, not by a ratio of tiny values.)"""
    y, scale = residual(f, g, env)
    if math.isnan(y): return None
    if abs(y) <= 1e-12 * scale: return True
    x = env[t]; d = 1e-4 * abs(x)
    lo, hi = list(env), list(env); lo[t] = x - d; hi[t] = x + d
    ylo, _ = residual(f, g, lo); yhi, _ = residual(f, g, hi)
    if math.isnan(ylo) or math.isnan(yhi): return None
    slope = abs(yhi - ylo) / (2 * d)
    return abs(y) <= slope * 1e-6 * abs(x)

def decide(row):
    names = row['names']
    fa, ga = (compile_side(s, names) for s in row['a'])
    fb, gb = (compile_side(s, names) for s in row['b'])
    rng = random.Random(row['id'])
    same = diff = 0
    if not names:
        return 'unknown'
    for trial in range(8):
        env = [rng.uniform(2, 20) for _ in names]
        t = rng.randrange(len(names))
        for (f, g), (p, q) in (((fa, ga), (fb, gb)), ((fb, gb), (fa, ga))):
            for r in roots(f, g, env, t)[:6]:
                e = list(env); e[t] = r
                h = holds(p, q, e, t)
                if h is None: continue
                if h: same += 1
                else: diff += 1
        if diff >= 2: return 'different'
        if same >= 12 and diff == 0: return 'same'
    if diff >= 1: return 'different'
    return 'same' if same >= 6 else 'unknown'

for line in sys.stdin:
    row = json.loads(line)
    try:
        verdict = decide(row)
    except Exception as exc:  # noqa: BLE001 - an expression Python cannot evaluate is undecided
        verdict = 'unknown'
    sys.stdout.write(json.dumps({'id': row['id'], 'verdict': verdict}) + '\n')
