// A webhook receiver for the certifier's mutants: correct by default; FLAW names one deliberate bug
// (mutants.ts lists them with the check that must catch each). WEBHOOK_URL and WEBHOOK_SECRET come from the run.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const FLAW = process.env.FLAW ?? '';
const url = new URL(process.env.WEBHOOK_URL);
const key = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
const TOLERANCE_S = 5 * 60;
const handled = new Set();

const expected = (id, timestamp, body) => createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
const matches = (signature, digest) => {
  const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
  return given.length === digest.length && timingSafeEqual(given, digest);
};

/** True when the delivery should be acknowledged (the flaws bend exactly one rule each). */
function verify(headers, body) {
  if (FLAW === 'accepts-everything') return true;
  if (FLAW === 'rejects-everything') return false;
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const header = headers['webhook-signature'];
  if (!id || !timestamp) return false;
  if (!header) return FLAW === 'unsigned-passes'; // "no signature: an internal call, let it through"
  const age = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (FLAW !== 'no-timestamp-check') {
    if (age > TOLERANCE_S) return false;
    if (FLAW !== 'past-only-window' && age < -TOLERANCE_S) return false;
  }
  if (FLAW === 'any-signature') return header.startsWith('v1,'); // looks at the scheme, not the value
  const signatures = header.split(' ');
  const digest = expected(id, timestamp, body);
  return (FLAW === 'first-signature-only' ? signatures.slice(0, 1) : signatures).some((s) => matches(s, digest));
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verify(req.headers, body)) {
      res.writeHead(401).end();
      return;
    }
    const id = req.headers['webhook-id'];
    const repeat = handled.has(id);
    handled.add(id);
    if (FLAW === 'slow-ack') await new Promise((resolve) => setTimeout(resolve, 6000)); // works before answering
    res.writeHead(204).end();
    if (repeat && FLAW !== 'processes-repeats') return;
    // With LOOK_UP set, looks the event's subject up once per new delivery (the flaw: once per delivery, repeats included).
    const subject = JSON.parse(body).data?.id;
    if (subject && process.env.LOOK_UP && process.env.AUTOMATION_KEY) {
      await fetch(`${process.env.BASE_URL}/api/automation/submissions/${subject}`, { headers: { 'x-api-key': process.env.AUTOMATION_KEY } }).catch(() => undefined);
    }
  });
}).listen(Number(url.port), url.hostname);
