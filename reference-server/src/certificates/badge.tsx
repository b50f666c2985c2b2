import { render } from 'preact-render-to-string';
import type { CertificateRecord } from './certificate-records.js';
import { certificateStatus } from './certificate-revocation.js';
import { LOCAL_ISSUER } from './signing-keys.js';

/** Verdana 11 px averages about this many pixels a character: enough to size a badge without a font. */
const CHAR_PX = 7;
const PAD_PX = 10;
const COLOURS = { valid: '#2e7d32', revoked: '#b71c1c', expired: '#6d6d6d' } as const;

/**
 * The badge of a certificate for a README or a listing: "certified | valid to <date>", or
 * revoked or expired as it is now. A local server's certificate says "local" where it is seen.
 * Rendered by preact, which escapes the name and issuer like any page.
 */
export function renderBadge(certificate: CertificateRecord, now: number): string {
  const status = certificateStatus(certificate, now);
  const left = certificate.issuer === LOCAL_ISSUER ? 'certified (local)' : 'certified';
  const right = status === 'valid' ? `valid to ${certificate.expiresAt.slice(0, 10)}` : status;
  const leftWidth = left.length * CHAR_PX + PAD_PX;
  const rightWidth = right.length * CHAR_PX + PAD_PX;
  const width = leftWidth + rightWidth;
  const label = `${certificate.name}: ${left} by ${certificate.issuer}, ${right}`;
  return render(
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={20} role="img" aria-label={label}>
      <title>{label}</title>
      <rect width={leftWidth} height={20} fill="#333" />
      <rect x={leftWidth} width={rightWidth} height={20} fill={COLOURS[status]} />
      <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
        <text x={leftWidth / 2} y={14}>
          {left}
        </text>
        <text x={leftWidth + rightWidth / 2} y={14}>
          {right}
        </text>
      </g>
    </svg>,
  );
}
