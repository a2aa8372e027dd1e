export interface Line {
  quantity: number;
  unitPriceCents: number;
}

export function invoiceTotalCents(lines: Line[]): number {
  return Math.round(lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0));
}
