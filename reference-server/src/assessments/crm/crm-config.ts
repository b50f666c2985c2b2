import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { del, put, type AsyncReader, type StoredRecord } from '../../store/index.js';

/** A CRM target as the API shows it: never its header value. */
export const crmConfigViewSchema = z
  .object({
    url: z.string(),
    authHeader: z.string().nullable(),
    authValueHint: z.string().nullable().describe('The first characters of the sealed header value; the value itself is never shown.'),
    enabled: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .strict();
export type CrmConfigView = z.infer<typeof crmConfigViewSchema>;


/**
 * An organisation's CRM sync target: where each saved result is POSTed, and the one header that
 * authenticates the call (e.g. `Authorization: Bearer …`, `X-API-Key: …`). The header value is
 * sealed with the keyring (it must be read back to call the CRM) and never shown again.
 */
export const CRM_CONFIG = 'assessment_crm_config';
const CONFIG_ID = 'crm';

export interface CrmConfig extends StoredRecord {
  id: typeof CONFIG_ID;
  url: string;
  authHeader: string | null;
  sealedAuthValue: string | null;
  /** The first characters of the header value, to recognise it. */
  authValueHint: string | null;
  enabled: boolean;
  /** The key (`key_…`) of the API request that set it, so a target a certification run's key set ends with the run. */
  setWith?: string;
  createdAt: string;
  updatedAt: string;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'idempotency-key']);

export const crmConfigSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
    auth_header: z
      .string()
      .regex(HEADER_NAME, 'must be an HTTP header name')
      .refine((name) => !FORBIDDEN_HEADERS.has(name.toLowerCase()), 'is set by the server')
      .optional(),
    auth_value: z.string().min(1).max(4096).regex(/^[\t\x20-\x7e]*$/, 'must be printable ASCII').optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((c) => c.auth_header === undefined || c.auth_value !== undefined, {
    message: 'auth_header needs auth_value',
    path: ['auth_value'],
  });

export type CrmConfigInput = z.infer<typeof crmConfigSchema>;

export function getCrmConfig(ctx: { db: AsyncReader }, orgId: string): Promise<CrmConfig | undefined> {
  return ctx.db.get<CrmConfig>(CRM_CONFIG, orgId, CONFIG_ID);
}

/** A configured and enabled target, or undefined. */
export async function activeCrmConfig(ctx: { db: AsyncReader }, orgId: string): Promise<CrmConfig | undefined> {
  const config = await getCrmConfig(ctx, orgId);
  return config?.enabled ? config : undefined;
}

/*
 * The writes below each read the configuration for update in their transaction: a removal by a
 * certification run's keys never removes a target someone set meanwhile, and of two removals one
 * answers true.
 */

export async function putCrmConfig(ctx: AppContext, orgId: string, input: CrmConfigInput, setWith?: string): Promise<CrmConfig> {
  // Sealed before the transaction: nothing slow while the row is locked.
  const sealedAuthValue = input.auth_value === undefined ? null : ctx.keyring.encrypt(input.auth_value);
  return ctx.db.transaction(async (tx) => {
    const previous = await tx.get<CrmConfig>(CRM_CONFIG, orgId, CONFIG_ID, { forUpdate: true });
    const now = new Date(ctx.clock.now()).toISOString();
    // PUT replaces the whole configuration: a sealed value is never carried over implicitly.
    const authHeader = input.auth_value === undefined ? null : (input.auth_header ?? 'Authorization');
    const config: CrmConfig = {
      id: CONFIG_ID,
      url: input.url,
      authHeader,
      sealedAuthValue,
      authValueHint: input.auth_value === undefined ? null : `${input.auth_value.slice(0, Math.min(6, Math.floor(input.auth_value.length / 4)))}…`,
      enabled: input.enabled ?? true,
      ...(setWith ? { setWith } : {}),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    await tx.write([put(CRM_CONFIG, orgId, config)]);
    return config;
  });
}

export function deleteCrmConfig(ctx: Pick<AppContext, 'db'>, orgId: string): Promise<boolean> {
  return deleteCrmConfigIf(ctx, orgId, () => true);
}

/** Removes the target if one of these keys set it (a certification run's keys end with the run); true when removed. */
export function deleteCrmConfigSetWith(ctx: Pick<AppContext, 'db'>, orgId: string, keyIds: readonly string[]): Promise<boolean> {
  return deleteCrmConfigIf(ctx, orgId, (config) => config.setWith !== undefined && keyIds.includes(config.setWith));
}

function deleteCrmConfigIf(ctx: Pick<AppContext, 'db'>, orgId: string, removable: (config: CrmConfig) => boolean): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const config = await tx.get<CrmConfig>(CRM_CONFIG, orgId, CONFIG_ID, { forUpdate: true });
    if (!config || !removable(config)) return false;
    await tx.write([del(CRM_CONFIG, orgId, CONFIG_ID)]);
    return true;
  });
}

/** What GET shows: never the header value. */
export function publicCrmConfig(config: CrmConfig): CrmConfigView {
  return {
    url: config.url,
    authHeader: config.authHeader,
    authValueHint: config.authValueHint,
    enabled: config.enabled,
    createdAt: config.createdAt,
    updatedAt: config.updatedAt,
  };
}
