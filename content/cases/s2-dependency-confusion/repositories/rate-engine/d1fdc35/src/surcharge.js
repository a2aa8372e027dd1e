'use strict';
const Decimal = require('decimal.js');

const REEFER_PER_DAY = new Decimal('38.50');

function reeferSurcharge({ equipment, transitDays }) {
  if (!String(equipment).endsWith('RF')) return new Decimal(0);
  return REEFER_PER_DAY.mul(transitDays).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

module.exports = { reeferSurcharge };
