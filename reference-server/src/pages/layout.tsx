import type { ComponentChildren } from 'preact';
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
  /** Reloads the page after this many seconds (a status still moving), without any script. */
  refreshSeconds?: number;
  children: ComponentChildren;
}

/** The document around every page: skip link, header, one `main` landmark, footer. */
export function Layout({ title, service, hasErrors = false, scripts = [], width = 'narrow', refreshSeconds, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        {refreshSeconds ? <meta http-equiv="refresh" content={String(refreshSeconds)} /> : null}
        <title>{`${hasErrors ? 'Error: ' : ''}${title} – ${service} – ${PRODUCT_NAME}`}</title>
        <link rel="stylesheet" href={STYLESHEET.path} />
        {scripts.map((src) => (
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
          <main id="main-content" tabIndex={-1}>
            {children}
          </main>
        </div>
        <footer class="site-footer">
          <div class="container">{PRODUCT_NAME} · Investor and talent evaluation</div>
        </footer>
      </body>
    </html>
  );
}
