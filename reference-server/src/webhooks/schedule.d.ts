/**
 * When a failed delivery is tried again: the Standard Webhooks schedule. Attempt n + 1 follows
 * a failed attempt n after RETRY_DELAYS_MS[n − 1], stretched by up to +10 % jitter so many
 * receivers failing at once do not all come back in the same second; a longer `Retry-After`
 * (capped at MAX_RETRY_AFTER_MS) wins. After MAX_ATTEMPTS the delivery has failed for good.
 *
 *   attempt 1 at once · 2 after 5 s · 3 after 5 min · 4 after 30 min · 5 after 2 h ·
 *   6 after 5 h · 7 after 10 h · 8 after 10 h   (≈ 27 h 35 min in all)
 */
export declare const RETRY_DELAYS_MS: number[];
export declare const MAX_ATTEMPTS: number;
export declare const MAX_JITTER = 0.1;
export declare const MAX_RETRY_AFTER_MS: number;
/** Delay before the attempt after failed attempt `attempts`; undefined when none is left. */
export declare function retryDelayMs(attempts: number, retryAfterMs: number | undefined, random?: () => number): number | undefined;
export type AnswerClass = 'delivered' | 'retry' | 'fail' | 'gone';
/**
 * What a receiver's status means. 2xx delivered. 410 Gone: the receiver asks us to stop (the
 * subscription is disabled). 408, 425, 429 and 5xx are transient: retried. Anything else —
 * 1xx, 3xx (redirects are not followed, a moved receiver must be re-registered) and other 4xx —
 * is the receiver's considered refusal: recorded, not retried.
 */
export declare function classifyStatus(status: number): AnswerClass;
