/**
 * What tests drive the sign-in pages with: a cookie jar that follows nothing on its own (every
 * redirect is the caller's to follow or assert), and the hidden fields of a rendered form.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    /** The fetch to send with (an HTTPS test passes one trusting its own certificate). */
    readonly send: typeof fetch = fetch,
  ) {}

  async get(path: string): Promise<Response> {
    return this.#send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    return this.#send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.send(new URL(path, this.base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The hidden fields of the form posting to `action`, as a browser would submit them. */
export function formFields(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action} on this page`);
  const form = page.slice(start, page.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  // Any attribute order, `/>`, and a `>` inside a quoted value (preact leaves it unescaped): a
  // miss here would post an empty form and let a test pass for the wrong reason.
  for (const [tag] of form.matchAll(/<input\b(?:[^>"]|"[^"]*")*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const name = attribute('name');
    if (attribute('type') !== 'hidden' || name === undefined) continue;
    fields[name] = decodeEntities(attribute('value') ?? '');
  }
  return fields;
}

const decodeEntities = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);
