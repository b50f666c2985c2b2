import { z } from 'zod';
/**
 * Opaque list cursors: base64url of `{l: list, a: after-id}`. The list name keeps a cursor of
 * one list from being replayed on another; clients treat the string as opaque.
 */
export function encodeCursor(list, afterId) {
    return Buffer.from(JSON.stringify({ l: list, a: afterId }), 'utf8').toString('base64url');
}
/** The id a cursor continues after, or undefined when it is not a cursor of this list. */
export function decodeCursor(list, cursor) {
    try {
        const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
        if (typeof value !== 'object' || value === null)
            return undefined;
        const { l, a } = value;
        return l === list && typeof a === 'string' && a.length > 0 ? a : undefined;
    }
    catch {
        return undefined;
    }
}
/** A page of a cursor-paged list as the REST surfaces answer it. */
export const cursorPageSchema = (item) => z
    .object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page. Opaque.'),
})
    .strict();
/** The body of one page: its items and the cursor of the next page (null on the last). */
export const pageBody = (list, items, next) => ({
    data: items,
    next_cursor: next ? encodeCursor(list, next) : null,
});
//# sourceMappingURL=cursor.js.map