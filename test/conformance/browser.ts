import * as cheerio from 'cheerio';
import { CookieJar } from 'tough-cookie';
import type { Reply, RecordingHttp } from './http.js';

export interface FormSubmission {
  action: string;
  method: string;
  fields: Record<string, string>;
}

/**
 * A minimal browser for the sign-in pages: a cookie jar, manual redirects, and HTML forms filled
 * in and submitted the way a browser does (hidden fields included, the clicked button's name and
 * value added). It knows nothing about this server's page layout beyond standard HTML.
 */
export class FormBrowser {
  readonly jar = new CookieJar();

  constructor(private readonly http: RecordingHttp) {}

  async request(method: string, url: string, form?: Record<string, string>): Promise<Reply> {
    const absolute = this.http.url(url);
    const cookie = await this.jar.getCookieString(absolute);
    const reply = await this.http.request(method, absolute, {
      headers: cookie ? { cookie } : {},
      ...(form ? { form } : {}),
    });
    for (const header of reply.setCookies) await this.jar.setCookie(header, absolute, { ignoreError: true });
    return reply;
  }

  /**
   * Follows redirects while they stay on the server, and stops (returning the redirect) at the
   * first one that leaves it: that one goes to the client's redirect URI, which a check inspects.
   */
  async navigate(method: string, url: string, form?: Record<string, string>, maxHops = 10): Promise<{ reply: Reply; url: string }> {
    let current = this.http.url(url);
    let reply = await this.request(method, current, form);
    for (let hop = 0; hop < maxHops && reply.status >= 300 && reply.status < 400; hop += 1) {
      const location = reply.headers.get('location');
      if (!location) break;
      const next = new URL(location, current);
      if (next.origin !== new URL(this.http.baseUrl).origin) break;
      current = next.href;
      // 303 (and 302/301 after a POST, as browsers do) turn into a GET; 307/308 would repeat the POST.
      reply = await this.request('GET', current);
    }
    return { reply, url: current };
  }

  /** The forms of a page, with each field's current value (what a browser would submit). */
  static forms(html: string, pageUrl: string): { action: string; method: string; fields: Record<string, string>; buttons: { name: string; value: string; label: string }[]; inputs: { name: string; type: string }[] }[] {
    const $ = cheerio.load(html);
    return $('form')
      .toArray()
      .map((form) => {
        const $form = $(form);
        const fields: Record<string, string> = {};
        const inputs: { name: string; type: string }[] = [];
        $form.find('input[name], textarea[name], select[name]').each((_, element) => {
          const $el = $(element);
          const name = $el.attr('name') ?? '';
          const type = ($el.attr('type') ?? element.tagName).toLowerCase();
          if (type === 'submit' || type === 'button' || type === 'image') return;
          if ((type === 'checkbox' || type === 'radio') && $el.attr('checked') === undefined) return;
          inputs.push({ name, type });
          fields[name] = element.tagName === 'select' ? ($el.find('option[selected]').attr('value') ?? $el.find('option').first().attr('value') ?? '') : ($el.attr('value') ?? $el.text() ?? '');
        });
        const buttons = $form
          .find('button[name], input[type=submit][name]')
          .toArray()
          .map((b) => ({ name: $(b).attr('name') ?? '', value: $(b).attr('value') ?? '', label: ($(b).text() || $(b).attr('value') || '').trim() }));
        return {
          action: new URL($form.attr('action') ?? '', pageUrl).href,
          method: ($form.attr('method') ?? 'get').toUpperCase(),
          fields,
          buttons,
          inputs,
        };
      });
  }
}
