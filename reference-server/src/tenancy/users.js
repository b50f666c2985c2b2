import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import { GLOBAL, put } from '../store/store.js';
import { USERS } from './records.js';
export const normalizeEmail = (email) => email.trim().toLowerCase();
export function toPublicUser({ passwordHash: _hidden, ...user }) {
    return user;
}
export function findUserByEmail(ctx, email) {
    const wanted = normalizeEmail(email);
    return ctx.store.all(USERS, GLOBAL).find((user) => user.email === wanted);
}
export function getUser(ctx, id) {
    return ctx.store.get(USERS, GLOBAL, id);
}
export function listUsers(ctx, orgId) {
    return ctx.store
        .all(USERS, GLOBAL)
        .filter((user) => orgId === undefined || user.orgId === orgId)
        .map(toPublicUser);
}
export async function createUser(ctx, input) {
    const email = normalizeEmail(input.email);
    if (findUserByEmail(ctx, email))
        throw new Error(`a user with email ${email} already exists`);
    const user = {
        id: ctx.ids.next('usr'),
        orgId: input.orgId,
        email,
        name: input.name,
        role: input.role ?? 'admin',
        passwordHash: await hashPassword(input.password),
        createdAt: new Date(ctx.clock.now()).toISOString(),
    };
    // The hash took time: re-check so two concurrent creates cannot both pass.
    if (findUserByEmail(ctx, email))
        throw new Error(`a user with email ${email} already exists`);
    await ctx.store.write([put(USERS, GLOBAL, user)]);
    return toPublicUser(user);
}
/** The user for this email and password, or undefined; always spends one scrypt, found or not. */
export async function authenticateUser(ctx, email, password) {
    const user = findUserByEmail(ctx, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    return ok && user ? user : undefined;
}
// A hash of a random password, so an unknown email costs what a known one does.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
//# sourceMappingURL=users.js.map