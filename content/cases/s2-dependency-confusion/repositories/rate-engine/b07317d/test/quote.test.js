'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { quote } = require('../src/quote');

test('quotes DEHAM-USNYC 40HC with the fuel surcharge', () => {
  const q = quote({ origin: 'DEHAM', destination: 'USNYC', equipment: '40HC', containers: 2, week: '2026-W06' });
  assert.strictEqual(q.currency, 'USD');
  assert.ok(Number(q.total) > 0);
});

test('rejects an unknown lane', () => {
  assert.throws(() => quote({ origin: 'XXXXX', destination: 'USNYC', equipment: '40HC', week: '2026-W06' }), /no tariff/);
});
