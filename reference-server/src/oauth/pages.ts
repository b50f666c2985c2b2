import type { OAuthScope } from '../tenancy/records.js';
import { SCOPE_DESCRIPTIONS } from './scopes.js';

/**
 * The server-rendered sign-in pages: login, consent and the error page. No script at all; the
 * styles are inline under the page's CSP nonce. Plain HTML forms, labelled fields, visible focus,
 * errors announced to screen readers, and a layout that holds from a 320 px phone upwards.
 */
export const PRODUCT_NAME = 'Evaluate';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Tagged template that escapes every interpolated value unless it is already rendered HTML. */
class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}
type Part = string | number | Html | Html[] | undefined | false;
function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    if (Array.isArray(part)) out += part.map((p) => p.value).join('');
    else if (part instanceof Html) out += part.value;
    else if (part !== undefined && part !== false) out += escapeHtml(String(part));
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

const STYLES = `
:root{--ink:#14213d;--muted:#4a5568;--line:#d9dee8;--brand:#3b4fd8;--brand-dark:#2c3db3;--bg:#f3f5fa;--danger:#b42318;--danger-bg:#fef3f2;--ok:#067647}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:flex-start;padding:48px 16px;
  font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);
  background:radial-gradient(circle at 15% 0%,#e3e8ff 0,transparent 45%),radial-gradient(circle at 90% 100%,#e6f4f1 0,transparent 40%),var(--bg)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:24px;font-weight:700;font-size:20px;letter-spacing:-.01em;color:var(--ink);text-decoration:none}
.brand svg{flex:none}
main{width:100%;max-width:440px;background:#fff;border:1px solid var(--line);border-radius:16px;padding:32px;box-shadow:0 1px 2px rgba(16,24,40,.04),0 12px 32px -12px rgba(16,24,40,.18)}
h1{font-size:24px;line-height:1.25;margin:0 0 8px;letter-spacing:-.015em}
.lead{margin:0 0 24px;color:var(--muted)}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
.field{margin-bottom:18px}
input[type=email],input[type=password]{width:100%;font:inherit;padding:11px 14px;border:1px solid #b8c0cf;border-radius:10px;background:#fff;color:var(--ink)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #9aa8ff;outline-offset:2px}
input[aria-invalid=true]{border-color:var(--danger)}
button{font:inherit;font-weight:600;border-radius:10px;padding:12px 18px;cursor:pointer;border:1px solid transparent;width:100%}
.primary{background:var(--brand);color:#fff}
.primary:hover{background:var(--brand-dark)}
.secondary{background:#fff;color:var(--ink);border-color:#b8c0cf}
.secondary:hover{background:#f5f7fb}
.alert{display:flex;gap:10px;align-items:flex-start;background:var(--danger-bg);color:var(--danger);border:1px solid #fecdca;border-radius:10px;padding:12px 14px;margin:0 0 20px;font-size:15px}
.context{display:flex;align-items:center;gap:12px;padding:12px 14px;border:1px solid var(--line);border-radius:12px;margin:0 0 24px;background:#fafbfe}
.context>div{flex:1;min-width:0}
.context small{display:block;color:var(--muted);font-size:13px;overflow-wrap:anywhere}
.avatar{flex:none;width:40px;height:40px;border-radius:10px;display:grid;place-items:center;font-weight:700;color:#fff;background:linear-gradient(135deg,#7c5cff,#3b4fd8)}
.avatar.user{border-radius:50%;background:linear-gradient(135deg,#12b76a,#067647)}
.connect{display:flex;align-items:center;justify-content:center;gap:12px;margin:0 0 20px}
.connect .avatar{width:48px;height:48px;font-size:18px}
.dots{color:#98a2b3;letter-spacing:3px}
.scopes{list-style:none;margin:0 0 24px;padding:0;border-top:1px solid var(--line)}
.scopes li{display:flex;gap:12px;padding:14px 0;border-bottom:1px solid var(--line)}
.scopes svg{flex:none;margin-top:2px}
.scopes strong{display:block}
.scopes span{color:var(--muted);font-size:15px}
.actions{display:flex;gap:12px}
.fine{color:var(--muted);font-size:13px;margin:20px 0 0}
.fine a,.switch a{color:var(--brand);font-weight:600}
.switch{font-size:14px;margin-left:auto;white-space:nowrap}
footer{margin-top:24px;color:var(--muted);font-size:13px;text-align:center}
@media (max-width:480px){body{padding:24px 12px}main{padding:24px 20px}.actions{flex-direction:column-reverse}}
`;

