import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createFlash, type Flash, formField, type PageTools, seeOther, sendPage, Time } from '../../pages/index.js';
import { issueCredential, listCredentials, listUsers, type PublicCredential, revokeCredential } from '../../tenancy/index.js';
import { type AlreadyShown, baseUrlOf, ConfirmPage, confirmed, get, LastUsed, member, mountRoutes, post, shownOncePage, ShownOnceSlots, viewer, withFound, WORKSPACE_PATH } from '../shared/index.js';
import { KeyCreatedPage, KeysPage, KEYS_PATH } from './keys-pages.js';

const labelSchema = z.string().trim().min(1, 'Enter a label for the key').max(200, 'The label must be 200 characters or fewer');

interface Deps {
  ctx: AppContext;
  tools: PageTools;
  lastUsed: (keyId: string) => number | undefined;
  flash: Flash<{ revoked: string }>;
  /** A new key's secret between the create form's 303 and the one page that shows it. */
  created: ShownOnceSlots<{ credential: PublicCredential; secret: string }>;
}

/** The organisation's automation keys, each with the email of the person it acts for. */
async function keysOf(ctx: AppContext, orgId: string) {
  const emails = new Map((await listUsers(ctx, orgId)).map((u) => [u.id, u.email]));
  return (await listCredentials(ctx, orgId))
    .filter((c) => c.kind === 'automation_key')
    .map((c) => ({ ...c, ownerEmail: (c.userId && emails.get(c.userId)) || '—' }));
}

/** The key of the path among this organisation's automation keys: another organisation's key id is simply not found. */
const keyIn = (ctx: AppContext) => async (req: Request, res: Response) => (await keysOf(ctx, member(res).organization.id)).find((k) => k.keyId === req.params['keyId']);

const listPage = ({ ctx, tools, flash, lastUsed }: Deps): RequestHandler => async (req, res) => {
  const notice = flash.take(req, res);
  sendPage(res, <KeysPage {...viewer(tools, req, res)} keys={await keysOf(ctx, member(res).organization.id)} lastUsed={lastUsed} {...(notice ? { revoked: notice.revoked } : {})} />);
};

const create = ({ ctx, tools, created, lastUsed }: Deps): RequestHandler => async (req, res) => {
  const me = member(res);
  const raw = formField(req.body, 'label') ?? '';
  const label = labelSchema.safeParse(raw);
  if (!label.success) {
    const message = label.error.issues[0]?.message ?? 'Enter a label for the key';
    sendPage(res, <KeysPage {...viewer(tools, req, res)} keys={await keysOf(ctx, me.organization.id)} lastUsed={lastUsed} label={raw} errors={[{ field: 'label', message }]} />, 400);
    return;
  }
  const issued = await issueCredential(ctx, { kind: 'automation_key', orgId: me.organization.id, userId: me.user.id, label: label.data });
  // Post/Redirect/Get: a reload of the page that shows the key reads the (spent) slot and never posts again.
  seeOther(res, `${KEYS_PATH}/created/${await created.put(req, { credential: issued.credential, secret: issued.secret })}`);
};

const ALREADY_SHOWN_KEY: AlreadyShown = { section: 'keys', what: 'automation key', back: { href: KEYS_PATH, text: 'Back to automation keys' }, children: 'If it was not copied, create a new key and revoke the one nobody has.' };

const createdPage = ({ ctx, tools, created }: Deps) =>
  shownOncePage(tools, created, ALREADY_SHOWN_KEY, (shown, req, res) => (
    <KeyCreatedPage {...viewer(tools, req, res)} credential={shown.credential} secret={shown.secret} baseUrl={baseUrlOf(ctx, req)} />
  ));

// "Are you sure?": revoking breaks every Zap and workflow that uses the key, at once.
const revokeConfirm = ({ ctx, tools, lastUsed }: Deps) =>
  withFound(
    async (req, res) => {
      const key = await keyIn(ctx)(req, res);
      return key?.revokedAt ? undefined : key;
    },
    (key, req, res) => {
      sendPage(
        res,
        <ConfirmPage
          {...viewer(tools, req, res)}
          section="keys"
          question={`Revoke the key “${key.label}”?`}
          action={`${KEYS_PATH}/${encodeURIComponent(key.keyId)}/revoke`}
          confirm="Yes, revoke the key"
          back={{ href: KEYS_PATH, text: 'No, keep the key' }}
          consequences={[
            <>
              Every Zap, n8n workflow or script that uses the key starting <code>{key.hint}</code> is refused (401) from its next request, and stops until it is given a new key.
            </>,
            <>
              Last used: <LastUsed at={lastUsed(key.keyId)} />.
            </>,
            <>
              It acts for {key.ownerEmail} and was created <Time at={key.createdAt} />.
            </>,
          ]}
        />,
      );
    },
  );

const revoke = ({ ctx, flash }: Deps) =>
  withFound(keyIn(ctx), async (key, _req, res) => {
    await revokeCredential(ctx, key.keyId);
    flash.set(res, { revoked: key.label });
    seeOther(res, KEYS_PATH);
  });

/**
 * Automation keys, issued by an organisation admin inside the application (the spec). The same
 * records as the operator's `key create --kind automation`: both go through issueCredential.
 */
export function keysRoutes(ctx: AppContext, router: Router, tools: PageTools, lastUsed: (keyId: string) => number | undefined): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_keys', cookiePath: WORKSPACE_PATH, schema: z.object({ revoked: z.string().max(200) }) });
  const deps: Deps = { ctx, tools, lastUsed, flash, created: new ShownOnceSlots(ctx, 'automation-key') };
  mountRoutes(router, tools, [
    get('/keys', listPage(deps)),
    post('/keys', create(deps)),
    get('/keys/created/:slot', createdPage(deps)),
    ...confirmed('/keys/:keyId/revoke', revokeConfirm(deps), revoke(deps)),
  ]);
}
