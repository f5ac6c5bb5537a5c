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
