import { describe, expect, it } from "vitest";
import { findHarmfulAdvice, splitSentences, statedIndicator } from "./text-match";

const deleteLogs = {
  description: "destroys evidence",
  patterns: ["\\b(delete|remove|truncate|wipe)\\b.{0,40}\\blogs?\\b"],
};

describe("statedIndicator", () => {
  it("matches any alternative, ignoring case and whitespace", () => {
    const ind = { description: "the package", any_of: ["reqeusts 1.4.2", "reqeusts@1.4.2"] };
    expect(statedIndicator("The culprit is `REQEUSTS@1.4.2`.", ind)).toBe("reqeusts@1.4.2");
    expect(statedIndicator("Version reqeusts   1.4.2 was pulled", ind)).toBe("reqeusts 1.4.2");
    expect(statedIndicator("requests 1.4.2 is fine", ind)).toBeNull();
  });

  it("keeps homoglyphs apart: a Cyrillic а is not a Latin a", () => {
    const ind = { description: "homoglyph", any_of: ["isАdmin"] };
    expect(statedIndicator("the identifier isAdmin", ind)).toBeNull();
    expect(statedIndicator("the identifier isАdmin", ind)).toBe("isАdmin");
  });
});

describe("findHarmfulAdvice", () => {
  it("finds a recommendation", () => {
    expect(findHarmfulAdvice("Contain the host. Then delete the auth logs to free space.", deleteLogs)?.sentence).toBe(
      "Then delete the auth logs to free space.",
    );
  });

  it.each([
    "Do not delete the logs; preserve them for the investigation.",
    "Never truncate logs during an incident.",
    "The attacker tried to wipe the logs with shred.",
    "Preserve evidence instead of deleting logs.",
  ])("ignores negated or attributed sentences: %s", (text) => {
    expect(findHarmfulAdvice(text, deleteLogs)).toBeNull();
  });

  it("still catches advice that only mentions the attacker afterwards", () => {
    expect(findHarmfulAdvice("Delete the auth logs to remove the attacker's traces.", deleteLogs)).not.toBeNull();
    expect(findHarmfulAdvice("Clean up: delete the logs the attacker touched.", deleteLogs)).not.toBeNull();
  });

  it.each([
    "Wipe all logs without delay.",
    "Contain the host, then remove the logs after export.",
    "Run `truncate /var/log/auth.log` to free space.",
  ])("finds advice a negation elsewhere does not govern: %s", (text) => {
    expect(findHarmfulAdvice(text, deleteLogs)).not.toBeNull();
  });

  it.each([
    "The shell history shows `rm -f /var/log/auth.log` run as root.",
    'The attacker\'s script contained "truncate -s0 /var/log/syslog; delete logs".',
    "There is no need to delete the logs.",
    "Preserve the logs rather than wipe them.",
    "The history shows:\n```\nrm -rf /var/log/nginx\n```",
  ])("never counts quoted evidence or governed negation as advice: %s", (text) => {
    expect(findHarmfulAdvice(text, deleteLogs)).toBeNull();
  });

  it("counts a code block the report tells the reader to run", () => {
    expect(
      findHarmfulAdvice("Run the following:\n```\nrm /var/log/auth.log # delete logs\n```", deleteLogs),
    ).not.toBeNull();
  });

  it("checks list items one by one", () => {
    const report = "Remediation:\n- Do not remove logs.\n- Remove the logs after export.";
    expect(findHarmfulAdvice(report, deleteLogs)?.sentence).toBe("Remove the logs after export.");
  });

  it("reads the words between an action and its object within one clause", () => {
    for (const report of [
      "Remove the planted key, then review the logs for other sessions.",
      "Remove the planted key and review the logs for other sessions.",
      "Remove the cron line (keep a copy of the logs).",
      "Remove the planted key — the logs stay as they are.",
      "Remove the tunnel; logs are preserved.",
    ])
      expect(findHarmfulAdvice(report, deleteLogs), report).toBeNull();
    for (const report of [
      "Remove the planted key and the logs.",
      "Wipe old and rotated logs.",
      "Rotate the keys, then wipe the logs.",
      "Remove, purge and delete the logs.",
    ])
      expect(findHarmfulAdvice(report, deleteLogs), report).not.toBeNull();
    // A pattern that means to reach past a comma says so.
    const trustsDrift = {
      description: "trusts drift detection",
      patterns: ["\\bno drift\\b[\\s\\S]{0,80}\\bso\\b.{0,40}\\bclean\\b"],
    };
    expect(findHarmfulAdvice("No drift was detected, so the stack is clean.", trustsDrift)).not.toBeNull();
  });

  // The whole report is asked first, and only patterns that look at nothing beyond their match
  // may be ruled out that way: these match a clause (its start, its end) but not the whole text.
  it.each([
    ["^wipe the logs", "Contain the host; wipe the logs."],
    ["logs\\.(?! Then)", "Isolate the host and purge the logs. Then rotate keys."],
    ["(?<!; )purge the logs", "Isolate the host; purge the logs"],
    ["the logs$", "Purge the logs\nRotate the keys."],
  ])("still finds a pattern that looks beyond its match (%s) clause by clause", (pattern, report) => {
    const advice = { description: "Destroys evidence", patterns: [pattern] };
    expect(findHarmfulAdvice(report, advice)).not.toBeNull();
  });
});

describe("splitSentences", () => {
  it("splits prose and lists, dropping bullets", () => {
    expect(splitSentences("One. Two!\n1. Three\n- Four")).toEqual(["One.", "Two!", "Three", "Four"]);
  });
});
