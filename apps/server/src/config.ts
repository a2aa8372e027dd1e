import { accessSync, chmodSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { defaultAllowedHosts, parseAllowedHost } from "./plugins/host-check";

/**
 * Server configuration, read once from the environment and validated. A bad value stops the
 * server with one sentence that names the variable and what to do, never a stack trace.
 */
export interface Config {
  host: string;
  port: number;
  /** Host names the server answers to (the Host header); anything else is refused. */
  allowedHosts: string[];
  dataDir: string;
  /** Database and secrets: never served. */
  privateDir: string;
  /** Postgres for the team deployment (DATABASE_URL); undefined: the SQLite file in privateDir. */
  databaseUrl: string | undefined;
  /** The file browser's root: scenario exports, script outputs, results, logs. */
  workspaceDir: string;
  adminUser: string;
  adminPassword: string | undefined;
  sessionTtlMs: number;
  /** Concurrent model connections per model, across all runs (and, with Postgres, all workers). */
  maxConnections: number;
  /**
   * With Postgres: whether the server runs samples itself when no worker process is running
   * (ANALYSTBENCH_EMBEDDED_WORKER=auto, the default) or leaves every job to `analystbench worker` (off).
   */
  embeddedWorker: "auto" | "off";
  /** With Postgres: how long a worker process may be silent before its samples run elsewhere. */
  workerLeaseMs: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Directory of the built console (apps/web/dist). */
  webDistDir: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, but it is "${raw}".`);
  }
  return Number(raw);
}

/**
 * mkdir -p, one level at a time. Node's own recursive mkdir spins forever on some pseudo
 * filesystems (e.g. a path under /proc), which would hang start-up instead of failing it.
 * Another process starting at the same moment (workers sharing a data directory) may create a
 * level between the look and the mkdir: a directory there by then is as good as one made here.
 */
export function makeDirs(dir: string, mkdir: (dir: string) => void = mkdirSync): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: "ENOTDIR" });
    return;
  }
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirs(parent, mkdir);
  try {
    mkdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST" || !statSync(dir).isDirectory()) throw e;
  }
}

/** Creates the directory if needed and proves it is writable. */
export function ensureWritableDir(dir: string, name: string): void {
  try {
    makeDirs(dir);
    accessSync(dir, constants.W_OK | constants.R_OK);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ConfigError(
      `${name} ${dir} cannot be created or written to (${reason}); point it at a writable directory.`,
    );
  }
}

/** ANALYSTBENCH_ALLOWED_HOSTS: comma-separated names or addresses, added to the loopback names. */
function allowedHosts(env: NodeJS.ProcessEnv, host: string): string[] {
  const entries = (env.ANALYSTBENCH_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const names = entries.map(parseAllowedHost);
  const bad = entries.find((_, i) => names[i] === null);
  if (bad !== undefined) {
    throw new ConfigError(
      `ANALYSTBENCH_ALLOWED_HOSTS must be a comma-separated list of host names or addresses without ports (such as "bench.example.com,10.0.0.5"), but "${bad}" is not one.`,
    );
  }
  return [...new Set([...defaultAllowedHosts(host), ...(names as string[])])];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const host = env.HOST?.trim() || "127.0.0.1";
  const port = integer(env, "PORT", 3000, 1, 65535);
  const dataDir = path.resolve(cwd, env.ANALYSTBENCH_DATA_DIR?.trim() || "data");
  const adminUser = env.ANALYSTBENCH_ADMIN_USER?.trim() || "admin";
  if (!/^[a-z][a-z0-9._-]{1,31}$/.test(adminUser)) {
    throw new ConfigError(
      `ANALYSTBENCH_ADMIN_USER must be 2–32 lower-case letters, digits, dots, dashes or underscores, starting with a letter, but it is "${adminUser}".`,
    );
  }
  const adminPassword = env.ANALYSTBENCH_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 12) {
    throw new ConfigError("ANALYSTBENCH_ADMIN_PASSWORD must be at least 12 characters long.");
  }
  const ttlHours = integer(env, "ANALYSTBENCH_SESSION_TTL_HOURS", 12, 1, 24 * 30);
  const maxConnections = integer(env, "ANALYSTBENCH_MAX_CONNECTIONS", 8, 1, 64);
  // The simulation reads this itself; checked here so a typo stops the server with a sentence.
  integer(env, "ANALYSTBENCH_SIM_WORKERS", 2, 1, 64);
  const embeddedWorker = (env.ANALYSTBENCH_EMBEDDED_WORKER?.trim().toLowerCase() || "auto") as Config["embeddedWorker"];
  if (embeddedWorker !== "auto" && embeddedWorker !== "off")
    throw new ConfigError(
      `ANALYSTBENCH_EMBEDDED_WORKER must be "auto" or "off", but it is "${env.ANALYSTBENCH_EMBEDDED_WORKER}".`,
    );
  // Heartbeats come every 2 s: a lease shorter than a few of them would take live workers for dead.
  const workerLeaseMs = integer(env, "ANALYSTBENCH_WORKER_LEASE_MS", 10_000, 3_000, 3_600_000);
  // info: start-up lines, warnings and errors; debug adds a line per request (logging.ts).
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, but it is "${env.LOG_LEVEL}".`);
  }
  return {
    host,
    port,
    databaseUrl: databaseUrl(env),
    allowedHosts: allowedHosts(env, host),
    dataDir,
    privateDir: path.join(dataDir, "private"),
    workspaceDir: path.join(dataDir, "workspace"),
    adminUser,
    adminPassword,
    sessionTtlMs: ttlHours * 3600_000,
    maxConnections,
    embeddedWorker,
    workerLeaseMs,
    logLevel,
    webDistDir: path.resolve(import.meta.dirname, "../../web/dist"),
  };
}

/** Creates the data directory's two parts; the private part is readable by the owner only. */
export function prepareDataDir(config: Config): void {
  ensureWritableDir(config.dataDir, "ANALYSTBENCH_DATA_DIR");
  ensureWritableDir(config.privateDir, "ANALYSTBENCH_DATA_DIR");
  chmodSync(config.privateDir, 0o700);
  ensureWritableDir(config.workspaceDir, "ANALYSTBENCH_DATA_DIR");
}

/** DATABASE_URL, checked: a postgres:// or postgresql:// URL, or unset for the embedded store. */
function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.DATABASE_URL?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    /* reported below */
  }
  if (!url || !["postgres:", "postgresql:"].includes(url.protocol)) {
    throw new ConfigError(
      "DATABASE_URL must be a Postgres URL such as postgres://user:password@host:5432/analystbench, or unset to use the embedded database.",
    );
  }
  return value;
}
