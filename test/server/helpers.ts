import type { Problem } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { readResponses } from '../../src/dataset/read-responses.js';
import type { AppRequest, AppResponse } from '../../src/server/http-types.js';

/** The bundled benchmark. */
export function bundledProblems(): Problem[] {
  return loadDataset(new URL('../../data/benchmark', import.meta.url).pathname).problems;
}

/** Bundled sample answers of one domain file. */
export function bundledAnswers(
  domain: string,
): { problem_id: string; response: string; response_id: string }[] {
  return readResponses(new URL(`../../data/answers/${domain}.jsonl`, import.meta.url).pathname).responses.map(
    (r) => ({
      problem_id: r.problem_id,
      response: r.response,
      response_id: r.response_id,
    }),
  );
}

/** An in-process request (no socket). */
export function request(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): AppRequest {
  const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method,
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: async () => Buffer.from(raw, 'utf8'),
  };
}

/** The JSON body of a response. */
export function bodyOf<T = Record<string, unknown>>(response: AppResponse): T {
  return JSON.parse(response.body) as T;
}

/**
 * An answer of 2,000 distinct formulas, each with a Gaussian integral, that every node of a
 * mechanics problem must be compared with: about 5 s of work on this kind of machine even within the
 * core's default work budget (its per-formula fixed costs are counted coarsely), so it needs the hard
 * deadline.
 */
export function manyIntegralsAnswer(count = 2000): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `$$v^2 = \\frac{${i + 2} g h}{\\sqrt{1 + ${i + 1}\\sin\\theta}} + \\int_0^{h} e^{-${i + 1} x^2} dx$$`,
  ).join('\n');
}

/**
 * Pathological answers from a seeded stream: nested integrals, huge sums, divergent integrals,
 * fuzzed LaTeX and a 2 MB answer. Each is a display formula a scorer must compare with nodes.
 */
export function pathologicalAnswers(seed: number, count: number): string[] {
  let s = seed >>> 0;
  const rand = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const makers: (() => string)[] = [
    () => '$$v = \\int_0^{\\infty}\\int_0^{\\infty}\\int_0^{\\infty} \\sin(x y z)\\,dx\\,dy\\,dz$$',
    () => `$$E = \\sum_{n=1}^{10^6}\\sum_{k=1}^{10^6} \\frac{m g h}{n^2 k}$$`,
    () => '$$F = \\int_0^{\\infty} x\\,\\cosh(x)\\, m a\\,dx$$',
    () =>
      `$$v = \\int_0^{${Math.floor(rand() * 9) + 1}}\\int_0^{t}\\int_0^{s}\\int_0^{r} e^{q r s t} \\sin(v_0 q)\\,dq\\,dr\\,ds\\,dt$$`,
    () => {
      const atoms = [
        '\\frac{',
        '}{',
        '}',
        '^{',
        '_',
        '\\sqrt{',
        '\\int',
        '\\sum',
        'x',
        '2',
        '=',
        '(',
        ')',
        '\\left(',
        '\\right)',
        '\\,',
        'dx',
      ];
      let t = '';
      for (let i = 0; i < 200; i++) t += pick(atoms);
      return `$$${t}$$`;
    },
    () => `$$F = ma$$\n${'$$x_{k} = y_{k} + 1$$ and some prose '.repeat(60_000)}`,
    () => manyIntegralsAnswer(),
  ];
  return Array.from({ length: count }, () => pick(makers)());
}
