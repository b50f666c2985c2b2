// A webhook receiver that verifies with Svix's own library (`svix`): it reads the Standard
// Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) as well as its svix-* ones.
// Run by `certify run --command "node receiver-svix.mjs"`: WEBHOOK_URL and WEBHOOK_SECRET come from the run.
import { createServer } from 'node:http';
import { Webhook } from 'svix';

const url = new URL(process.env.WEBHOOK_URL);
const webhook = new Webhook(process.env.WEBHOOK_SECRET);
const handled = new Set(); // webhook-ids already handled (keep them in your database, with a TTL)

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let event;
    try {
      // The raw body, as received: the signature covers these bytes. verify() also checks the
      // timestamp within ±5 minutes and accepts any one of several signatures (a secret rotation).
      event = webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers);
    } catch {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end(); // acknowledge first, work afterwards
    const id = req.headers['webhook-id'];
    if (handled.has(id)) return; // a repeat: acknowledged, not processed twice
    handled.add(id);
    console.log(`received ${event.type}`);
  });
}).listen(Number(url.port), url.hostname);
