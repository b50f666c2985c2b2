import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';

/** A file the pages load from this server (no CDN): a stylesheet, a script or an icon. */
export interface Asset {
  /** The URL path, with a content hash in the name so it can be cached for good. */
  path: string;
  contentType: string;
  body: string;
}

export const ASSET_PREFIX = '/assets';

const CONTENT_TYPES = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
} as const;

export function defineAsset(name: string, extension: keyof typeof CONTENT_TYPES, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    path: `${ASSET_PREFIX}/${name}.${hash}.${extension}`,
    contentType: CONTENT_TYPES[extension],
    body,
  };
}

/** Serves the given assets under `/assets`: immutable, same-origin only, never sniffed. */
export function assetRoutes(assets: readonly Asset[]): RequestHandler {
  const routes = Router();
  for (const asset of assets) {
    routes.get(asset.path, (_req, res) => {
      res.set({
        'Content-Type': asset.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      res.send(asset.body);
    });
  }
  // Mounted at the root: every other request passes by with one prefix test instead of entering
  // a router and trying each asset's route (case-insensitive, as Express matches routes).
  const prefix = new RegExp(`^${ASSET_PREFIX}/`, 'i');
  return (req, res, next) => {
    if (prefix.test(req.path)) routes(req, res, next);
    else next();
  };
}
