import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";
import { htmlPathScrubber, logsLabel, VIEWER_INSTALL_DIR } from "./shown-paths";

describe("htmlPathScrubber", () => {
  it("rewrites the workspace (the logs dir's parent), its parent and the install dir, as the page spells them", () => {
    const scrub = htmlPathScrubber("/srv/bench/data/workspace/logs", "/srv/bench/app");
    const page = escapeHtml(
      "open '/srv/bench/data/workspace/logs/a.json' · /srv/bench/data/private/db · /srv/bench/app/bin/x.mjs · /srv/bench/data/workspace",
    );
    expect(scrub(page)).toBe(escapeHtml("open 'logs/a.json' · ../private/db · <install>/bin/x.mjs · ."));
  });

  it("leaves siblings, other paths and short data or install dirs (simulated hosts' paths) alone", () => {
    const scrub = htmlPathScrubber("/tmp/ws/logs", "/app");
    const page = "/tmp/ws-old/a /tmp/payload.sh /app/package.json /var/log/nginx/access.log";
    expect(scrub(page)).toBe(page);
    expect(scrub("/tmp/ws/logs/x.json")).toBe("logs/x.json");
  });

  it("finds a directory whose name holds characters HTML escapes", () => {
    const scrub = htmlPathScrubber("/srv/o'brien & co/ws/logs", "/opt/none/x");
    expect(scrub(escapeHtml("at /srv/o'brien & co/ws/logs/a.json"))).toBe("at logs/a.json");
  });

  it("names the logs directory as the workspace does, and knows its own install dir", () => {
    expect(logsLabel("/srv/bench/data/workspace/logs/")).toBe("logs");
    expect(existsSync(path.join(VIEWER_INSTALL_DIR, "apps/viewer/package.json"))).toBe(true);
  });
});
