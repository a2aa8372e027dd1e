import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INSTALL_DIR, workspacePathScrubber } from "./server-paths";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "analystbench-paths-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("workspacePathScrubber", () => {
  it("makes paths inside the workspace relative and the workspace itself '.'", () => {
    const ws = path.join(root, "data", "workspace");
    mkdirSync(ws, { recursive: true });
    const scrub = workspacePathScrubber(ws);
    expect(scrub(`  eval log  ${ws}/logs/a.json\n  report    ${ws}/results/s1/r.md`)).toBe(
      "  eval log  logs/a.json\n  report    results/s1/r.md",
    );
    expect(scrub(`Rebuilt 13 environments into ${ws}.`)).toBe("Rebuilt 13 environments into ..");
    expect(scrub(`cwd '${ws}' and '${ws}/'`)).toBe("cwd '.' and '.'");
    expect(scrub(`EACCES: permission denied, mkdir '${ws}//results'`)).toBe(
      "EACCES: permission denied, mkdir 'results'",
    );
  });

  it("writes the data dir (the workspace's parent) as '..' and the install dir as <install>", () => {
    const data = path.join(root, "data");
    const ws = path.join(data, "workspace");
    const scrub = workspacePathScrubber(ws, { installDir: path.join(root, "app") });
    expect(scrub(`${data}/private/analystbench.db is locked`)).toBe("../private/analystbench.db is locked");
    expect(scrub(`at file://${root}/app/packages/engine/src/cli/main.ts:12:3`)).toBe(
      "at file://<install>/packages/engine/src/cli/main.ts:12:3",
    );
    expect(scrub(`${data}`)).toBe("..");
    // The real install dir by default: this checkout.
    expect(existsSync(path.join(INSTALL_DIR, "bin/analystbench.mjs"))).toBe(true);
  });

  it("leaves siblings whose names only start like the workspace alone", () => {
    const ws = path.join(root, "data", "workspace");
    const scrub = workspacePathScrubber(ws, { installDir: path.join(root, "app") });
    expect(scrub(`${ws}-old/x and ${ws}.bak and ${ws}2`)).toBe(
      `../workspace-old/x and ../workspace.bak and ../workspace2`,
    );
    expect(scrub(`${root}/database`)).toBe(`${root}/database`);
    expect(scrub("")).toBe("");
    expect(scrub("no paths here: /etc/passwd")).toBe("no paths here: /etc/passwd");
  });

  it("knows the workspace by its real path too (reached through a symlink)", () => {
    const real = path.join(root, "real-ws");
    mkdirSync(real);
    const link = path.join(root, "link-ws");
    symlinkSync(real, link);
    const scrub = workspacePathScrubber(link);
    expect(scrub(`${real}/logs/a.json and ${link}/logs/b.json`)).toBe("logs/a.json and logs/b.json");
  });

  it("learns the real path once a missing workspace is created", () => {
    const real = path.join(root, "real-ws");
    const link = path.join(root, "link-ws");
    symlinkSync(real, link);
    const scrub = workspacePathScrubber(link);
    expect(scrub(`${link}/a`)).toBe("a");
    mkdirSync(real);
    expect(scrub(`${real}/a`)).toBe("a");
  });

  it("never treats '/' as a directory to strip", () => {
    const scrub = workspacePathScrubber("/workspace", { installDir: "/" });
    expect(scrub("/workspace/a and /etc/hosts")).toBe("a and /etc/hosts");
  });

  it("leaves simulated hosts' paths alone when the data or install dir is a short one such as /tmp or /app", () => {
    const scrub = workspacePathScrubber("/tmp/bench-ws", { installDir: "/app" });
    expect(scrub("wrote /tmp/payload.sh and /app/package.json; workspace /tmp/bench-ws/logs")).toBe(
      "wrote /tmp/payload.sh and /app/package.json; workspace logs",
    );
  });
});
