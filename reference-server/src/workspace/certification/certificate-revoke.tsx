import type { Request, Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import { getRun } from '../../certification/index.js';
import { CertificateError, certificateStatus, getCertificate, revokeCertificate, type CertificateRecord } from '../../certificates/index.js';
import { Button, type FieldError, formField, type PageTools, PostForm, seeOther, sendPage, SummaryList, TextField, Time } from '../../pages/index.js';
import { get, member, type Member, mountRoutes, post, viewer, withFound, WorkspacePage } from '../shared/index.js';
import { runPath } from './certification-paths.js';

export const revokePath = (runId: string) => `${runPath(runId)}/certificate/revoke`;

/** The certificate of the run in the path, in the member's organisation; another organisation's is not found. */
const certificateIn = (ctx: AppContext) => async (req: Request, res: Response): Promise<CertificateRecord | undefined> => {
  const runId = req.params['runId'];
  const id = typeof runId === 'string' ? (await getRun(ctx, member(res).organization.id, runId))?.certificate?.id : undefined;
  return id ? getCertificate(ctx, id) : undefined;
};

function RevokePage({ member: me, csrfToken, certificate, status, errors = [] }: { member: Member; csrfToken: string; certificate: CertificateRecord; status: string; errors?: readonly FieldError[] }) {
  const revoked = certificate.revoked;
  return (
    <WorkspacePage member={me} title={`Revoke certificate ${certificate.id}`} section="certification" csrfToken={csrfToken} errors={errors}>
      <h1>Revoke the certificate of {certificate.name}</h1>
      <SummaryList
        rows={[
          { key: 'Certificate', value: <code>{certificate.id}</code> },
          { key: 'Status', value: status },
          { key: 'Issued', value: <Time at={certificate.issuedAt} /> },
        ]}
      />
      {revoked ? (
        <p>
          It was revoked <Time at={revoked.at} /> by {revoked.by}: {revoked.reason}
        </p>
      ) : (
        <>
          <p>Its public page, its badge and every verification will say it is revoked, with your reason. This cannot be undone: a later run can be certified again.</p>
          <PostForm action={revokePath(certificate.runId)} csrfToken={csrfToken}>
            <TextField id="reason" label="Why is it revoked?" hint="Shown publicly on the certificate’s page, for example “the receiver no longer checks signatures”." maxLength={500} {...(errors[0] ? { error: errors[0].message } : {})} />
            <Button>Revoke the certificate</Button>
          </PostForm>
        </>
      )}
      <p>
        <a href={runPath(certificate.runId)}>Back to the run</a>
      </p>
    </WorkspacePage>
  );
}

/** An admin revokes their organisation's certificate, with a reason shown publicly (docs/certification.md#revocation). */
export function certificateRevokeRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  const page = (certificate: CertificateRecord, req: Request, res: Response, errors: FieldError[] = []) =>
    sendPage(res, <RevokePage {...viewer(tools, req, res)} certificate={certificate} status={certificateStatus(certificate, ctx.clock.now())} errors={errors} />, errors.length ? 400 : 200);
  mountRoutes(router, tools, [
    get('/certification/:runId/certificate/revoke', withFound(certificateIn(ctx), (certificate, req, res) => page(certificate, req, res))),
    post(
      '/certification/:runId/certificate/revoke',
      withFound(certificateIn(ctx), async (certificate, req, res) => {
        const reason = (formField(req.body, 'reason') ?? '').trim();
        if (!reason) {
          page(certificate, req, res, [{ field: 'reason', message: 'Enter why the certificate is revoked' }]);
          return;
        }
        try {
          await revokeCertificate(ctx, { certificateId: certificate.id, reason }, { who: member(res).user.email, orgId: certificate.orgId });
        } catch (error) {
          if (!(error instanceof CertificateError)) throw error;
        }
        seeOther(res, runPath(certificate.runId));
      }),
    ),
  ]);
}
