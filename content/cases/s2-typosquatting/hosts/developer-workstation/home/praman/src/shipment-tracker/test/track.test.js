'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { getTracking } = require('../src/api/track');

function fakeRes() {
  return { status: 0, body: '', writeHead(s) { this.status = s; return this; }, end(b) { this.body = b; return this; } };
}

test('returns 404 for an unknown tracking number', async () => {
  const pool = { query: async () => ({ rows: [] }) };
  const res = fakeRes();
  await getTracking({ url: '/v1/track/NOPE' }, res, pool);
  assert.strictEqual(res.status, 404);
});

test('returns the events of a known tracking number', async () => {
  const pool = { query: async () => ({ rows: [{ status: 'PU', occurred_at: '2026-02-01T09:12:00Z' }] }) };
  const res = fakeRes();
  await getTracking({ url: '/v1/track/1234567890' }, res, pool);
  assert.strictEqual(JSON.parse(res.body).events.length, 1);
});
