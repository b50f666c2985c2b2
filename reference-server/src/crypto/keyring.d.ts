/**
 * The server's master key and what it is for: a keyed hash (HMAC-SHA-256) to look up
 * high-entropy secrets without storing them, and AES-256-GCM for the few values that must be
 * read back (webhook signing secrets, CRM credentials, signing keys).
 *
 * API keys are looked up on every request, so they get a fast keyed hash, never a slow one:
 * with 256 random bits there is nothing for a slow hash to protect. Passwords get scrypt.
 */
export declare class Keyring {
    #private;
    constructor(masterKey: Buffer);
    static generateKey(): Buffer;
    hash(secret: string): string;
    encrypt(plaintext: string): string;
    decrypt(sealed: string): string;
}
/** Constant-time equality of two strings (false, in constant time, when lengths differ). */
export declare function safeEqual(a: string, b: string): boolean;
