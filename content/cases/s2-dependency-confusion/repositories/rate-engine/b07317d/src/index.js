'use strict';
const http = require('node:http');
const Ajv = require('ajv');
const log = require('@kestrel/logger').create({ service: 'rate-engine' });
const { quote } = require('./quote');

const validate = new Ajv().compile({
  type: 'object',
  required: ['origin', 'destination', 'equipment'],
  properties: {
    origin: { type: 'string', pattern: '^[A-Z]{5}$' },
    destination: { type: 'string', pattern: '^[A-Z]{5}$' },
    equipment: { enum: ['20DV', '40DV', '40HC', '20RF', '40RF'] },
    containers: { type: 'integer', minimum: 1, maximum: 500 },
    week: { type: 'string', pattern: '^\\d{4}-W\\d{2}$' },
  },
});

http
  .createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/v1/quote') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const input = JSON.parse(body || '{}');
      if (!validate(input)) return void res.writeHead(400).end(JSON.stringify(validate.errors));
      try {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(quote(input)));
      } catch (err) {
        log.warn({ err: err.message }, 'quote failed');
        res.writeHead(422).end(JSON.stringify({ error: err.message }));
      }
      return;
    }
    res.writeHead(req.url === '/healthz' ? 200 : 404).end();
  })
  .listen(Number(process.env.PORT ?? 8080), () => log.info('rate-engine listening'));
