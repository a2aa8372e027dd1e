#!/usr/bin/env node
/** Starts the real server for the browser tests on a fresh data directory with a known admin. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-e2e-"));
Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? "3217",
  HOST: "127.0.0.1",
  ANALYSTBENCH_DATA_DIR: dataDir,
  ANALYSTBENCH_ADMIN_USER: "admin",
  ANALYSTBENCH_ADMIN_PASSWORD: "e2e-admin-password",
  LOG_LEVEL: "warn",
});
console.log(`e2e data directory: ${dataDir}`);
await import("./start.mjs");
