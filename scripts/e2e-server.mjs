#!/usr/bin/env node
/** Starts the real server for the browser tests on a fresh data directory with a known admin. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seedE2eWorkspace } from "./e2e-seed.mjs";

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
// Browser tests write fixtures into, and compare downloads with, this run's workspace.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(path.join(root, ".tmp"), { recursive: true });
writeFileSync(path.join(root, ".tmp/e2e-data-dir"), dataDir);
seedE2eWorkspace(path.join(dataDir, "workspace"));
await import("./start.mjs");
