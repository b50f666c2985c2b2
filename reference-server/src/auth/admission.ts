import type { NextFunction, Request, Response } from 'express';
import type { Principal, PrincipalStep } from '../http/index.js';
import type { MaybePromise } from '../maybe-promise.js';

/**
 * Lets `principal` in once `confirmed` answers true (a key's organisation still exists), then runs
 * `steps` in order, each with what its `look` found; `refuse` answers otherwise. The check and
 * every step's look are asked in one synchronous stretch, before any of them is awaited: on
 * PostgreSQL they go in one round trip, where the guard and each step asked theirs one after
 * another; on the file store all answer at once and the request goes on in the same turn.
 */
export function admit(
  req: Request,
  res: Response,
  next: NextFunction,
  principal: Principal,
  confirmed: MaybePromise<boolean>,
  steps: readonly PrincipalStep[],
  refuse: (res: Response) => void,
): void {
  const found: unknown[] = new Array(steps.length);
  let waiting = confirmed instanceof Promise;
  for (let i = 0; i < steps.length; i++) {
    const look = (steps[i] as PrincipalStep).look(principal);
    if (look instanceof Promise) waiting = true;
    found[i] = look;
  }
  if (!waiting) {
    enter(req, res, next, principal, confirmed as boolean, steps, found, refuse);
    return;
  }
  Promise.all([confirmed, ...found]).then(([ok, ...values]) => enter(req, res, next, principal, ok as boolean, steps, values, refuse), next);
}

function enter(req: Request, res: Response, next: NextFunction, principal: Principal, ok: boolean, steps: readonly PrincipalStep[], found: unknown[], refuse: (res: Response) => void): void {
  if (!ok) {
    refuse(res);
    return;
  }
  req.principal = principal;
  runFrom(0, req, res, next, steps, found);
}

/** Step `i` and, once it calls its `next` without an error, the ones after it; then the surface. */
function runFrom(i: number, req: Request, res: Response, next: NextFunction, steps: readonly PrincipalStep[], found: unknown[]): void {
  const step = steps[i];
  if (!step) {
    next();
    return;
  }
  step.run(req, res, (error?: unknown) => (error === undefined ? runFrom(i + 1, req, res, next, steps, found) : next(error)), found[i]);
}
