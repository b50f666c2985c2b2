import type { Response } from 'express';
import type { z } from 'zod';
import { InvalidCursorError } from '../store/index.js';
import { decodeCursor, pageBody } from './cursor.js';
import { fieldProblems, sendInvalidFields } from './rest-errors.js';

/*
 * The two answers every REST list and create shares: an input parsed or refused as a 400 naming
 * each field, and one page of a cursor-paged list or a 400 naming `cursor`.
 */

/** Parses with `schema`, or answers 400 naming each invalid field under `root`; undefined means answered. */
export function parsedOr400<S extends z.ZodType>(res: Response, schema: S, input: unknown, root = 'body'): z.infer<S> | undefined {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  sendInvalidFields(res, fieldProblems(parsed.error, root));
  return undefined;
}

type PageRead<T> = { items: T[]; next?: string | undefined };

export interface CursorPageRequest<T, V> {
  /** The list's name, which its cursors carry so one list's cursor is refused on another. */
  list: string;
  cursor: string | undefined;
  /** What the cursor points at, for the 400 when it has gone meanwhile: "a subscription", "an attempt". */
  what: string;
  read: (after: string | undefined) => PageRead<T> | Promise<PageRead<T>>;
  view: (item: T) => V;
}

/** Answers one page of a list continuing after the cursor: a cursor of another list, or of a record gone since, is a 400. */
export async function sendCursorPage<T, V>(res: Response, { list, cursor, what, read, view }: CursorPageRequest<T, V>): Promise<void> {
  const after = cursor !== undefined ? decodeCursor(list, cursor) : undefined;
  if (cursor !== undefined && !after) {
    sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list' }]);
    return;
  }
  try {
    const page = await read(after);
    res.json(pageBody(list, page.items.map(view), page.next));
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    sendInvalidFields(res, [{ field: 'cursor', message: `points at ${what} that no longer exists; start again without it` }]);
  }
}
