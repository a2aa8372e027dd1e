import type { EnsFiling } from "./client";

export type AmendmentStatus = "AMENDMENT" | "INVALIDATION";

/** Builds an ENS amendment (IE3A14) for an already accepted house consignment. */
export function buildAmendment(mrn: string, filing: EnsFiling): { status: AmendmentStatus; xml: string } {
  const xml = `<ens:IE3A14 xmlns:ens="urn:ics2:ens:v2"><MRN>${mrn}</MRN><LRN>${filing.lrn}</LRN>${filing.payload}</ens:IE3A14>`;
  return { status: "AMENDMENT", xml };
}
