'use strict';

async function getTracking(req, res, pool) {
  const trackingNumber = decodeURIComponent(req.url.slice('/v1/track/'.length));
  const { rows } = await pool.query(
    'SELECT status, occurred_at FROM status_events WHERE tracking_number = $1 ORDER BY occurred_at DESC LIMIT 50',
    [trackingNumber],
  );
  if (rows.length === 0) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unknown tracking number' }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ trackingNumber, events: rows }));
}

module.exports = { getTracking };
