import { describe, expect, it } from "vitest";
import {
  affirmedPhrase,
  clausesOf,
  dismissedPhrase,
  identifiersOf,
  mayContain,
  mentionsOf,
  phrasePattern,
  searchFold,
} from "./claims";

const kinds = (text: string, phrase: string) => mentionsOf(text, [phrase]).map((m) => m.kind);

describe("mentions on word boundaries", () => {
  it("does not find a number inside another token", () => {
    expect(kinds("The proxy answered HTTP 4120 and then 412.", "412")).toEqual(["affirmed"]);
    expect(kinds("Build 10.0.30.40 shipped", "10.0.30.4")).toEqual([]);
    expect(kinds("fast-xml-praserX", "fast-xml-praser")).toEqual([]);
    expect(kinds("see /.git/config", "/.git/")).toEqual(["affirmed"]);
  });

  it("matches a word's inflections but never runs a number on", () => {
    expect(kinds("A typosquatting attack", "typosquat")).toEqual(["affirmed"]);
    expect(kinds("The key was revoked.", "revoke")).toEqual(["affirmed"]);
    expect(kinds("typosquatters", "typosquat")).toEqual([]);
    expect(kinds("build 4120", "build 412")).toEqual([]);
  });
});

describe("negation governs only its own clause", () => {
  it.each([
    ["There is no reason to rotate the token.", "rotate", "negated"],
    ["Rotate the token, not just the password.", "rotate", "affirmed"],
    ["If it was not rotated, rotate NEXUS_NPM_TOKEN now.", "NEXUS_NPM_TOKEN", "affirmed"],
    ["fast-xml-praser did not come from the internal registry.", "fast-xml-praser", "affirmed"],
    ["It was not fast-xml-praser but undici.", "fast-xml-praser", "negated"],
    ["It was not fast-xml-praser but undici.", "undici", "affirmed"],
    ["Do not delay: rotate the key.", "rotate", "affirmed"],
    // A setting's value is no negation of the next setting; a negated setting stops at its "and".
    ["Set PermitRootLogin no and PasswordAuthentication no.", "PasswordAuthentication no", "affirmed"],
    ["Set PermitRootLogin no and rotate the root password.", "rotate", "affirmed"],
    ["It has no AllowGroups and PermitRootLogin yes.", "PermitRootLogin yes", "affirmed"],
    ["It has no AllowGroups and no PermitRootLogin yes.", "PermitRootLogin yes", "negated"],
    ["It did not come from 203.0.113.77 and 203.0.113.86.", "203.0.113.86", "negated"],
    // Negators that negate nothing after them.
    ["Not only 203.0.113.77 got in: 203.0.113.86 then logged in.", "203.0.113.77", "affirmed"],
    ["Nothing stopped 203.0.113.77 guessing root's password.", "203.0.113.77", "affirmed"],
    // Look-alike letters in the negation read as the letters they imitate.
    ["It did n\u043et come from 203.0.113.77.", "203.0.113.77", "negated"],
    // "No evidence that …" governs its whole clause, however far the mention; and what follows a
    // mention can deny it was there at all.
    ["There is no evidence at all that the successful login came from 203.0.113.77.", "203.0.113.77", "negated"],
    ["Nothing in the logs suggests the tunnel ever reached 203.0.113.86.", "203.0.113.86", "negated"],
    ["It is unclear whether the operator behind the session was 203.0.113.86.", "203.0.113.86", "negated"],
    ["203.0.113.77 was not seen in auth.log.", "203.0.113.77", "negated"],
    ["203.0.113.86 never appeared in the connection table.", "203.0.113.86", "negated"],
    ["203.0.113.77 is absent from every log.", "203.0.113.77", "negated"],
    // What follows a mention and says something else of it affirms it.
    ["203.0.113.86 did not stop after 05:44 and kept the tunnel up.", "203.0.113.86", "affirmed"],
    ["There is no evidence the attacker left; 203.0.113.86 still holds the tunnel.", "203.0.113.86", "affirmed"],
    ["203.0.113.77 was not blocked at the perimeter.", "203.0.113.77", "affirmed"],
  ])("%s → %s is %s", (text, phrase, kind) => {
    expect(kinds(text, phrase)).toEqual([kind]);
  });
});

describe("dismissal", () => {
  it("dismisses what a clause calls benign, unrelated or ruled out", () => {
    expect(kinds("The undici upgrade is unrelated.", "undici")).toEqual(["dismissed"]);
    expect(kinds("192.0.2.47 was a false positive", "192.0.2.47")).toEqual(["dismissed"]);
    expect(kinds("Unlike fast-xml-praser, the undici upgrade is benign.", "fast-xml-praser")).toEqual(["affirmed"]);
  });

  it("dismisses what a clause says is legitimate, trusted or allow-listed, not what merely uses such a thing", () => {
    for (const text of [
      "203.0.113.77 is a trusted partner address.",
      "The logins from 203.0.113.77 were legitimate.",
      "203.0.113.77 is allowlisted at the perimeter.",
      "203.0.113.77 was whitelisted.",
    ])
      expect(kinds(text, "203.0.113.77"), text).toEqual(["dismissed"]);
    for (const text of [
      "203.0.113.77 logged in with a legitimate root password it had guessed.",
      "The attacker at 203.0.113.77 reused a trusted key.",
      "203.0.113.77 is not legitimate.",
    ])
      expect(kinds(text, "203.0.113.77"), text).toEqual(["affirmed"]);
  });

  it("dismisses everything under a ruled-out heading until the next heading", () => {
    const report =
      "## Findings\n- fast-xml-praser 5.2.7\n\n## Ruled out\n- 192.0.2.47\n- svc-build\n\n## Next steps\n- rotate";
    expect(dismissedPhrase(report, ["192.0.2.47"])).toBe("192.0.2.47");
    expect(dismissedPhrase(report, ["svc-build"])).toBe("svc-build");
    expect(affirmedPhrase(report, ["fast-xml-praser", "rotate"])).toBe("fast-xml-praser");
    expect(mentionsOf(report, ["rotate"])[0]!.kind).toBe("affirmed");
  });

  it("dismisses the rest of a line labelled as ruled out", () => {
    expect(kinds("Ruled out: 192.0.2.47 and dev-ws-114", "dev-ws-114")).toEqual(["dismissed"]);
    expect(kinds("**Not related:** the undici bump", "undici")).toEqual(["dismissed"]);
    expect(kinds("Root cause: fast-xml-praser", "fast-xml-praser")).toEqual(["affirmed"]);
  });
});

