import type { AppContext } from '../context.js';
import { type User } from './records.js';
export type PublicUser = Omit<User, 'passwordHash'>;
export declare const normalizeEmail: (email: string) => string;
export declare function toPublicUser({ passwordHash: _hidden, ...user }: User): PublicUser;
export declare function findUserByEmail(ctx: Pick<AppContext, 'store'>, email: string): User | undefined;
export declare function getUser(ctx: Pick<AppContext, 'store'>, id: string): User | undefined;
export declare function listUsers(ctx: Pick<AppContext, 'store'>, orgId?: string): PublicUser[];
export declare function createUser(ctx: AppContext, input: {
    orgId: string;
    email: string;
    name: string;
    password: string;
    role?: User['role'];
}): Promise<PublicUser>;
/** The user for this email and password, or undefined; always spends one scrypt, found or not. */
export declare function authenticateUser(ctx: Pick<AppContext, 'store'>, email: string, password: string): Promise<User | undefined>;
