'use strict';
const Decimal = require('decimal.js');
const tables = require('{{package_1}}');

// Price a lane: base rate per container from the tariff tables plus the weekly fuel surcharge
function quote({ origin, destination, equipment, containers = 1, week }) {
  const lane = tables.lane(origin, destination);
  if (!lane) throw new Error(`no tariff for ${origin}-${destination}`);
  const base = new Decimal(lane.rates[equipment]);
  const perContainer = base.plus(base.mul(tables.fuelSurcharge(week)));
  return { currency: lane.currency, perContainer: perContainer.toFixed(2), total: perContainer.mul(containers).toFixed(2) };
}

module.exports = { quote };
