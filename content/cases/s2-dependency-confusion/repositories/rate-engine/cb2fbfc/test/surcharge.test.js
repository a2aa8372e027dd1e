'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { reeferSurcharge } = require('../src/surcharge');

test('no surcharge for dry containers', () => {
  assert.strictEqual(reeferSurcharge({ equipment: '40HC', transitDays: 12 }).toString(), '0');
});

test('reefer surcharge per transit day', () => {
  assert.strictEqual(reeferSurcharge({ equipment: '40RF', transitDays: 12 }).toFixed(2), '462.00');
});
