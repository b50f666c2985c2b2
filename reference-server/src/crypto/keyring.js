import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
/**
 * The server's master key and what it is for: a keyed hash (HMAC-SHA-256) to look up
 * high-entropy secrets without storing them, and AES-256-GCM for the few values that must be
 * read back (webhook signing secrets, CRM credentials, signing keys).
 *
 * API keys are looked up on every request, so they get a fast keyed hash, never a slow one:
 * with 256 random bits there is nothing for a slow hash to protect. Passwords get scrypt.
 */
export class Keyring {
    #key;
    constructor(masterKey) {
        if (masterKey.length !== 32)
            throw new Error('master key must be 32 bytes');
        this.#key = masterKey;
    }
    static generateKey() {
        return randomBytes(32);
    }
    hash(secret) {
        return createHmac('sha256', this.#key).update(secret, 'utf8').digest('base64url');
    }
    encrypt(plaintext) {
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
        const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
        return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    }
    decrypt(sealed) {
        const [version, iv, tag, body] = sealed.split('.');
        if (version !== 'v1' || !iv || !tag || body === undefined)
            throw new Error('not a sealed value');
        const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    }
}
/** Constant-time equality of two strings (false, in constant time, when lengths differ). */
export function safeEqual(a, b) {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    if (left.length !== right.length) {
        timingSafeEqual(left, left);
        return false;
    }
    return timingSafeEqual(left, right);
}
//# sourceMappingURL=keyring.js.map