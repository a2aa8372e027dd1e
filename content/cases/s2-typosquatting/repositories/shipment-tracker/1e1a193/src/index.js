'use strict';
require('dotenv').config();
const http = require('node:http');
const { Pool } = require('pg');
const { handleDhlWebhook } = require('./ingest/dhlWebhook');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (req, res) => {
  try {
    if (req.method === 'GET' && req.url === '/healthz') return void res.writeHead(200).end('ok');
    if (req.method === 'POST' && req.url === '/webhooks/dhl') return await handleDhlWebhook(req, res, pool);
    res.writeHead(404).end();
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

server.listen(Number(process.env.PORT ?? 8080));
