/** Public identifiers (not secrets): a kind prefix and 96 random bits, URL-safe. */
export interface IdSource {
    next(prefix: string): string;
}
export declare const randomIds: IdSource;
