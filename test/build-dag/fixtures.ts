// Three small problems written for these tests (real physics, real LaTeX), as `prism import` would
// leave them (no DAG), and what a careful rewriting model answers at each stage of the build.
import type { LlmBehaviour, LlmRequest } from '../helpers/fake-llm-server.js';

/** A pendulum in two parts (numerical answers per sub-question). */
export const PENDULUM = {
  id: 'pendulum',
  source: 'build-dag test',
  domain: 'mechanics',
  context:
    'A simple pendulum consists of a small bob on a light inextensible string of length $L = 0.800\\,\\mathrm{m}$. Take $g = 9.81\\,\\mathrm{m/s^2}$ and consider small oscillations.',
  subquestions: [
    {
      letter: 'a',
      subproblem: 'Find the angular frequency $\\omega$ of the oscillations.',
      solution:
        'For small angles $\\ddot\\theta = -\\frac{g}{L}\\theta$, so $\\omega = \\sqrt{g/L} = 3.50\\,\\mathrm{rad/s}$.',
      final_answer: ['\\omega = 3.50\\,\\mathrm{rad/s}'],
    },
    {
      letter: 'b',
      subproblem: 'Find the period $T$ of the oscillations.',
      solution: '$T = 2\\pi/\\omega = 1.79\\,\\mathrm{s}$.',
      final_answer: ['T = 1.79\\,\\mathrm{s}'],
    },
  ],
  grading_standard: [],
};

const pendulumNormalized = {
  id: 'pendulum',
  context:
    'A simple pendulum consists of a small bob on a light inextensible string of length $L = 0.800\\unit{m}$. Take the gravitational acceleration $g = 9.81\\unit{m/s^2}$ and consider small oscillations; $\\theta$ is the angle of the string from the vertical and $t$ the time.',
  subquestions: [
    {
      letter: 'a',
      subproblem: 'Find the angular frequency $\\omega$ of the oscillations.',
      solution:
        'For small angles the equation of motion is $$\\frac{d^2\\theta}{dt^2} = -\\frac{g}{L}\\theta$$ so the angular frequency is $$\\omega = \\sqrt{\\frac{g}{L}}$$',
      final_answer: ['\\omega = 3.50\\unit{rad/s}'],
    },
    {
      letter: 'b',
      subproblem: 'Find the period $T$ of the oscillations.',
      solution: 'One oscillation takes $$T = \\frac{2\\pi}{\\omega}$$',
      final_answer: ['T = 1.79\\unit{s}'],
    },
  ],
};

const pendulumClarified = {
  ...pendulumNormalized,
  subquestions: [
    {
      ...pendulumNormalized.subquestions[0],
      final_answer_form: 'numerical',
      final_answer_instructions: 'Express $\\omega$ as a numerical value in rad/s to 3 significant figures.',
      significant_figures: 3,
    },
    {
      ...pendulumNormalized.subquestions[1],
      final_answer_form: 'numerical',
      final_answer_instructions: 'Express $T$ as a numerical value in seconds to 3 significant figures.',
      significant_figures: 3,
    },
  ],
};

/** The pendulum's DAG; `paraphrased` writes node 2 as the textbook formula the solution never states. */
export const pendulumDag = (paraphrased: boolean) => ({
  grading_standard: [
    {
      index: 1,
      formula: '$$\\omega = \\sqrt{\\frac{g}{L}}$$',
      dependency: [],
      is_final_answer: true,
      subquestion: 'a',
    },
    {
      index: 2,
      formula: paraphrased ? '$$T = 2\\pi\\sqrt{\\frac{L}{g}}$$' : '$$T = \\frac{2\\pi}{\\omega}$$',
      dependency: [1],
      is_final_answer: true,
      subquestion: 'b',
    },
  ],
});

/** A dropped stone (energy conservation); stage 1 drops the factor 2 under the root. */
export const FALL = {
  id: 'fall',
  source: 'build-dag test',
  domain: 'mechanics',
  context:
    'A stone of mass $m$ is released from rest at a height $h = 20.0\\,\\mathrm{m}$ above the ground. Air resistance is negligible and $g = 9.81\\,\\mathrm{m/s^2}$. Find the speed $v$ of the stone just before it hits the ground.',
  solution:
    'Energy conservation gives $mgh = \\tfrac12 mv^2$, hence $v = \\sqrt{2gh} = \\sqrt{2\\times9.81\\times20.0}\\,\\mathrm{m/s} = 19.8\\,\\mathrm{m/s}$.',
  final_answer: ['v = 19.8\\,\\mathrm{m/s}'],
  grading_standard: [],
};

/** Stage 1 of the fall with the copying slip `wrong` (the factor 2 lost) or without it. */
export const fallNormalized = (wrong: boolean) => ({
  id: 'fall',
  context:
    'A stone of mass $m$ is released from rest at a height $h = 20.0\\unit{m}$ above the ground. Air resistance is negligible and the gravitational acceleration is $g = 9.81\\unit{m/s^2}$. Find the speed $v$ of the stone just before it hits the ground.',
  solution: `Energy conservation between release and impact gives $$mgh = \\frac{1}{2}mv^2$$ hence $$v = \\sqrt{${wrong ? '' : '2'}gh}$$`,
  final_answer: ['v = 19.8\\unit{m/s}'],
});

export const fallClarified = (wrong: boolean) => ({
  ...fallNormalized(wrong),
  final_answer_form: 'numerical',
  final_answer_instructions: 'Express $v$ as a numerical value in m/s to 3 significant figures.',
  significant_figures: 3,
});

export const fallDag = (wrong: boolean) => ({
  grading_standard: [
    { index: 1, formula: '$$mgh = \\frac{1}{2}mv^2$$', dependency: [] },
    { index: 2, formula: `$$v = \\sqrt{${wrong ? '' : '2'}gh}$$`, dependency: [1], is_final_answer: true },
  ],
});

