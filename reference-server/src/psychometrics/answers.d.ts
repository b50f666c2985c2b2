/** Raw answers q5..q131, integers 1..6 (validated before they reach the engine). */
export type Answers = Readonly<Record<string, number>>;
/** One raw answer; the engine refuses to score a value outside the scale rather than guess. */
export declare function answerOf(answers: Answers, id: string): number;
