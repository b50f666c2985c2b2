import { SCALE_MAX, SCALE_MIN } from './model.js';

/** Raw answers q5..q131, integers 1..6 (validated before they reach the engine). */
export type Answers = Readonly<Record<string, number>>;

/** One raw answer; the engine refuses to score a value outside the scale rather than guess. */
export function answerOf(answers: Answers, id: string): number {
  const x = answers[id];
  if (!Number.isInteger(x) || (x as number) < SCALE_MIN || (x as number) > SCALE_MAX) {
    throw new RangeError(`${id} must be an integer from ${SCALE_MIN} to ${SCALE_MAX}`);
  }
  return x as number;
}
