import type { NextFunction, Request, Response } from 'express';
import type { MaybePromise } from '../maybe-promise.js';
import type { Principal } from './principal.js';

/**
 * A step a keyed surface runs right after its credential guard (the certification run's watch,
 * the injected faults), in two halves so that what it reads about the caller is asked together
 * with the guard's last check and the other steps' reads: on PostgreSQL in one round trip (reads
 * asked in one synchronous stretch go together), on the file store answered at once as before.
 * The guard runs the steps it is given, in order (auth/admission.ts).
 */
export interface PrincipalStep<T = unknown> {
  /** What the step must know of the caller: asked before the guard has accepted it, so only reads. */
  look(principal: Principal): MaybePromise<T>;
  /** The step itself, once the guard accepted the caller (`req.principal` is set), with what `look` found. */
  run(req: Request, res: Response, next: NextFunction, found: T): void;
}
