export interface Line {
  quantity: number;
  unitPriceCents: number;
}

/** PAY-301: round each line to whole cents before summing, as the tax authority expects. */
export function invoiceTotalCents(lines: Line[]): number {
  return lines.reduce((sum, l) => sum + Math.round(l.quantity * l.unitPriceCents), 0);
}
