import type { AppContext } from '../context.js';
import { hashPassword, verifyPassword } from '../crypto/index.js';
import { GLOBAL, put } from '../store/index.js';
import { USERS, type User } from './records.js';

export type PublicUser = Omit<User, 'passwordHash'>;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function toPublicUser({ passwordHash: _hidden, ...user }: User): PublicUser {
  return user;
}

export function findUserByEmail(ctx: Pick<AppContext, 'store'>, email: string): User | undefined {
  const wanted = normalizeEmail(email);
  return ctx.store.all<User>(USERS, GLOBAL).find((user) => user.email === wanted);
}

export function getUser(ctx: Pick<AppContext, 'store'>, id: string): User | undefined {
  return ctx.store.get<User>(USERS, GLOBAL, id);
}

export function listUsers(ctx: Pick<AppContext, 'store'>, orgId?: string): PublicUser[] {
  return ctx.store
    .all<User>(USERS, GLOBAL)
    .filter((user) => orgId === undefined || user.orgId === orgId)
    .map(toPublicUser);
}

export async function createUser(
  ctx: AppContext,
  input: { orgId: string; email: string; name: string; password: string; role?: User['role'] },
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  if (findUserByEmail(ctx, email)) throw new Error(`a user with email ${email} already exists`);
  const user: User = {
    id: ctx.ids.next('usr'),
    orgId: input.orgId,
    email,
    name: input.name,
    role: input.role ?? 'admin',
    passwordHash: await hashPassword(input.password),
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
  // The hash took time: re-check so two concurrent creates cannot both pass.
  if (findUserByEmail(ctx, email)) throw new Error(`a user with email ${email} already exists`);
  await ctx.store.write([put(USERS, GLOBAL, user)]);
  return toPublicUser(user);
}

/** The user for this email and password, or undefined; always spends one scrypt, found or not. */
export async function authenticateUser(ctx: Pick<AppContext, 'store'>, email: string, password: string): Promise<User | undefined> {
  const user = findUserByEmail(ctx, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return ok && user ? user : undefined;
}

// A hash of a random password, so an unknown email costs what a known one does.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
