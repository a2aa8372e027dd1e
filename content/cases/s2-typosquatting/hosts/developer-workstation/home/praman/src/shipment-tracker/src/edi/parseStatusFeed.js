'use strict';
const { XMLParser } = require('{{package_1}}');

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: true });

// Maersk status feed (IFTSTA as XML) and DHL Track & Trace XML, normalised to status_events rows
function parseStatusFeed(xml, carrier) {
  const doc = parser.parse(xml);
  if (carrier === 'MAERSK') {
    const events = [].concat(doc.StatusFeed?.Event ?? []);
    return events.map((e) => ({ trackingNumber: e.ContainerNumber, carrier, status: e.EventCode, occurredAt: e.EventDateTime }));
  }
  if (carrier === 'DHL') {
    const shipments = [].concat(doc.TrackingResponse?.Shipment ?? []);
    return shipments.flatMap((s) =>
      [].concat(s.Event ?? []).map((e) => ({ trackingNumber: s['@_awb'], carrier, status: e.Code, occurredAt: `${e.Date}T${e.Time}Z` })),
    );
  }
  throw new Error(`unsupported carrier ${carrier}`);
}

module.exports = { parseStatusFeed };
