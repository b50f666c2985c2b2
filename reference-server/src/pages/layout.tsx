import type { ComponentChildren } from 'preact';
import { FAVICON } from './favicon.js';
import { LIVE_UPDATES_SCRIPT } from './live-updates.js';
import { STYLESHEET } from './styles.js';

export const PRODUCT_NAME = 'Evaluate';

export interface LayoutProps {
  /** The page's own title; the browser title adds the service and product names. */
  title: string;
  /** Shown in the header beside the product name, e.g. "Assessment". */
  service: string;
  /** Prefixes the browser title with "Error:" so a screen reader hears it first on arrival. */
  hasErrors?: boolean;
  /** Same-origin script paths (see `defineAsset`); pages work without them. */
  scripts?: readonly string[];
  /** Main column width: `narrow` for forms and messages. */
  width?: 'narrow' | 'wide';
  /**
   * The content still moves: its `[data-live-region]` parts are fetched again every this many
   * seconds (pages/live-updates.ts). A meta refresh would reload under the reader (WCAG 2.2.1).
   */
  liveSeconds?: number;
  children: ComponentChildren;
}

/** The document around every page: skip link, header, one `main` landmark, footer. */
export function Layout({ title, service, hasErrors = false, scripts = [], width = 'narrow', liveSeconds, children }: LayoutProps) {
  const allScripts = liveSeconds ? [...scripts, LIVE_UPDATES_SCRIPT.path] : scripts;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${hasErrors ? 'Error: ' : ''}${title} – ${service} – ${PRODUCT_NAME}`}</title>
        <link rel="icon" href={FAVICON.path} type="image/svg+xml" />
        <link rel="stylesheet" href={STYLESHEET.path} />
        {allScripts.map((src) => (
          <script src={src} defer />
        ))}
      </head>
      <body>
        <a class="skip-link" href="#main-content">
          Skip to main content
        </a>
        <header class="site-header">
          <div class="container">
            <span class="product">{PRODUCT_NAME}</span>
            <span class="service">{service}</span>
          </div>
        </header>
        <div class={`container${width === 'narrow' ? ' narrow' : ''}`}>
          <main id="main-content" tabIndex={-1} data-live-seconds={liveSeconds ? String(liveSeconds) : undefined}>
            {children}
            {liveSeconds ? <p id="live-status" class="visually-hidden" aria-live="polite"></p> : null}
          </main>
        </div>
        <footer class="site-footer">
          <div class="container">{PRODUCT_NAME} · Investor and talent evaluation</div>
        </footer>
      </body>
    </html>
  );
}
