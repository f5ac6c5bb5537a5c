/** At most this many steps are judged per answer (bounded cost for runaway answers). */
export const MAX_STEPS = 40;

/**
 * Splits an answer into linear steps for the per-step judge: at "Step n" / "**Step n**" / "n." /
 * markdown headings when the answer uses them, else at blank lines; empty pieces are dropped and
 * the tail beyond {@link MAX_STEPS} is merged into the last step. Pure.
 */
export function splitSteps(answer: string): string[] {
  const text = answer.replace(/\r\n/g, '\n').trim();
  if (text === '') return [];
  const marker = /^(?:#{1,4}\s+|\*\*)?\s*(?:step\s*\d+\b|\d+[.)]\s)/gim;
  const starts = [...text.matchAll(marker)].map((m) => m.index ?? 0);
  let pieces: string[];
  if (starts.length >= 2) {
    const cuts = starts[0] === 0 ? starts : [0, ...starts];
    pieces = cuts.map((s, i) => text.slice(s, cuts[i + 1] ?? text.length));
  } else pieces = text.split(/\n\s*\n/);
  pieces = pieces.map((p) => p.trim()).filter((p) => p !== '');
  if (pieces.length > MAX_STEPS)
    pieces = [...pieces.slice(0, MAX_STEPS - 1), pieces.slice(MAX_STEPS - 1).join('\n\n')];
  return pieces;
}
