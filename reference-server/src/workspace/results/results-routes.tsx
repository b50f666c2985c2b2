import type { RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.js';
import { type AssessmentResult, findResultByEmail, getResult, listResults } from '../../assessments/index.js';
import { type PageTools, sendPage } from '../../pages/index.js';
import type { Page } from '../../store/index.js';
import { InvalidCursorError } from '../../submissions/index.js';
import { get, member, mountRoutes, viewer, withFound } from '../shared/index.js';
import { parseResultQuery, resultMatcher, type ResultFilters } from './results-filters.js';
import { AssessmentScoringPage } from './assessment-scoring-guide.js';
import { ResultPage, ResultsPage, RESULTS_PATH } from './results-page.js';

const PAGE_SIZE = 25;

/** One page of results: the email filter is an exact lookup (one result at most), the others a bounded scan. */
async function resultsPage(ctx: AppContext, orgId: string, filters: ResultFilters, after: string | undefined): Promise<Page<AssessmentResult>> {
  const matches = resultMatcher(filters);
  if (filters.email) {
    const result = await findResultByEmail(ctx, orgId, filters.email);
    return { items: result && (!matches || matches(result)) ? [result] : [] };
  }
  return listResults(ctx, orgId, { limit: PAGE_SIZE, ...(after ? { after } : {}), ...(matches ? { filter: matches } : {}) });
}

const listPage = (ctx: AppContext, tools: PageTools): RequestHandler => async (req, res) => {
  const { filters, after } = parseResultQuery(req.query);
  let page: Page<AssessmentResult>;
  let pageError: string | undefined;
  try {
    page = await resultsPage(ctx, member(res).organization.id, filters, after);
  } catch (error) {
    // A cursor of a list that moved on (or of another organisation's): say so, show nothing of it.
    if (!(error instanceof InvalidCursorError)) throw error;
    page = { items: [] };
    pageError = 'That page no longer exists. Start again from the first page.';
  }
  const query = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const nextUrl = page.next ? `${RESULTS_PATH}?${new URLSearchParams({ ...query, after: page.next })}` : undefined;
  sendPage(res, <ResultsPage {...viewer(tools, req, res)} results={page.items} filters={filters} {...(nextUrl ? { nextUrl } : {})} {...(pageError ? { pageError } : {})} />, pageError ? 400 : 200);
};

// Looked up in the member's organisation only: another organisation's result id is not found.
const resultPage = (ctx: AppContext, tools: PageTools) =>
  withFound(
    (req, res) => getResult(ctx, member(res).organization.id, String(req.params['id'])),
    (result, req, res) => sendPage(res, <ResultPage {...viewer(tools, req, res)} result={result} />),
  );

/** Assessment results, for every member: reads only, the organisation's own. */
export function resultsRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  mountRoutes(router, tools, [
    get('/results', listPage(ctx, tools), 'members'),
    // Before `/results/:id`, which would take "scoring" for a result's id.
    get('/results/scoring', (req, res) => sendPage(res, <AssessmentScoringPage {...viewer(tools, req, res)} />), 'members'),
    get('/results/:id', resultPage(ctx, tools), 'members'),
  ]);
}
