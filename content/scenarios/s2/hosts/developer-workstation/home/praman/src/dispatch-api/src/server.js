'use strict';
require('dotenv').config();
const http = require('node:http');
const { z } = require('zod');
const { request } = require('undici');
const log = require('@kestrel/logger').create({ service: 'dispatch-api' });

const Assignment = z.object({
  loadId: z.string().regex(/^LD-\d{8}$/),
  carrierId: z.string().min(3),
  driverId: z.string().min(3).optional(),
});

async function notifyTracking(assignment) {
  const res = await request(`${process.env.TRACKING_URL}/internal/assignments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.TRACKING_TOKEN}` },
    body: JSON.stringify(assignment),
  });
  if (res.statusCode >= 300) throw new Error(`tracking responded ${res.statusCode}`);
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200).end('ok');
    return;
  }
  if (req.method === 'POST' && req.url === '/v1/assignments') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const parsed = Assignment.safeParse(JSON.parse(body || '{}'));
    if (!parsed.success) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(parsed.error.issues));
      return;
    }
    await notifyTracking(parsed.data);
    log.info({ loadId: parsed.data.loadId }, 'load assigned');
    res.writeHead(201).end();
    return;
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT ?? 3000), () => log.info('dispatch-api listening'));
