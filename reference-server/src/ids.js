import { randomFillSync } from 'node:crypto';
const ID_BYTES = 12;
/**
 * Random bytes are drawn for 256 ids at a time: one call into the CSPRNG costs about as much as
 * the few bytes it returns, and a submit makes several ids. The bytes are the same kind
 * (`randomFillSync`, what `randomBytes` draws from), and each is used once.
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;
export const randomIds = {
    next: (prefix) => {
        if (offset === pool.length) {
            randomFillSync(pool);
            offset = 0;
        }
        const id = `${prefix}_${pool.toString('base64url', offset, offset + ID_BYTES)}`;
        offset += ID_BYTES;
        return id;
    },
};
//# sourceMappingURL=ids.js.map