'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { Pool } = require('pg');
const { handleDhlWebhook } = require('../src/ingest/dhlWebhook');

function fakeRes() {
  return { status: 0, writeHead(s) { this.status = s; return this; }, end() { return this; } };
}

test('rejects a bad signature', async () => {
  process.env.DHL_WEBHOOK_SECRET = 'test-secret';
  const req = Object.assign([Buffer.from('{}')], { headers: { 'x-dhl-signature': 'bad' } });
  const res = fakeRes();
  await handleDhlWebhook(req, res, null);
  assert.strictEqual(res.status, 401);
});

test('stores a signed DHL event', async () => {
  const pool = new Pool();
  const body = JSON.stringify({ trackingNumber: '1234567890', status: 'PU', timestamp: '2026-02-01T09:12:00Z' });
  const sig = require('node:crypto').createHmac('sha256', 'test-secret').update(body).digest('hex');
  const req = Object.assign([Buffer.from(body)], { headers: { 'x-dhl-signature': sig } });
  const res = fakeRes();
  await handleDhlWebhook(req, res, pool);
  assert.strictEqual(res.status, 202);
  await pool.end();
});
