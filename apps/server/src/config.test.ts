import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, makeDirs, prepareDataDir } from "./config";

describe("loadConfig", () => {
  it("has safe defaults: loopback, port 3000, ./data, 12 h sessions", () => {
    const c = loadConfig({}, "/srv/ab");
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      dataDir: "/srv/ab/data",
      adminUser: "admin",
      sessionTtlMs: 12 * 3600_000,
    });
    expect(c.privateDir).toBe("/srv/ab/data/private");
    expect(c.workspaceDir).toBe("/srv/ab/data/workspace");
  });

  it.each(["abc", "0", "70000", "30.5", "-1"])("rejects PORT=%s with one sentence", (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/^PORT must be a whole number from 1 to 65535, but it is ".*"\.$/);
  });

  it("rejects a short admin password and a bad admin name", () => {
    expect(() => loadConfig({ ANALYSTBENCH_ADMIN_PASSWORD: "short" })).toThrow(/at least 12 characters/);
    expect(() => loadConfig({ ANALYSTBENCH_ADMIN_USER: "Root User" })).toThrow(/ANALYSTBENCH_ADMIN_USER/);
  });

  it("takes a Postgres DATABASE_URL and refuses anything else in a sentence", () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "postgres://ab:pw@db.internal:5432/analystbench" }).databaseUrl).toBe(
      "postgres://ab:pw@db.internal:5432/analystbench",
    );
    for (const bad of ["mysql://db/x", "db.internal:5432", "file:///tmp/x.db"])
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL must be a Postgres URL/);
  });

  it("reads the team deployment's worker settings and refuses bad ones in a sentence", () => {
    expect(loadConfig({})).toMatchObject({ embeddedWorker: "auto", workerLeaseMs: 10_000 });
    expect(loadConfig({ ANALYSTBENCH_EMBEDDED_WORKER: "OFF", ANALYSTBENCH_WORKER_LEASE_MS: "30000" })).toMatchObject({
      embeddedWorker: "off",
      workerLeaseMs: 30_000,
    });
    expect(() => loadConfig({ ANALYSTBENCH_EMBEDDED_WORKER: "no" })).toThrow(
      /^ANALYSTBENCH_EMBEDDED_WORKER must be "auto" or "off", but it is "no"\.$/,
    );
    // A lease under a few heartbeats (2 s) would take live workers for dead.
    expect(() => loadConfig({ ANALYSTBENCH_WORKER_LEASE_MS: "1000" })).toThrow(
      /^ANALYSTBENCH_WORKER_LEASE_MS must be a whole number from 3000 to 3600000/,
    );
  });

  it("checks the model connections and simulation workers", () => {
    expect(() => loadConfig({ ANALYSTBENCH_MAX_CONNECTIONS: "0" })).toThrow(/^ANALYSTBENCH_MAX_CONNECTIONS must be/);
    expect(() => loadConfig({ ANALYSTBENCH_SIM_WORKERS: "two" })).toThrow(
      /^ANALYSTBENCH_SIM_WORKERS must be a whole number from 1 to 64, but it is "two"\.$/,
    );
    expect(loadConfig({ ANALYSTBENCH_SIM_WORKERS: "3" }).maxConnections).toBe(8);
  });
});

describe("LOG_LEVEL", () => {
  it("is info unless set, and takes a level in any case", () => {
    expect(loadConfig({}, "/tmp").logLevel).toBe("info");
    expect(loadConfig({ LOG_LEVEL: "  " }, "/tmp").logLevel).toBe("info");
    expect(loadConfig({ LOG_LEVEL: " Debug " }, "/tmp").logLevel).toBe("debug");
  });

  it.each(["verbose", "1", "info,debug"])("refuses LOG_LEVEL=%s with one sentence naming the levels", (level) => {
    expect(() => loadConfig({ LOG_LEVEL: level }, "/tmp")).toThrow(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, but it is "${level}".`,
    );
  });
});

describe("ANALYSTBENCH_ALLOWED_HOSTS", () => {
  it("defaults to the listen address and the loopback names", () => {
    expect(loadConfig({}, "/tmp").allowedHosts).toEqual(["127.0.0.1", "localhost", "::1"]);
    expect(loadConfig({ HOST: "10.1.2.3" }, "/tmp").allowedHosts).toContain("10.1.2.3");
  });

  it("adds the names it lists and refuses a name with a port or a scheme", () => {
    const c = loadConfig({ ANALYSTBENCH_ALLOWED_HOSTS: "Bench.Example.com., 10.0.0.5, [fd00::1]" }, "/tmp");
    expect(c.allowedHosts).toEqual(expect.arrayContaining(["bench.example.com", "10.0.0.5", "fd00::1", "localhost"]));
    for (const bad of ["bench.example.com:3000", "http://bench.example.com", "a b", "10.0.0.5:80"])
      expect(() => loadConfig({ ANALYSTBENCH_ALLOWED_HOSTS: bad }, "/tmp"), bad).toThrow(/ANALYSTBENCH_ALLOWED_HOSTS/);
  });
});

describe("prepareDataDir", () => {
  it("creates the private part readable only by its owner and the workspace beside it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ab-config-"));
    try {
      const c = loadConfig({ ANALYSTBENCH_DATA_DIR: path.join(dir, "data") });
      prepareDataDir(c);
      expect(statSync(c.privateDir).mode & 0o777).toBe(0o700);
      expect(statSync(c.workspaceDir).isDirectory()).toBe(true);
      expect(path.relative(c.workspaceDir, c.privateDir).startsWith("..")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops with a sentence when the data dir cannot be created", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ab-config-"));
    try {
      const blocker = path.join(dir, "file");
      writeFileSync(blocker, "not a directory");
      const c = loadConfig({ ANALYSTBENCH_DATA_DIR: path.join(blocker, "data") });
      expect(() => prepareDataDir(c)).toThrow(
        /^ANALYSTBENCH_DATA_DIR .* cannot be created or written to \(\w+\); point it at a writable directory\.$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("makeDirs", () => {
  it("takes a level another process created between its look and its mkdir (workers starting together)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ab-config-"));
    try {
      const target = path.join(dir, "data", "private");
      // The other process wins every race: each level exists by the time this one's mkdir runs.
      const racing = (d: string) => {
        mkdirSync(d);
        mkdirSync(d);
      };
      expect(() => makeDirs(target, racing)).not.toThrow();
      expect(statSync(target).isDirectory()).toBe(true);
      // A file won the race instead: that is still an error.
      const blocked = path.join(dir, "blocked");
      expect(() =>
        makeDirs(blocked, (d) => {
          writeFileSync(d, "x");
          mkdirSync(d);
        }),
      ).toThrow(/EEXIST/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