const LOGO = html`<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#3b4fd8"/><path d="M9 17.5l4.5 4.5L23 11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const CHECK = html`<svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="10" fill="#dcfae6"/><path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="#067647" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const WARNING = html`<svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 5.5v5.5M10 14v.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('') || '?';

function layout(title: string, nonce: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${PRODUCT_NAME}</title>
<style nonce="${nonce}">${new Html(STYLES)}</style>
</head>
<body>
<div class="brand">${LOGO}<span>${PRODUCT_NAME}</span></div>
<main id="main">
${body}
</main>
<footer>${PRODUCT_NAME} · Investor and talent evaluation</footer>
</body>
</html>`.value;
}

const hiddenFields = (fields: Record<string, string | undefined>): Html[] =>
  Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);

export interface LoginPage {
  nonce: string;
  /** The application being connected; absent when signing in to the workspace itself. */
  clientName?: string;
  /** Where the form posts: the authorize flow's login or the workspace sign-in. */
  action?: string;
  csrfToken: string;
  fields: Record<string, string | undefined>;
  email?: string;
  error?: string;
}

export function loginPage(page: LoginPage): string {
  const errorId = 'login-error';
  return layout(
    'Sign in',
    page.nonce,
    html`<h1>Sign in to continue</h1>
${
      page.clientName
        ? html`<p class="lead">Use your ${PRODUCT_NAME} investor account to connect <strong>${page.clientName}</strong>.</p>`
        : html`<p class="lead">Use your ${PRODUCT_NAME} investor account to open your organisation's workspace.</p>`
    }
${page.error ? html`<div class="alert" role="alert" id="${errorId}">${WARNING}<span>${page.error}</span></div>` : undefined}
<form method="post" action="${page.action ?? '/api/oauth/authorize/login'}" novalidate>
${hiddenFields({ ...page.fields, _csrf: page.csrfToken })}
<div class="field">
<label for="email">Work email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" required autofocus value="${page.email ?? ''}"${
      page.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : undefined
    }>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${
      page.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : undefined
    }>
</div>
<button class="primary" type="submit">Sign in</button>
</form>
${page.clientName ? html`<p class="fine">You will be asked to confirm what ${page.clientName} can access before anything is shared.</p>` : undefined}`,
  );
}

export interface ConsentPage {
  nonce: string;
  clientName: string;
  redirectHost: string;
  user: { name: string; email: string };
  organizationName: string;
  scopes: OAuthScope[];
  csrfToken: string;
  fields: Record<string, string | undefined>;
  switchAccountUrl: string;
  /** Days a grant lasts unused (the refresh token lifetime). */
  idleDays: number;
}

export function consentPage(page: ConsentPage): string {
  return layout(
    `Allow ${page.clientName}`,
    page.nonce,
    html`<div class="connect" aria-hidden="true"><span class="avatar">${initials(page.clientName)}</span><span class="dots">•••</span>${LOGO}</div>
<h1>${page.clientName} wants to access your ${PRODUCT_NAME} account</h1>
<p class="lead">Review what this application will be able to do.</p>
<div class="context">
<span class="avatar user" aria-hidden="true">${initials(page.user.name)}</span>
<div><strong>${page.user.name}</strong><small>${page.user.email}</small><small>${page.organizationName}</small></div>
<span class="switch"><a href="${page.switchAccountUrl}">Not you?</a></span>
</div>
<h2 class="fine" id="scopes-heading">${page.clientName} will be able to:</h2>
<ul class="scopes" aria-labelledby="scopes-heading">
${page.scopes.map((scope) => html`<li>${CHECK}<div><strong>${SCOPE_DESCRIPTIONS[scope].title}</strong><span>${SCOPE_DESCRIPTIONS[scope].detail}</span></div></li>`)}
</ul>
<form method="post" action="/api/oauth/authorize/consent">
${hiddenFields({ ...page.fields, _csrf: page.csrfToken })}
<div class="actions">
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
<button class="primary" type="submit" name="decision" value="allow">Allow access</button>
</div>
</form>
<p class="fine">Allowing sends you back to <strong>${page.redirectHost}</strong>. ${page.clientName}'s access lasts until it is revoked or left unused for ${page.idleDays} days.</p>`,
  );
}

export function errorPage(nonce: string, title: string, message: string): string {
  return layout(
    title,
    nonce,
    html`<div class="alert" role="alert">${WARNING}<span>We could not continue this sign-in.</span></div>
<h1>${title}</h1>
<p class="lead">${message}</p>`,
  );
}
