import type { Principal } from '../http/index.js';
import type { AppContext } from '../context.js';
import type { SubmissionSearch } from '../submissions/index.js';

/** What every resolver is given: the server's dependencies and the caller the Bearer guard established. */
export type GraphqlContext = {
  ctx: AppContext;
  principal: Principal;
  /** The submissions' word index (the `search` argument). */
  search: SubmissionSearch;
};
