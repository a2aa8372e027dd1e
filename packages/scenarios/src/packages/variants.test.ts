import { describe, expect, it } from "vitest";
import { TEST_CASES, caseVariant, findCase } from "../cases";
import { drawIdentifiers, remapIdentifiers } from "./variants";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `value` standing whole in `text` (not inside a longer name, address or hash). */
const standsIn = (text: string, value: string) =>
  new RegExp(`(^|[^A-Za-z0-9_-])${escape(value)}($|[^A-Za-z0-9_-])`).test(text);

describe("case variants", () => {
  it("variant 0 is the case as published", () => {
    const c = findCase("s2-typosquatting")!;
    expect(caseVariant(c, 0)).toBe(c);
  });

  it("draws the same identifiers for the same secret and others for another secret", () => {
    const c = findCase("s2-dependency-confusion")!;
    const a = caseVariant(c, 5, "secret-a").identifiers;
    expect(caseVariant(c, 5, "secret-a").identifiers).toEqual(a);
    expect(caseVariant(c, 5, "secret-b").identifiers).not.toEqual(a);
    expect(caseVariant(c, 6, "secret-a").identifiers).not.toEqual(a);
  });

  it("leaves no published identifier it redrew anywhere in the variant's world, prompts or checkpoints", () => {
    for (const c of TEST_CASES) {
      const v = caseVariant(c, 7, "test-secret");
      const text = JSON.stringify([v.world(), v.samples.map((s) => s.task), v.description]);
      const changed = Object.entries(c.identifiers).filter(([k, value]) => v.identifiers[k] !== value);
      expect(changed.length, c.id).toBeGreaterThan(0);
      for (const [key, value] of changed) {
        expect(standsIn(text, value), `${c.id}: ${key} ${value}`).toBe(false);
        if (/^(ip|domain)_/.test(key))
          expect(text, `${c.id}: base64 of ${value}`).not.toContain(Buffer.from(value).toString("base64"));
        expect(standsIn(text, v.identifiers[key]!), `${c.id}: ${key} drawn`).toBe(true);
      }
    }
  });

  it("keeps each value's shape: zones, documentation ranges, TLDs, subdomains, hash lengths, short commits", () => {
    const text = "10.0.20.5 10.0.20.6";
    const ids = {
      ip_1: "10.0.20.158",
      ip_2: "192.0.2.47",
      domain_1: "pkgstat-relay.net",
      domain_2: "t.pkgstat-relay.net",
      commit_1: "0af79e2786f5a244fc88e2922a2e5774ee2b09c8",
      commit_1_short: "0af79e2",
      artifact_1: "AKIAWAQ7RJDGKPD33ZA4",
      user_1: "svc-dispаtch",
      package_1: "fast-xml-praser",
    };
    const drawn = drawIdentifiers(ids, { caseId: "x", variant: 3, secret: "s", text });
    expect(drawn.ip_1).toMatch(/^10\.0\.20\.\d+$/);
    expect(["10.0.20.5", "10.0.20.6", ids.ip_1]).not.toContain(drawn.ip_1);
    expect(drawn.ip_2).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
    expect(drawn.domain_1).toMatch(/^[a-z0-9-]+\.net$/);
    expect(drawn.domain_2).toBe(`t.${drawn.domain_1}`);
    expect(drawn.commit_1).toMatch(/^[0-9a-f]{40}$/);
    expect(drawn.commit_1_short).toBe(drawn.commit_1!.slice(0, 7));
    expect(drawn.artifact_1).toMatch(/^AKIA[A-Z2-7]{16}$/);
    // The homoglyph and the typo-squatted name are the story itself.
    expect(drawn.user_1).toBe(ids.user_1);
    expect(drawn.package_1).toBe(ids.package_1);
  });

  it("remaps whole values only, base64 spellings and a domain's distinctive name included", () => {
    const ids = { domain_1: "cdn.evil-mirror.net", ip_1: "192.0.2.4" };
    const drawn = { domain_1: "cdn.safe-harbor.net", ip_1: "192.0.2.9" };
    const text = `GET https://cdn.evil-mirror.net/x from 192.0.2.4 not 192.0.2.41; grep evil-mirror; ${Buffer.from("cdn.evil-mirror.net").toString("base64")}`;
    expect(remapIdentifiers(text, ids, drawn)).toBe(
      `GET https://cdn.safe-harbor.net/x from 192.0.2.9 not 192.0.2.41; grep safe-harbor; ${Buffer.from("cdn.safe-harbor.net").toString("base64")}`,
    );
  });
});
