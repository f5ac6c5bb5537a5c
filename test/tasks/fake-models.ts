import type { Problem } from '../../src/dag/types.js';
import type { InstanceProblem } from '../../src/instances/index.js';
import { type FakeBehaviour, type FakeRequest, userText } from '../helpers/fake-openai-server.js';

/** The instance whose rendered context the prompt shows. */
export function instanceOf(
  req: FakeRequest,
  instances: readonly InstanceProblem[],
): InstanceProblem | undefined {
  const text = userText(req.body);
  return instances.find((i) => text.includes(i.context));
}

const boxed = (answers: readonly string[]): string => answers.map((a) => `$$\\boxed{${a}}$$`).join('\n');

/** Every final answer a problem states (top level and sub-questions). */
export function statedAnswers(p: Problem): string[] {
  return [...(p.final_answer ?? []), ...(p.subquestions ?? []).flatMap((s) => s.final_answer ?? [])];
}

/**
 * Scripted "models" for PRiSM runs against the loopback server: `solver` answers each instance with
 * its computed answers; `memorizer` answers with the original problem's answers (what a model that
 * recalls the published problem would write); `half` solves instances 1–2 of each problem and
 * memorizes the rest (so 2 of 5 right: volatile).
 */
export function fakeModel(
  instances: readonly InstanceProblem[],
  originals: readonly Problem[],
): (req: FakeRequest) => FakeBehaviour {
  return (req) => {
    const inst = instanceOf(req, instances);
    if (inst === undefined) return { kind: 'answer', text: 'I do not know.' };
    const original = originals.find((p) => p.id === inst.instance_of)!;
    const solve = req.body.model === 'solver' || (req.body.model === 'half' && inst.instance <= 2);
    const answers = solve ? inst.ground_truth.map((g) => g.latex) : statedAnswers(original);
    return { kind: 'answer', text: `Working omitted.\n${boxed(answers)}` };
  };
}

/** A value `$sym = 4.6\times10^{-5}\ \mu\text{F}$` in the prompt, in SI (the units em-02 and em-07 use). */
function given(text: string, symbol: string): number {
  const at = text.indexOf(`$${symbol} = `);
  if (at < 0) throw new Error(`no ${symbol} in the prompt`);
  const m = /^([-+]?\d+(?:\.\d+)?)(?:\\times10\^\{(-?\d+)\})?\\ ([^$]*)\$/.exec(
    text.slice(at + symbol.length + 4),
  );
  if (m === null) throw new Error(`cannot read ${symbol}`);
  const scale: Record<string, number> = {
    '\\mu\\text{F}': 1e-6,
    '\\text{k}\\Omega': 1e3,
    '\\Omega': 1,
    '\\text{V}': 1,
    '\\text{H}': 1,
    '\\text{Hz}': 1,
  };
  const unit = scale[m[3]!.trim()];
  if (unit === undefined) throw new Error(`unit ${m[3]}`);
  return Number(m[1]) * 10 ** Number(m[2] ?? 0) * unit;
}

const fig3 = (x: number): string => Number(x.toPrecision(3)).toString();

/**
 * An independent solver for two bundled problems, from the values shown in the prompt and the
 * textbook physics (not from the code's ground truth): em-02, an RC discharge, U = U₀ e^{−2t/RC}
 * so U = U₀/10 at t = (RC/2) ln 10, and W = (9/10)·½CV₀²; em-07, a series RLC circuit, ω = 2πf,
 * Z = √(R² + (ωL − 1/ωC)²), I = V/Z, P = I²R, f₀ = 1/(2π√(LC)). Undefined for other problems.
 */
export function textbookAnswers(text: string): string[] | undefined {
  if (text.includes('A capacitor of capacitance')) {
    const [c, v0, r] = [given(text, 'C'), given(text, 'V_0'), given(text, 'R')];
    return [`t = ${fig3(((r * c) / 2) * Math.log(10))}`, `W = ${fig3(0.9 * 0.5 * c * v0 * v0)}`];
  }
  if (text.includes('A series circuit contains')) {
    const [r, l, c, v, f] = ['R', 'L', 'C', 'V_{\\text{rms}}', 'f'].map((s) => given(text, s)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const w = 2 * Math.PI * f;
    const i = v / Math.sqrt(r * r + (w * l - 1 / (w * c)) ** 2);
    return [
      `I_{\\text{rms}} = ${fig3(i)}`,
      `P = ${fig3(i * i * r)}`,
      `f_0 = ${fig3(1 / (2 * Math.PI * Math.sqrt(l * c)))}`,
    ];
  }
  return undefined;
}

/**
 * Like {@link fakeModel}, but `solver` (and `half` on instances 1–2) answer from
 * {@link textbookAnswers}, computed from the prompt alone.
 */
export function textbookModel(
  instances: readonly InstanceProblem[],
  originals: readonly Problem[],
): (req: FakeRequest) => FakeBehaviour {
  return (req) => {
    const inst = instanceOf(req, instances);
    if (inst === undefined) return { kind: 'answer', text: 'I do not know.' };
    const original = originals.find((p) => p.id === inst.instance_of)!;
    const solve = req.body.model === 'solver' || (req.body.model === 'half' && inst.instance <= 2);
    const answers = solve ? textbookAnswers(userText(req.body)) : statedAnswers(original);
    return { kind: 'answer', text: `Working omitted.\n${boxed(answers ?? ['x = 0'])}` };
  };
}
