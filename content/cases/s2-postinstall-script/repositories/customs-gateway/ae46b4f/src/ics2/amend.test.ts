import { describe, expect, it } from "vitest";
import { buildAmendment } from "./amend";

describe("ENS amendment", () => {
  it("wraps the filing in an IE3A14 envelope", () => {
    const out = buildAmendment("26GB0000000000001", { lrn: "KFS-26-004417", payload: "<HouseConsignment/>" });
    expect(out.xml).toContain("<MRN>26GB0000000000001</MRN>");
  });
  it("maps amended house consignment to AMENDED status", () => {
    const out = buildAmendment("26GB0000000000001", { lrn: "KFS-26-004417", payload: "<HouseConsignment/>" });
    expect(out.status).toBe("AMENDED");
  });
});
