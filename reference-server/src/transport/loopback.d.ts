/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (a peer address or a listen address). */
export declare function isLoopbackAddress(address: string | undefined): boolean;
/** True when the listen address is only reachable from this machine. */
export declare function isLoopbackHost(host: string): boolean;
