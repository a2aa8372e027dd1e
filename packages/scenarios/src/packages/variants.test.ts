import { describe, expect, it } from "vitest";
import { TEST_CASES, caseVariant, findCase } from "../cases";
import { camelName, editDistance, foldHomoglyphs, jsonEscaped, typoOf } from "./lookalikes";
import { drawIdentifiers, remapIdentifiers, variantTimeShift } from "./variants";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `value` standing whole in `text` (not inside a longer name, address or hash). */
const standsIn = (text: string, value: string) =>
  new RegExp(`(^|[^A-Za-z0-9_-])${escape(value)}($|[^A-Za-z0-9_-])`).test(text);

/** The printable texts that base64 runs of `text` encode. */
const decodedPayloads = (text: string) =>
  (text.match(/[A-Za-z0-9+/]{16,}={0,2}/g) ?? [])
    .filter((run) => run.length % 4 === 0)
    .map((run) => Buffer.from(run, "base64").toString("utf8"))
    .filter((plain) => /^[\x09\x0a\x0d\x20-\x7e]+$/.test(plain));

describe("case variants", () => {
  it("variant 0 is the case as published", () => {
    const c = findCase("s2-typosquatting")!;
    expect(caseVariant(c, 0)).toBe(c);
  });

  it("draws the same identifiers and shift for the same secret and others for another secret", () => {
    const c = findCase("s2-dependency-confusion")!;
    const a = caseVariant(c, 5, "secret-a").identifiers;
    expect(caseVariant(c, 5, "secret-a").identifiers).toEqual(a);
    expect(caseVariant(c, 5, "secret-b").identifiers).not.toEqual(a);
    expect(caseVariant(c, 6, "secret-a").identifiers).not.toEqual(a);
    const clock = Date.parse(c.world().clock);
    const weeks = (secret: string, n: number) => variantTimeShift(c.id, n, secret, clock).weeks;
    expect(weeks("secret-a", 5)).toBe(weeks("secret-a", 5));
    expect(weeks("secret-a", 0)).toBe(0);
    const shifts = new Set(["a", "b", "c", "d", "e", "f"].map((s) => weeks(`secret-${s}`, 5)));
    expect(shifts.size).toBeGreaterThan(1);
  });

  it("leaves no published identifier anywhere in the variant's world, prompts, checkpoints or description", () => {
    for (const c of TEST_CASES) {
      const v = caseVariant(c, 7, "test-secret");
      const raw = JSON.stringify([v.world(), v.samples, v.description]);
      // Payloads hide values in base64 (an uploaded environment): they count as written.
      const text = `${raw}\n${decodedPayloads(raw).join("\n")}`;
      for (const [key, value] of Object.entries(c.identifiers)) {
        expect(v.identifiers[key], `${c.id}: ${key} is drawn again`).not.toBe(value);
        expect(standsIn(text, value), `${c.id}: ${key} ${value}`).toBe(false);
        if (/^(ip|domain)_/.test(key))
          expect(text, `${c.id}: base64 of ${value}`).not.toContain(Buffer.from(value).toString("base64"));
        expect(standsIn(text, v.identifiers[key]!), `${c.id}: ${key} drawn`).toBe(true);
      }
    }
  });

  it("keeps the story's resemblances: a typo of the same real package, an organisation's prefix, a homoglyph twin", () => {
    const ids = (id: string, n = 7) => caseVariant(findCase(id)!, n, "test-secret").identifiers;
    for (const n of [1, 3, 7, 11]) {
      const typo = ids("s2-typosquatting", n).package_1!;
      expect(typo).not.toBe("fast-xml-parser");
      expect(typo).not.toBe("fast-xml-praser");
      expect(editDistance(typo, "fast-xml-parser")).toBeGreaterThanOrEqual(1);
      expect(editDistance(typo, "fast-xml-parser")).toBeLessThanOrEqual(2);
      // The story says "transposing two letters"; the hints search Nexus for "fast-xml".
      expect(typoOf("fast-xml-parser", typo).kind).toBe("swap");
      expect(typo.startsWith("fast-xml-")).toBe(true);
      expect(ids("s2-dependency-confusion", n).package_1).toMatch(/^kestrel-[a-z]+-[a-z]+$/);
      const cert = ids("s2-stolen-signing-cert", n);
      expect(cert.artifact_1).toBe(`${camelName(cert.package_1!)}-Setup-4.12.1.exe`);
      const lookalike = ids("s2-homoglyph-backdoor", n).user_2!;
      expect(lookalike).toMatch(/[^\x00-\x7f]/);
      expect(foldHomoglyphs(lookalike)).toMatch(/^svc-[a-z]+$/);
      expect(foldHomoglyphs(lookalike)).not.toBe("svc-dispatch");
    }
    // The real package stays in the world beside the squat; the twin of the homoglyph is drawn with it.
    const squat = caseVariant(findCase("s2-typosquatting")!, 7, "test-secret");
    expect(squat.world().packages.map((p) => p.name)).toEqual(
      expect.arrayContaining(["fast-xml-parser", squat.identifiers.package_1]),
    );
    const homoglyph = caseVariant(findCase("s2-homoglyph-backdoor")!, 7, "test-secret");
    const text = JSON.stringify([homoglyph.world(), homoglyph.samples, homoglyph.description]);
    const twin = foldHomoglyphs(homoglyph.identifiers.user_2!);
    expect(standsIn(text, twin)).toBe(true);
    expect(standsIn(text, "svc-dispatch")).toBe(false);
    expect(text).not.toContain("svc-disp\\\\u0430tch");
    expect(text).toContain(JSON.stringify(jsonEscaped(homoglyph.identifiers.user_2!)).slice(1, -1));
  });

  it("moves every date of the variant by its whole-week shift, weekdays and times of day kept", () => {
    for (const id of ["s2-typosquatting", "s1-ics"]) {
      const c = findCase(id)!;
      const published = c.world();
      const v = caseVariant(c, 7, "test-secret");
      const { weeks } = variantTimeShift(c.id, 7, "test-secret", Date.parse(published.clock));
      expect(Math.abs(weeks)).toBeGreaterThanOrEqual(1);
      const week = 7 * 86_400_000;
      expect(Date.parse(v.world().clock) - Date.parse(published.clock)).toBe(weeks * week);
      // Every evidence line of every log (the attack's among them) moved by the shift, on the same weekday.
      const times = (w: typeof published) => w.hosts.flatMap((h) => h.logs.flatMap((l) => l.lines.map((x) => x.time)));
      const [before, after] = [times(published), times(v.world())];
      expect(before.length).toBeGreaterThan(0);
      after.forEach((t, i) => {
        expect(Date.parse(t) - Date.parse(before[i]!)).toBe(weeks * week);
        expect(new Date(t).getUTCDay()).toBe(new Date(before[i]!).getUTCDay());
      });
      // Lazily generated noise reads its window from the world: it moved too.
      const noise = (w: typeof published) =>
        w.hosts.flatMap((h) => h.logs.flatMap((l) => (l.noise ? [l.noise.from] : [])));
      noise(v.world()).forEach((t, i) => expect(Date.parse(t) - Date.parse(noise(published)[i]!)).toBe(weeks * week));
    }
    const squat = findCase("s2-typosquatting")!;
    const v = caseVariant(squat, 7, "test-secret");
    const commit = (w: ReturnType<typeof squat.world>, hash: string) =>
      w.repositories.flatMap((r) => r.commits).find((x) => x.hash === hash)!.date;
    const { weeks } = variantTimeShift(squat.id, 7, "test-secret", Date.parse(squat.world().clock));
    const attack = Date.parse(commit(squat.world(), squat.identifiers.commit_1!));
    expect(Date.parse(commit(v.world(), v.identifiers.commit_1!)) - attack).toBe(weeks * 7 * 86_400_000);
    // A dated artifact's name follows the shift.
    const ics = caseVariant(findCase("s1-ics")!, 7, "test-secret");
    const icsWeeks = variantTimeShift("s1-ics", 7, "test-secret", Date.parse(findCase("s1-ics")!.world().clock)).weeks;
    const shifted = new Date(Date.parse("2026-03-13T00:00:00Z") + icsWeeks * 7 * 86_400_000).toISOString().slice(0, 10);
    expect(ics.identifiers.artifact_1).toMatch(new RegExp(`^[A-Za-z]+_[A-Z]+_${shifted}_2216\\.gwbk$`));
  });

  it("never moves a port, a PID or a version", () => {
    const c = findCase("s2-typosquatting")!;
    const [published, variant] = [c.world(), caseVariant(c, 7, "test-secret").world()];
    const numbers = (w: typeof published) =>
      w.hosts.map((h) => [h.processes.map((p) => p.pid), h.sockets.map((s) => `${s.local.split(":").pop()} ${s.pid}`)]);
    expect(numbers(variant)).toEqual(numbers(published));
    const versions = (w: typeof published) => w.packages.map((p) => p.versions.map((x) => x.version));
    expect(versions(variant)).toEqual(versions(published));
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
    // The homoglyph and the typo-squatted name are the story itself: drawn with their resemblance.
    expect(foldHomoglyphs(drawn.user_1!)).toMatch(/^svc-[a-z]+$/);
    expect(drawn.user_1).toMatch(/а/);
    expect(drawn.package_1).not.toBe(ids.package_1);
  });

  it("draws typosquats of the real package of the case, of the same kind, and keeps nothing unchanged", () => {
    const ctx = { caseId: "x", variant: 2, secret: "s", text: "npm i fast-xml-parser; npm i left-pad" };
    for (const [typo, kind] of [
      ["fast-xml-praser", "swap"],
      ["fast-xml-parsr", "drop"],
      ["fast-xml-parrser", "double"],
      ["fast-xmlparser", "hyphen"],
    ] as const) {
      expect(typoOf("fast-xml-parser", typo).kind).toBe(kind);
      for (let variant = 1; variant < 6; variant++) {
        const drawn = drawIdentifiers({ package_1: typo }, { ...ctx, variant }).package_1!;
        expect(typoOf("fast-xml-parser", drawn).kind, drawn).toBe(kind);
        expect([typo, "fast-xml-parser"]).not.toContain(drawn);
      }
    }
    const drawn = drawIdentifiers(
      {
        user_1: "ci-bot",
        artifact_1: "tmp_cmd_out",
        user_2: "rb-support",
        version_1: "4.12.1",
        package_1: "@acme/rate-tables",
      },
      ctx,
    );
    expect(drawn.user_1).toMatch(/^[a-z]+-bot$/);
    expect(drawn.artifact_1).toMatch(/^tmp_[a-z]+_out$/);
    expect(drawn.user_2).toMatch(/^[a-z]+-support$/);
    expect(drawn.version_1).toMatch(/^4\.\d+\.\d+$/);
    expect(drawn.package_1).toMatch(/^@acme\/[a-z]+-[a-z]+$/);
    for (const key of Object.keys(drawn)) expect(drawn[key], key).not.toBe(drawn[key] === undefined ? "" : undefined);
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
