import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createFlash, type Flash, seeOther } from '../../pages/index.js';
import { WORKSPACE_PATH } from './names.js';

/** The one-line notice a section's form leaves for the page its 303 leads to. */
export type NoticeFlash = Flash<{ notice: string }>;

export const noticeFlash = (ctx: AppContext, cookieName: string, maxLength = 300): NoticeFlash =>
  createFlash(ctx, { cookieName, cookiePath: WORKSPACE_PATH, schema: z.object({ notice: z.string().max(maxLength) }) });

/** Post/Redirect/Get with a notice: what was done is said once, on the page the browser goes to. */
export function redirectWithNotice(res: Response, flash: NoticeFlash, notice: string, location: string): void {
  flash.set(res, { notice });
  seeOther(res, location);
}

/** The notice left for this page as props to spread, `{}` when there is none; reading it clears it. */
export function takeNotice(flash: NoticeFlash, req: Request, res: Response): { notice?: string } {
  const notice = flash.take(req, res)?.notice;
  return notice ? { notice } : {};
}
