import type { RequestHandler } from 'express';
import { defineAsset } from './assets.js';

/** The product's mark: a white "E" on the pages' blue, drawn in rectangles so no font is needed. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="6" fill="#1d4ed8"/>' +
  '<path fill="#fff" d="M9 7h14v4H13.5v3H21v4h-7.5v3H23v4H9z"/>' +
  '</svg>';

export const FAVICON = defineAsset('icon', 'svg', SVG);

/**
 * Browsers ask for `/favicon.ico` by themselves (for a JSON answer opened in a tab, or a page
 * whose `<link rel="icon">` they ignore): it leads to the icon instead of a 404.
 */
export const faviconRedirect: RequestHandler = (req, res, next) => {
  if (req.path !== '/favicon.ico' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    next();
    return;
  }
  res.set('Cache-Control', 'public, max-age=86400').redirect(301, FAVICON.path);
};
