// A webhook receiver that passes every webhook.* check of the integration certification.
// Run by `certify run --command "node receiver.mjs"`: WEBHOOK_URL and WEBHOOK_SECRET come from the run.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const url = new URL(process.env.WEBHOOK_URL);
const webhook = new Webhook(process.env.WEBHOOK_SECRET);
const handled = new Set(); // webhook-ids already handled (keep them in your database, with a TTL)

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8'); // the raw body: the signature covers these bytes
    let event;
    try {
      // Checks the signature (any of several, during a secret rotation) and a ±5 minute timestamp window.
      event = webhook.verify(body, req.headers);
    } catch {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end(); // acknowledge first, work afterwards
    const id = req.headers['webhook-id'];
    if (handled.has(id)) return; // a repeat: acknowledged, not processed twice
    handled.add(id);
    console.log(`received ${event.type} ${event.data?.id ?? ''}`);
  });
}).listen(Number(url.port), url.hostname);
