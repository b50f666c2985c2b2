import cookieParser from 'cookie-parser';
import { Router, type RequestHandler, type Response } from 'express';
import type { VNode } from 'preact';
import type { AppContext } from '../context.js';
import { createPageCsrf, type PageCsrf, type PageCsrfOptions } from './csrf.js';
import { formBody } from './forms.js';
import { pageHeaders } from './headers.js';
import { messageDocument } from './message-page.js';
import { pageErrorHandler, pageNotFound } from './page-errors.js';
import { renderDocument } from './render.js';
import { RenderedAt } from './time.js';

export interface PageSurfaceOptions {
  /** Header text of every page, e.g. "Assessment". */
  service: string;
  /** Where the surface is mounted; its cookies are scoped to it. */
  cookiePath: string;
  cookiePrefix: string;
  sessionIdentifier?: PageCsrfOptions['sessionIdentifier'];
  /** Largest form body accepted, e.g. `32kb`. */
  formLimit: string;
  /** Most fields one form may have. */
  parameterLimit: number;
}

/** What a page surface's routes use. */
export interface PageTools {
  csrf: PageCsrf;
  /** Parses a form body, then refuses it (403 page) unless its CSRF token is valid. */
  acceptForm: RequestHandler[];
}

/** Where the surface leaves its clock for `sendPage`: pages say "3 min ago" by the server's (injected) clock. */
const RENDER_CLOCK = 'pageClock';

/** Sends a rendered page with the page headers; its `<Time>` elements count from the surface's clock. */
export function sendPage(res: Response, page: VNode, status = 200): void {
  pageHeaders(res);
  const clock = res.locals[RENDER_CLOCK] as AppContext['clock'] | undefined;
  res.status(status).type('html').send(renderDocument(clock ? <RenderedAt.Provider value={clock.now()}>{page}</RenderedAt.Provider> : page));
}

/**
 * A router of server-rendered pages with everything a page surface needs around its own routes:
 * cookies, the page headers (CSP, no framing, no caching) on every answer, CSRF-checked form
 * parsing, and a not-found and error page of its own instead of the REST error body.
 */
export function createPageSurface(ctx: AppContext, options: PageSurfaceOptions, routes: (router: Router, tools: PageTools) => void): Router {
  const router = Router();
  const csrf = createPageCsrf(ctx, options);
  router.use(cookieParser());
  router.use((_req, res, next) => {
    pageHeaders(res);
    res.locals[RENDER_CLOCK] = ctx.clock;
    next();
  });
  const refuseForgedForm: RequestHandler = (req, res, next) => {
    if (csrf.valid(req)) {
      next();
      return;
    }
    res.status(403).type('html').send(
      messageDocument({
        service: options.service,
        title: 'This form has expired',
        children: <p>The page was open for a long time or was sent from somewhere else. Go back, reload the page and try again. Nothing was changed.</p>,
      }),
    );
  };
  routes(router, { csrf, acceptForm: [formBody({ limit: options.formLimit, parameterLimit: options.parameterLimit }), refuseForgedForm] });
  router.use(pageNotFound(options.service));
  router.use(pageErrorHandler(ctx.log, options.service, options.formLimit));
  return router;
}
