import { Browser } from './browser.js';

/**
 * A participant answering an invite link over plain HTTP, the way a browser without script
 * does: it keeps the cookies, reads each form's CSRF token and question names from the page, and
 * follows the 303s. For tests and partners' CI that need a result "completed through an invite"
 * without a browser (the Chromium test walks the same pages with a keyboard).
 */
export interface InviteRun {
  /** Every page URL visited, in order. */
  visited: string[];
  /** The confirmation page's HTML. */
  donePage: string;
}

const csrfOf = (html: string): string => {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF token on the page');
  return match[1];
};

/** Answers every section of the invite at `url` with `answers` (by question id), then finishes. */
export async function completeInvite(url: string, answers: Record<string, string | number | boolean>): Promise<InviteRun> {
  const browser = new Browser(url);
  const visited: string[] = [];
  const get = async (target: string) => {
    const response = await browser.get(target);
    visited.push(target);
    if (response.status !== 200) throw new Error(`GET ${target} answered ${response.status}`);
    return response.text();
  };
  const post = async (target: string, form: Record<string, string>) => {
    const response = await browser.post(target, form);
    const location = response.headers.get('location');
    if (response.status !== 303 || !location) throw new Error(`POST ${target} answered ${response.status}`);
    return new URL(location, target).href;
  };

  await get(url);
  let page = `${url}/section/1`;
  while (!page.endsWith('/review')) {
    const html = await get(page);
    const names = new Set([...html.matchAll(/name="(q\d+)"/g)].map((m) => m[1] as string));
    const form: Record<string, string> = { _csrf: csrfOf(html), go: 'next' };
    for (const name of names) if (answers[name] !== undefined) form[name] = String(answers[name]);
    page = await post(page, form);
  }
  const review = await get(page);
  const done = await post(`${url}/finish`, { _csrf: csrfOf(review) });
  if (!done.endsWith('/done')) throw new Error(`finishing went to ${done}, not the confirmation: answers missing?`);
  return { visited, donePage: await get(done) };
}
