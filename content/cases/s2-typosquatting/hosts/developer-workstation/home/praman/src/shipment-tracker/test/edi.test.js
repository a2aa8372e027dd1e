'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { parseStatusFeed } = require('../src/edi/parseStatusFeed');

test('parses a Maersk status feed', () => {
  const xml = '<StatusFeed><Event><ContainerNumber>MSKU4821907</ContainerNumber><EventCode>DISC</EventCode><EventDateTime>2026-02-05T22:14:00Z</EventDateTime></Event></StatusFeed>';
  assert.deepStrictEqual(parseStatusFeed(xml, 'MAERSK'), [
    { trackingNumber: 'MSKU4821907', carrier: 'MAERSK', status: 'DISC', occurredAt: '2026-02-05T22:14:00Z' },
  ]);
});

test('parses a DHL tracking response', () => {
  const xml = '<TrackingResponse><Shipment awb="1234567890"><Event><Code>PU</Code><Date>2026-02-04</Date><Time>09:12:00</Time></Event></Shipment></TrackingResponse>';
  assert.strictEqual(parseStatusFeed(xml, 'DHL')[0].status, 'PU');
});
