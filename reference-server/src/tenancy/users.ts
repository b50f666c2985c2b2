import type { AppContext } from '../context.js';
import { hashPassword, verifyPassword } from '../crypto/index.js';
import { create, GLOBAL, put, StoreConflictError, type AsyncReader } from '../store/index.js';
import { USER_EMAILS, USERS, type User, type UserEmailGuard } from './tenancy-records.js';

export type PublicUser = Omit<User, 'passwordHash'>;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function toPublicUser({ passwordHash: _hidden, ...user }: User): PublicUser {
  return user;
}

async function userByEmail(db: AsyncReader, email: string): Promise<User | undefined> {
  const wanted = normalizeEmail(email);
  return (await db.all<User>(USERS, GLOBAL)).find((user) => user.email === wanted);
}

export function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string): Promise<User | undefined> {
  return userByEmail(ctx.db, email);
}

export function getUser(ctx: Pick<AppContext, 'db'>, id: string): Promise<User | undefined> {
  return ctx.db.get<User>(USERS, GLOBAL, id);
}

export async function listUsers(ctx: Pick<AppContext, 'db'>, orgId?: string): Promise<PublicUser[]> {
  return (await ctx.db.all<User>(USERS, GLOBAL)).filter((user) => orgId === undefined || user.orgId === orgId).map(toPublicUser);
}

const taken = (email: string) => new Error(`a user with email ${email} already exists`);

/**
 * One user per email, however many servers take the same form at once: the user is written with
 * a `create` of its email's guard, so of two racing creates one commits and the other is refused.
 * The scan of the users stays for data written before the guard existed. The slow password hash
 * runs before the transaction, never inside it.
 */
export async function createUser(
  ctx: AppContext,
  input: { orgId: string; email: string; name: string; password: string; role?: User['role'] },
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(ctx, email)) throw taken(email);
  const user: User = {
    id: ctx.ids.next('usr'),
    orgId: input.orgId,
    email,
    name: input.name,
    role: input.role ?? 'admin',
    passwordHash: await hashPassword(input.password),
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      if (await userByEmail(tx, email)) throw taken(email);
      await tx.write([create<UserEmailGuard>(USER_EMAILS, GLOBAL, { id: email, userId: user.id }), put(USERS, GLOBAL, user)]);
    });
  } catch (error) {
    if (error instanceof StoreConflictError) throw taken(email);
    throw error;
  }
  return toPublicUser(user);
}

/** The user for this email and password, or undefined; always spends one scrypt, found or not. */
export async function authenticateUser(ctx: Pick<AppContext, 'db'>, email: string, password: string): Promise<User | undefined> {
  const user = await findUserByEmail(ctx, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return ok && user ? user : undefined;
}

// A hash of a random password, so an unknown email costs what a known one does.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