/** A charged parallel-plate capacitor (algebraic answer); its DAG has one transitive edge (1 → 3). */
export const CAPACITOR = {
  id: 'capacitor',
  source: 'build-dag test',
  domain: 'electromagnetism',
  context:
    'An air-filled parallel-plate capacitor has plates of area $A$ a distance $d$ apart and is charged to a voltage $V$. Find the energy $U$ stored in it.',
  solution:
    'The capacitance is $C = \\varepsilon_0 A/d$ and the stored energy $U = \\frac12 CV^2 = \\frac{\\varepsilon_0 A V^2}{2d}$.',
  final_answer: ['U = \\frac{\\varepsilon_0 A V^2}{2d}'],
  grading_standard: [],
};

const capacitorNormalized = {
  id: 'capacitor',
  context:
    'An air-filled parallel-plate capacitor has plates of area $A$ a distance $d$ apart and is charged to a voltage $V$; $\\varepsilon_0$ is the vacuum permittivity and $C$ the capacitance. Find the energy $U$ stored in it.',
  solution:
    'The capacitance is $$C = \\frac{\\varepsilon_0 A}{d}$$ and the stored energy $$U = \\frac{1}{2}CV^2$$ which gives $$U = \\frac{\\varepsilon_0 A V^2}{2d}$$',
  final_answer: ['U = \\frac{\\varepsilon_0 A V^2}{2d}'],
};

const capacitorClarified = {
  ...capacitorNormalized,
  final_answer_form: 'algebraic',
  final_answer_instructions: 'Give $U$ in the form U = ..., using only $\\varepsilon_0$, $A$, $d$ and $V$.',
};

export const capacitorDag = (cycle: boolean) => ({
  grading_standard: [
    { index: 1, formula: '$$C = \\frac{\\varepsilon_0 A}{d}$$', dependency: cycle ? [2] : [] },
    { index: 2, formula: '$$U = \\frac{1}{2}CV^2$$', dependency: [1] },
    {
      index: 3,
      formula: '$$U = \\frac{\\varepsilon_0 A V^2}{2d}$$',
      dependency: [1, 2],
      is_final_answer: true,
    },
  ],
});

const fence = (v: unknown): string =>
  `Here is the result.\n\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\``;

/** What the scripted model says for one problem at each stage (attempt = 1, 2, … within the stage). */
export interface Playbook {
  readonly normalize: (attempt: number) => unknown;
  readonly clarify: (attempt: number) => unknown;
  readonly dag: (attempt: number) => unknown;
  readonly witness: (attempt: number) => unknown;
  /** The reviewer's verdict on a stage's attempt (default valid). */
  readonly review?: (stage: string, attempt: number) => boolean;
}

/** The well-behaved model of each problem (the pendulum paraphrases node 2 at its first DAG attempt). */
export const GOOD: Readonly<Record<string, Playbook>> = {
  pendulum: {
    normalize: () => pendulumNormalized,
    clarify: () => pendulumClarified,
    dag: (n) => pendulumDag(n === 1),
    witness: () => ({ witness: { g: 9.81, L: 0.8 } }),
  },
  fall: {
    normalize: () => fallNormalized(false),
    clarify: () => fallClarified(false),
    dag: () => fallDag(false),
    witness: () => ({ witness: { m: 2, g: 9.81, h: 20.0 } }),
  },
  capacitor: {
    normalize: () => capacitorNormalized,
    clarify: () => capacitorClarified,
    dag: () => capacitorDag(false),
    witness: () => ({ witness: { '\\varepsilon_0': 8.854e-12, A: 0.02, d: 0.001, V: 12 } }),
  },
};

/** Which call a request is: the stage, the problem (from the JSON it shows) and the attempt. */
export function classify(req: LlmRequest): { kind: string; stage: string; problem: string; attempt: number } {
  const first = req.turns[0]?.text ?? '';
  const problem = /"id": "([^"]+)"/.exec(first)?.[1] ?? '?';
  const stage = first.includes('Stage 1 —')
    ? 'normalize'
    : first.includes('Stage 2 —')
      ? 'clarify'
      : first.includes('Stage 3 —')
        ? 'dag'
        : 'witness';
  const kind = req.system.includes('physics professor') ? 'review' : stage;
  return { kind, stage, problem, attempt: (req.turns.length + 1) / 2 };
}

/** A fake-server script playing the given playbooks (writer and reviewer on any model name). */
export function playbookScript(books: Readonly<Record<string, Playbook>>): (req: LlmRequest) => LlmBehaviour {
  const seen = new Map<string, number>();
  const reviewedAttempt = (req: LlmRequest): number => {
    const key = `${classify(req).problem}|${classify(req).stage}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  };
  return (req) => {
    const c = classify(req);
    const book = books[c.problem];
    if (book === undefined) return { kind: 'status', status: 400, message: `unknown problem ${c.problem}` };
    if (c.kind === 'review') {
      // Reviews of one stage come in attempt order (one problem's calls are sequential).
      const attempt = reviewedAttempt(req);
      const valid = book.review?.(c.stage, attempt) ?? true;
      return {
        kind: 'answer',
        text: valid
          ? '<judge>valid</judge><reason>meets every requirement</reason>'
          : `<judge>invalid</judge><reason>${c.stage} attempt ${attempt} is not acceptable</reason>`,
      };
    }
    const reply = book[c.kind as 'normalize' | 'clarify' | 'dag' | 'witness'](c.attempt);
    return { kind: 'answer', text: c.kind === 'witness' ? JSON.stringify(reply) : fence(reply) };
  };
}
