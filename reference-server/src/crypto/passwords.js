import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
const scrypt = promisify(scryptCallback);
// OWASP's scrypt minimum (N=2^17, r=8, p=1); parameters travel with the hash so they can rise later.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
export async function hashPassword(password) {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 256 * 1024 * 1024 });
    return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}
export async function verifyPassword(password, stored) {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key)
        return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: 256 * 1024 * 1024,
    });
    return timingSafeEqual(actual, expected);
}
//# sourceMappingURL=passwords.js.map