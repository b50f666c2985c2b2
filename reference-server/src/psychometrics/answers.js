import { SCALE_MAX, SCALE_MIN } from './model.js';
/** One raw answer; the engine refuses to score a value outside the scale rather than guess. */
export function answerOf(answers, id) {
    const x = answers[id];
    if (!Number.isInteger(x) || x < SCALE_MIN || x > SCALE_MAX) {
        throw new RangeError(`${id} must be an integer from ${SCALE_MIN} to ${SCALE_MAX}`);
    }
    return x;
}
//# sourceMappingURL=answers.js.map