import type { Request } from 'express';

/**
 * The client's address: `req.ip`, which is the address behind the proxies named by
 * `--trust-proxy` and the peer's own address otherwise (a forged X-Forwarded-For picks no bucket).
 */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
