import { LOCAL_ISSUER, type CertificateRecord, type CertificateStatus } from '../certificates/index.js';
import { Layout, SummaryList, Table, utcText } from '../pages/index.js';

export const SERVICE = 'Certificates';

const OUTCOME_TEXT: Record<string, string> = { pass: 'Passed', fail: 'Failed', warn: 'Warning', not_run: 'Not run', pending: 'Waiting' };
const OUTCOME_TAG: Record<string, string> = { pass: 'green', fail: 'red', warn: 'yellow', not_run: 'grey', pending: 'grey' };

function StatusNotice({ certificate, status }: { certificate: CertificateRecord; status: CertificateStatus }) {
  if (status === 'revoked')
    return (
      <div class="notice" role="status">
        <strong>Revoked</strong> on {utcText(certificate.revoked?.at ?? '')}: {certificate.revoked?.reason}
      </div>
    );
  if (status === 'expired')
    return (
      <div class="notice" role="status">
        <strong>Expired</strong> on {utcText(certificate.expiresAt)}.
      </div>
    );
  return (
    <div class="notice success" role="status">
      <strong>Valid</strong>: every MUST check passed.
    </div>
  );
}

/**
 * The public page of a certificate, for a platform reviewer who was given its URL: what was
 * certified, by which organisation, when and until when, each check and its outcome, and the
 * issuer — read from the certificate as signed, so nothing of the run (its URLs, credentials,
 * who started it) can appear here.
 */
export function CertificatePage({ certificate, status, jwsPath, keysPath }: { certificate: CertificateRecord; status: CertificateStatus; jwsPath: string; keysPath: string }) {
  const local = certificate.issuer === LOCAL_ISSUER;
  return (
    <Layout title={`Certificate ${certificate.id}`} service={SERVICE} width="wide">
      <h1>{certificate.name}</h1>
      <StatusNotice certificate={certificate} status={status} />
      <SummaryList
        rows={[
          { key: 'Certified', value: certificate.name },
          { key: 'Organisation', value: certificate.organisation },
          { key: 'Issued by', value: local ? 'local (a server run on someone’s own machine: no platform vouches for it)' : certificate.issuer },
          { key: 'Issued', value: utcText(certificate.issuedAt) },
          { key: 'Valid until', value: utcText(certificate.expiresAt) },
          { key: 'Certificate', value: <code>{certificate.id}</code> },
        ]}
      />
      <h2 id="checks-heading">Checks</h2>
      <Table
        labelledBy="checks-heading"
        rows={certificate.checks}
        columns={[
          { heading: 'Check', kind: 'id', cell: (c) => <code>{c.id}</code> },
          { heading: 'Level', cell: (c) => c.level },
          { heading: 'Outcome', cell: (c) => <span class={`tag ${OUTCOME_TAG[c.outcome] ?? 'grey'}`}>{OUTCOME_TEXT[c.outcome] ?? c.outcome}</span> },
        ]}
      />
      <h2>Verify it yourself</h2>
      <p>
        The certificate is a signed JWS: <a href={jwsPath}>download it</a> and check it against the issuer’s <a href={keysPath}>public keys</a> with any JOSE
        library, or with <code>npx reference-server certify verify &lt;this page’s URL&gt;</code>.
      </p>
    </Layout>
  );
}
