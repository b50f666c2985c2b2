import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { createFlash, formField, seeOther, sendPage, type PageTools, Time } from '../pages/index.js';
import { issueCredential, listCredentials, revokeCredential, type PublicCredential, listUsers } from '../tenancy/index.js';
import { member, requireAdmin } from './access.js';
import { KeyCreatedPage, KeysPage, KEYS_PATH } from './keys-pages.js';
import { WORKSPACE_PATH } from './names.js';
import { AlreadyShownPage } from './shown-once.js';
import { ConfirmPage } from './confirm.js';
import { LastUsed } from './overview-page.js';
import { ShownOnceSlots } from './shown-once-slots.js';

const labelSchema = z.string().trim().min(1, 'Enter a label for the key').max(200, 'The label must be 200 characters or fewer');

/**
 * Automation keys, issued by an organisation admin inside the application (the spec). The same
 * records as the operator's `key create --kind automation`: both go through issueCredential.
 */
export function keysRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools, lastUsed: (keyId: string) => number | undefined): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_keys', cookiePath: WORKSPACE_PATH, schema: z.object({ revoked: z.string().max(200) }) });

  const keysOf = (orgId: string) => {
    const emails = new Map(listUsers(ctx, orgId).map((u) => [u.id, u.email]));
    return listCredentials(ctx, orgId)
      .filter((c) => c.kind === 'automation_key')
      .map((c) => ({ ...c, ownerEmail: (c.userId && emails.get(c.userId)) || '—' }));
  };
  // A new key's secret between the create form's 303 and the one page that shows it.
  const created = new ShownOnceSlots<{ credential: PublicCredential; secret: string }>(ctx);

  router.get('/keys', requireAdmin, (req, res) => {
    const me = member(res);
    const notice = flash.take(req, res);
    sendPage(res, <KeysPage member={me} csrfToken={csrf.token(req, res)} keys={keysOf(me.organization.id)} {...(notice ? { revoked: notice.revoked } : {})} />);
  });

  router.post('/keys', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const raw = formField(req.body, 'label') ?? '';
      const label = labelSchema.safeParse(raw);
      if (!label.success) {
        const message = label.error.issues[0]?.message ?? 'Enter a label for the key';
        sendPage(res, <KeysPage member={me} csrfToken={csrf.token(req, res)} keys={keysOf(me.organization.id)} label={raw} errors={[{ field: 'label', message }]} />, 400);
        return;
      }
      const issued = await issueCredential(ctx, { kind: 'automation_key', orgId: me.organization.id, userId: me.user.id, label: label.data });
      // Post/Redirect/Get: a reload of the page that shows the key reads the (spent) slot and never posts again.
      seeOther(res, `${KEYS_PATH}/created/${created.put(req, { credential: issued.credential, secret: issued.secret })}`);
    } catch (error) {
      next(error);
    }
  });

  router.get('/keys/created/:slot', requireAdmin, (req, res) => {
    const me = member(res);
    const shown = created.take(req, String(req.params['slot']));
    if (!shown) {
      sendPage(
        res,
        <AlreadyShownPage member={me} csrfToken={csrf.token(req, res)} section="keys" what="automation key" back={{ href: KEYS_PATH, text: 'Back to automation keys' }}>
          If it was not copied, create a new key and revoke the one nobody has.
        </AlreadyShownPage>,
        410,
      );
      return;
    }
    sendPage(res, <KeyCreatedPage member={me} csrfToken={csrf.token(req, res)} credential={shown.credential} secret={shown.secret} />);
  });

  // "Are you sure?": revoking breaks every Zap and workflow that uses the key, at once.
  router.get('/keys/:keyId/revoke', requireAdmin, (req, res, next) => {
    const me = member(res);
    const key = keysOf(me.organization.id).find((k) => k.keyId === req.params['keyId'] && !k.revokedAt);
    if (!key) {
      next();
      return;
    }
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
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
  });

  router.post('/keys/:keyId/revoke', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      // Looked up among this organisation's automation keys only: another organisation's key id is simply not found.
      const key = keysOf(me.organization.id).find((k) => k.keyId === req.params.keyId);
      if (!key) {
        next();
        return;
      }
      await revokeCredential(ctx, key.keyId);
      flash.set(res, { revoked: key.label });
      seeOther(res, KEYS_PATH);
    } catch (error) {
      next(error);
    }
  });
}
