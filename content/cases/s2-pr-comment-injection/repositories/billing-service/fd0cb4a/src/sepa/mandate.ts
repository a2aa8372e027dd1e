/** Builds the SEPA direct-debit mandate reference (MndtId) for a customer. */
export function mandateReference(customerId: string, sequence: number): string {
  const ref = `KFS-${customerId}-${sequence.toString().padStart(6, "0")}`;
  // SEPA pain.008: MndtId is Max35Text; longer references are rejected by the bank.
  return ref.slice(0, 35);
}
