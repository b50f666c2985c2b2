import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type PageTools, sendPage } from '../../pages/index.js';
import { getProfile, getSubmission, InvalidCursorError, listProfiles, listSubmissions, resourcesOf, SUBMISSION_STATUSES, transcriptsOf } from '../../submissions/index.js';
import { get, member, mountRoutes, viewer, withFound } from '../shared/index.js';
import { SubmissionPage, SubmissionsPage, SUBMISSIONS_PATH, type SubmissionFilters } from './submissions-pages.js';

const PAGE_SIZE = 25;

/** The list's query string: the API's filters, empty form fields meaning "any". */
const filtersSchema = z.object({
  status: z.enum(SUBMISSION_STATUSES).optional().catch(undefined),
  profile_id: z.string().max(200).optional(),
  record_id: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
});

const present = (value: string | undefined) => (value ? value : undefined);

/** One page of the list; a cursor of a list that moved on says so (400) and shows nothing of it. */
async function submissionsPage(ctx: AppContext, orgId: string, query: z.infer<typeof filtersSchema>, filters: SubmissionFilters): Promise<{ page: Awaited<ReturnType<typeof listSubmissions>>; filterError?: string }> {
  try {
    const page = await listSubmissions(ctx, orgId, {
      limit: PAGE_SIZE,
      ...(query.status ? { status: query.status } : {}),
      ...(filters.profile_id ? { profileId: filters.profile_id } : {}),
      ...(filters.record_id ? { recordId: filters.record_id } : {}),
      ...(present(query.after) ? { after: query.after } : {}),
    });
    return { page };
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    return { page: { items: [] }, filterError: 'That page no longer exists. Start again from the first page.' };
  }
}

const listPage = (ctx: AppContext, tools: PageTools): RequestHandler => async (req, res) => {
  const orgId = member(res).organization.id;
  const query = filtersSchema.parse(Object.fromEntries(Object.entries(req.query).filter(([, v]) => typeof v === 'string')));
  const filters: SubmissionFilters = {
    ...(query.status ? { status: query.status } : {}),
    ...(present(query.profile_id) ? { profile_id: query.profile_id } : {}),
    ...(present(query.record_id) ? { record_id: query.record_id } : {}),
  };
  const profiles = new Map((await listProfiles(ctx, orgId, { includeArchived: true })).map((p) => [p.id, p]));
  const { page, filterError } = await submissionsPage(ctx, orgId, query, filters);
  const nextUrl = page.next ? `${SUBMISSIONS_PATH}?${new URLSearchParams({ ...filters, after: page.next })}` : undefined;
  sendPage(
    res,
    <SubmissionsPage {...viewer(tools, req, res)} submissions={page.items} profiles={profiles} filters={filters} {...(nextUrl ? { nextUrl } : {})} {...(filterError ? { filterError } : {})} />,
    filterError ? 400 : 200,
  );
};

// Looked up in the member's organisation only: another organisation's id is not found.
const submissionPage = (ctx: AppContext, tools: PageTools) =>
  withFound(
    (req, res) => getSubmission(ctx, member(res).organization.id, String(req.params['id'])),
    async (submission, req, res) => {
      const orgId = member(res).organization.id;
      const [profile, resources, transcripts] = await Promise.all([getProfile(ctx, orgId, submission.profileId), resourcesOf(ctx, orgId, submission), transcriptsOf(ctx, orgId, submission)]);
      sendPage(
        res,
        <SubmissionPage
          {...viewer(tools, req, res)}
          submission={submission}
          {...(profile ? { profile } : {})}
          resources={resources}
          transcripts={transcripts}
        />,
      );
    },
  );

/** Submissions, for every member: reads only, the organisation's own. */
export function submissionsRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  mountRoutes(router, tools, [get('/submissions', listPage(ctx, tools), 'members'), get('/submissions/:id', submissionPage(ctx, tools), 'members')]);
}
