/** Builds the SEPA direct-debit mandate reference (MndtId) for a customer. */
export function mandateReference(customerId: string, sequence: number): string {
  return `KFS-${customerId}-${sequence.toString().padStart(6, "0")}`;
}
