/** What every area of the workspace shares: who is signed in, the page frame, the route table and the forms' common pages. */
export { member, type Member, requireMember } from './access.js';
export { ConfirmButton, ConfirmPage, NothingToDoPage } from './confirm.js';
export { Body, ExchangeLink, Headers } from './exchange-parts.js';
export { LastUsed } from './last-used.js';
export { SERVICE, WORKSPACE_PATH } from './names.js';
export { noticeFlash, type NoticeFlash, redirectWithNotice, takeNotice } from './notice-flash.js';
export { confirmed, get, mountRoutes, post, type Route, viewer, withFound } from './route-table.js';
export { ShownOnceSlots } from './shown-once-slots.js';
export { type AlreadyShown, CreatedPage, SecretValue, ShownOnce, shownOncePage } from './shown-once.js';
export { baseUrlOf, type Snippet, surfaceSnippets } from './snippets.js';
export { type FormPageProps, WorkspacePage } from './workspace-page.js';
