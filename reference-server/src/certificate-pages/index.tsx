import { Router } from 'express';
import type { AppContext } from '../context.js';
import { CERTIFICATE_KEYS_PATH, CERTIFICATES_PATH, certificateKeySet, certificateStatus, getCertificate, renderBadge, revocationList } from '../certificates/index.js';
import { createPageSurface, sendPage } from '../pages/index.js';
import { CertificatePage, SERVICE } from './certificate-page.js';

export { CERTIFICATES_PATH };

/** Public documents any page may fetch: a platform's own verifier reads them from its origin. */
const PUBLIC_READ = { 'Access-Control-Allow-Origin': '*' };

/** `/certificates/<id>`, `<id>.svg`, `<id>.jws`: one route, the suffix picks the form. */
const FILE = /^(cer_[A-Za-z0-9_-]{1,64})(?:\.(svg|jws))?$/;

/**
 * The public face of certificates: no sign-in, nothing but what each certificate states.
 * `router` is mounted at /certificates (the page, badge, JWS and the revocation list);
 * `keys` serves the key set at /.well-known/certificate-keys.json.
 */
export function createCertificatePages(ctx: AppContext): { router: Router; keys: Router } {
  const router = createPageSurface(ctx, { service: SERVICE, cookiePath: CERTIFICATES_PATH, cookiePrefix: 'cert', formLimit: '1kb', parameterLimit: 1 }, (pages) => {
    pages.get('/revoked.json', async (_req, res) => {
      res.set(PUBLIC_READ).json(await revocationList(ctx));
    });
    pages.get('/:file', async (req, res, next) => {
      const [, id, kind] = FILE.exec(req.params.file) ?? [];
      const certificate = id ? await getCertificate(ctx, id) : undefined;
      if (!certificate) {
        next();
        return;
      }
      const status = certificateStatus(certificate, ctx.clock.now());
      if (kind === 'jws') res.set(PUBLIC_READ).type('application/jose').send(certificate.jws);
      else if (kind === 'svg') res.type('image/svg+xml').send(renderBadge(certificate, ctx.clock.now()));
      else sendPage(res, <CertificatePage certificate={certificate} status={status} jwsPath={`${CERTIFICATES_PATH}/${certificate.id}.jws`} keysPath={CERTIFICATE_KEYS_PATH} />);
    });
  });
  const keys = Router();
  keys.get(CERTIFICATE_KEYS_PATH, async (_req, res) => {
    res.set(PUBLIC_READ).json(await certificateKeySet(ctx));
  });
  return { router, keys };
}
