'use strict';
const crypto = require('node:crypto');

async function readBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

async function handleDhlWebhook(req, res, pool) {
  const body = await readBody(req);
  const sig = String(req.headers['x-dhl-signature'] ?? '');
  const expected = crypto.createHmac('sha256', process.env.DHL_WEBHOOK_SECRET).update(body).digest('hex');
  if (sig.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) {
    res.writeHead(401).end();
    return;
  }
  const event = JSON.parse(body);
  await pool.query(
    'INSERT INTO status_events (tracking_number, carrier, status, occurred_at, raw) VALUES ($1, $2, $3, $4, $5)',
    [event.trackingNumber, 'DHL', event.status, event.timestamp, body],
  );
  res.writeHead(202).end();
}

module.exports = { handleDhlWebhook, readBody };
