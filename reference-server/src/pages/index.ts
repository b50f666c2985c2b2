// What the rest of the server uses of pages/: other folders import it from here, never from its files.
export { assetRoutes, defineAsset } from './assets.js';
export { Button, CheckboxGroup, ChoiceGroup, CodeText, ErrorMessage, ErrorSummary, type FieldError, fieldErrors, Panel, PostForm, Progress, SelectField, SummaryList, TextField } from './components.js';
export { cookieName, pageCookieOptions, readCookie } from './cookies.js';
export { COPY_BUTTONS_SCRIPT } from './copy-buttons.js';
export { createPageCsrf, type PageCsrf } from './csrf.js';
export { FAVICON, faviconRedirect } from './favicon.js';
export { createFlash, type Flash } from './flash.js';
export { formBody, formField, formValues, seeOther } from './forms.js';
export { pageHeaders } from './headers.js';
export { Layout, PRODUCT_NAME } from './layout.js';
export { LIVE_UPDATES_SCRIPT } from './live-updates.js';
export { messageDocument } from './message-page.js';
export { renderDocument } from './render.js';
export { STYLESHEET } from './styles.js';
export { createPageSurface, type PageTools, sendPage } from './surface.js';
export { Email } from './email.js';
export { Table } from './table.js';
export { Time, utcText } from './time.js';
