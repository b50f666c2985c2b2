/** One request and what came back, kept so a failed check can print both. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; statusText: string; headers: [string, string][]; body: string };
  error?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Each Set-Cookie header, unfolded. */
  setCookies: string[];
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  /** Sent as is (set the content type yourself). */
  body?: string;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The suite's HTTP client: `fetch` that never follows redirects (a check looks at each hop, as
 * the OAuth rules require) and records every exchange into the current check's log.
 */
export class RecordingHttp {
  constructor(
    readonly baseUrl: string,
    private readonly log: Exchange[],
  ) {}

  url(path: string): string {
    return new URL(path, this.baseUrl).href;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const url = this.url(path);
    const exchange: Exchange = { request: { method, url, headers, ...(body !== undefined ? { body } : {}) } };
    this.log.push(exchange);
    let response: Response;
    try {
      response = await fetch(url, { method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}), signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      exchange.error = (error as Error).cause ? `${(error as Error).message}: ${String((error as Error).cause)}` : String(error);
      throw new Error(`${method} ${url} failed: ${exchange.error}`);
    }
    const text = await response.text();
    exchange.response = { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body: text };
    return { status: response.status, headers: response.headers, text, json: parseJson(text), setCookies: response.headers.getSetCookie() };
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.request('POST', path, options);
  put = (path: string, options?: RequestOptions) => this.request('PUT', path, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);
}
