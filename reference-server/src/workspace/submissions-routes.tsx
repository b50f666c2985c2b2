import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sendPage, type PageTools } from '../pages/index.js';
import { getProfile, getSubmission, InvalidCursorError, listProfiles, listSubmissions, resourcesOf, transcriptsOf } from '../submissions/index.js';
import { SUBMISSION_STATUSES } from '../submissions/index.js';
import { member } from './access.js';
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

/** Submissions, for every member: reads only, the organisation's own. */
export function submissionsRoutes(ctx: AppContext, router: Router, { csrf }: PageTools): void {
  router.get('/submissions', (req, res) => {
    const me = member(res);
    const orgId = me.organization.id;
    const query = filtersSchema.parse(Object.fromEntries(Object.entries(req.query).filter(([, v]) => typeof v === 'string')));
    const filters: SubmissionFilters = {
      ...(query.status ? { status: query.status } : {}),
      ...(present(query.profile_id) ? { profile_id: query.profile_id } : {}),
      ...(present(query.record_id) ? { record_id: query.record_id } : {}),
    };
    const profiles = new Map(listProfiles(ctx, orgId, { includeArchived: true }).map((p) => [p.id, p]));
    let page: { items: ReturnType<typeof listSubmissions>['items']; next?: string };
    let filterError: string | undefined;
    try {
      page = listSubmissions(ctx, orgId, {
        limit: PAGE_SIZE,
        ...(query.status ? { status: query.status } : {}),
        ...(filters.profile_id ? { profileId: filters.profile_id } : {}),
        ...(filters.record_id ? { recordId: filters.record_id } : {}),
        ...(present(query.after) ? { after: query.after } : {}),
      });
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      page = { items: [] };
      filterError = 'That page no longer exists. Start again from the first page.';
    }
    const nextUrl = page.next ? `${SUBMISSIONS_PATH}?${new URLSearchParams({ ...filters, after: page.next })}` : undefined;
    sendPage(
      res,
      <SubmissionsPage
        member={me}
        csrfToken={csrf.token(req, res)}
        submissions={page.items}
        profiles={profiles}
        filters={filters}
        {...(nextUrl ? { nextUrl } : {})}
        {...(filterError ? { filterError } : {})}
      />,
      filterError ? 400 : 200,
    );
  });

  router.get('/submissions/:id', (req, res, next) => {
    const me = member(res);
    const orgId = me.organization.id;
    // Looked up in the member's organisation only: another organisation's id is not found.
    const submission = getSubmission(ctx, orgId, req.params.id);
    if (!submission) {
      next();
      return;
    }
    const profile = getProfile(ctx, orgId, submission.profileId);
    sendPage(
      res,
      <SubmissionPage
        member={me}
        csrfToken={csrf.token(req, res)}
        submission={submission}
        {...(profile ? { profile } : {})}
        resources={resourcesOf(ctx, orgId, submission)}
        transcripts={transcriptsOf(ctx, orgId, submission)}
      />,
    );
  });

}
