import { z } from 'zod';
/**
 * Opaque list cursors: base64url of `{l: list, a: after-id}`. The list name keeps a cursor of
 * one list from being replayed on another; clients treat the string as opaque.
 */
export declare function encodeCursor(list: string, afterId: string): string;
/** The id a cursor continues after, or undefined when it is not a cursor of this list. */
export declare function decodeCursor(list: string, cursor: string): string | undefined;
/** A page of a cursor-paged list as the REST surfaces answer it. */
export declare const cursorPageSchema: <T extends z.ZodType>(item: T) => z.ZodObject<{
    data: z.ZodArray<T>;
    next_cursor: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
/** The body of one page: its items and the cursor of the next page (null on the last). */
export declare const pageBody: <T>(list: string, items: T[], next: string | undefined) => {
    data: T[];
    next_cursor: string | null;
};
