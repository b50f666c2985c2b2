import express, { type RequestHandler, type Response } from 'express';
import { pageHeaders } from './headers.js';

/**
 * Form bodies of the pages: URL-encoded only (what a plain HTML form sends), small, with few
 * fields. A body past a limit is refused by the parser before any handler runs; the page
 * surface's error handler turns that into a page.
 */
export function formBody(options: { limit: string; parameterLimit: number }): RequestHandler {
  return express.urlencoded({ extended: false, limit: options.limit, parameterLimit: options.parameterLimit });
}

/**
 * POST-redirect-GET: every form POST answers 303 See Other to the page that shows the outcome,
 * so a reload repeats the GET, never the POST (and never a 307, which would repost the form).
 */
export function seeOther(res: Response, location: string): void {
  pageHeaders(res);
  res.redirect(303, location);
}

/** The single string value of a form field, or undefined (repeated fields are refused as absent). */
export function formField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every string value of a repeated form field (a checkbox group), in order; none when absent. */
export function formValues(body: unknown, name: string): string[] {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
