import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ServerConfig } from '../config.js';
import { addressPolicy, type AddressPolicy } from './address-policy.js';
import { guardedLookup } from './guarded-lookup.js';

/**
 * The server's outbound connections: the address policy of its allowlist and one keep-alive pool
 * per scheme whose every new connection goes through the guarded lookup. One per server, made by
 * the composition root and closed on shutdown (pooled sockets destroyed).
 */
export class OutboundClient {
  readonly policy: AddressPolicy;
  readonly http: HttpAgent;
  readonly https: HttpsAgent;

  constructor(readonly config: Pick<ServerConfig, 'outboundAllowlist' | 'host' | 'publicUrl' | 'trustProxy'>) {
    this.policy = addressPolicy(config.outboundAllowlist);
    const lookup = guardedLookup(this.policy);
    this.http = new HttpAgent({ keepAlive: true, maxSockets: 64, lookup } as ConstructorParameters<typeof HttpAgent>[0]);
    this.https = new HttpsAgent({ keepAlive: true, maxSockets: 64, lookup } as ConstructorParameters<typeof HttpsAgent>[0]);
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
