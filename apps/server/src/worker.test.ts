import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const BIN = path.resolve(import.meta.dirname, "../../../bin/analystbench.mjs");
const worker = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, "worker", ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ANALYSTBENCH_DATA_DIR: "/nonexistent-ab-data", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

describe("analystbench worker", () => {
  it("says it needs DATABASE_URL, with exit 2, when there is none", () => {
    const r = worker([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^The worker cannot start: a worker needs DATABASE_URL/m);
  });

  it("refuses a bad option or concurrency with its usage, and prints help", () => {
    const bad = worker(["--concurrency", "lots"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency must be a whole number from 1 to 256, but it is "lots"/);
    expect(bad.stderr).toMatch(/usage: analystbench worker/);
    expect(worker(["--bogus"]).status).toBe(2);
    const help = worker(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: analystbench worker \[--concurrency N\]/);
  });

  it("says so in a sentence when the database cannot be reached", () => {
    const r = worker([], {
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      ANALYSTBENCH_DATA_DIR: "/tmp/ab-worker-test",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/The worker cannot start: the Postgres database at DATABASE_URL cannot be used \(/);
  });
});
