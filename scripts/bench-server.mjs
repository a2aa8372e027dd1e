/**
 * What the benchmark scripts share: the real server started on a throw-away data directory (in a
 * process group of its own, so it and anything it starts stop together), a signed-in token, and
 * Debian's Chromium signed in to the console. Benchmarks measure; this only sets the stage.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ADMIN = "admin";

/** Starts the server; resolves once it answers /api/health and the admin has signed in. */
export async function startBenchServer({ port, dataDir, password, startTimeoutMs = 180_000 }) {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under the benchmark's load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ANALYSTBENCH_DATA_DIR: dataDir,
      ANALYSTBENCH_ADMIN_USER: ADMIN,
      ANALYSTBENCH_ADMIN_PASSWORD: password,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const signal = (name) => {
    try {
      process.kill(-server.pid, name);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  process.once("SIGINT", () => {
    signal("SIGKILL");
    process.exit(130);
  });
  try {
    await waitForHealth(base, server, startTimeoutMs);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: ADMIN, password }),
    });
    const { token } = await login.json();
    return { base, headers: { Authorization: `Bearer ${token}` }, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function waitForHealth(base, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Chromium at 1440 × 900, signed in and on the dashboard. */
export async function signedInBrowser(base, password) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(base);
  await page.getByPlaceholder("Enter your username").fill(ADMIN);
  await page.getByPlaceholder("Enter your password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "System Dashboard" }).waitFor();
  return { browser, page };
}

export { median, percentile } from "./bench-stats.mjs";
