/** The principal a guard attached; routes behind a guard call this instead of re-checking. */
export function principalOf(req) {
    if (!req.principal)
        throw new Error('route reached without its credential guard');
    return req.principal;
}
//# sourceMappingURL=principal.js.map