/** The operations a partner credential or OAuth client may run unless the operator says otherwise. */
export const DEFAULT_PARTNER_OPERATIONS: string[] = ['getUserDataQuery'];