describe("clauses and identifiers", () => {
  it("splits statements on sentences, semicolons and colons, not commas", () => {
    expect(clausesOf("A; B, C but D. E: F").map((c) => c.text)).toEqual(["A", "B, C but D.", "E", "F"]);
  });

  it("keeps a fact with commas in it whole", () => {
    expect(kinds("The ACL permits function codes 5, 6, 15 and 16 from any host.", "5, 6, 15 and 16")).toEqual([
      "affirmed",
    ]);
  });

  it("rules out what a ruled-out item names first, not what its explanation mentions", () => {
    const report = "## Ruled out\n- 198.51.100.6 is our own egress NAT\n- Run #319 failed before upload_coverage";
    expect(kinds(report, "198.51.100.6")).toEqual(["dismissed"]);
    expect(kinds(report, "egress")).toEqual(["affirmed"]);
    expect(kinds(report, "upload_coverage")).toEqual(["affirmed"]);
  });

  it("collects identifier-like tokens once each", () => {
    expect(
      identifiersOf(
        "Beacon to cdn.xmlparse-mirror.net (192.0.2.47), commit 0af79e2, /var/log/named/queries.log, 192.0.2.47",
      ),
    ).toEqual(
      expect.arrayContaining(["cdn.xmlparse-mirror.net", "192.0.2.47", "0af79e2", "/var/log/named/queries.log"]),
    );
  });
});

describe("answers remembered per text and phrase list", () => {
  it("answers each list asked of the same text for itself, however often either is asked", () => {
    const text = "The intrusion came from 203.0.113.9. The 10.0.20.119 scan is routine and benign.";
    const attacker = ["203.0.113.9"];
    const scanner = ["10.0.20.119"];
    for (let round = 0; round < 3; round++) {
      expect(mentionsOf(text, attacker).map((m) => [m.phrase, m.kind])).toEqual([["203.0.113.9", "affirmed"]]);
      expect(mentionsOf(text, scanner).map((m) => [m.phrase, m.kind])).toEqual([["10.0.20.119", "dismissed"]]);
      // A list of the same phrases made afresh gets the same answer.
      expect(mentionsOf(text, [...scanner]).map((m) => m.kind)).toEqual(["dismissed"]);
    }
    // The same list asked of another text answers for that text.
    expect(mentionsOf("10.0.20.119 brute-forced root.", scanner).map((m) => m.kind)).toEqual(["affirmed"]);
  });

  it("reads a text too long to remember, and a short one, the same way", () => {
    const statement = "Beacon to cdn.xmlparse-mirror.net from 192.0.2.47; 10.0.0.5 is not involved.";
    const long = `${"filler words here. ".repeat(4_000)}${statement}`;
    expect(long.length).toBeGreaterThan(65_536);
    expect(identifiersOf(long)).toEqual(identifiersOf(statement));
    for (const phrase of ["192.0.2.47", "10.0.0.5"])
      expect(mentionsOf(long, [phrase]).map((m) => m.kind)).toEqual(mentionsOf(statement, [phrase]).map((m) => m.kind));
  });
});

describe("the substring prefilter never hides a match the pattern would find", () => {
  // /iu equates ſ (U+017F) with s and the Kelvin sign (U+212A) with k; full-width and accented
  // letters are not ASCII letters to it. Every text the pattern matches must pass the prefilter.
  const phrases = ["typosquat", "kestrel-rate-tables", "10.0.20.158", "AKIAWAQ7RJDGKPD33ZA4", "svc-dispаtch", "—"];
  const texts = [
    "The TYPOSQUATTING package",
    "the typoſquat package",
    "\u212Aestrel-rate-tables was published",
    "KESTREL-RATE-TABLES",
    "from 10.0.20.158 at night",
    "key akiawaq7rjdgkpd33za4 leaked",
    "user SVC-DISPАTCH logged in",
    "a dash — here",
    "ｔｙｐｏｓｑｕａｔ in full width",
    "İstanbul typosquatİ",
  ];

  it("holds for each phrase against each text, including ſ and the Kelvin sign", () => {
    let matched = 0;
    for (const phrase of phrases)
      for (const text of texts) {
        if (!phrasePattern(phrase).test(text)) continue;
        matched++;
        expect(mayContain(searchFold(text), phrase), `${phrase} in ${text}`).toBe(true);
      }
    expect(matched).toBeGreaterThanOrEqual(8);
  });

  it("rules out a text that lacks the phrase's longest ASCII run", () => {
    expect(mayContain(searchFold("nothing to see"), "kestrel-rate-tables")).toBe(false);
    expect(mayContain(searchFold("the typoſquat"), "typosquat")).toBe(true);
    expect(mentionsOf("The typoſquat package is malicious.", ["typosquat"])[0]?.kind).toBe("affirmed");
  });
});
