import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { ADMIN } from "./support";

/**
 * A server of a spec's own, beside the shared e2e server: the sources through tsx on a free
 * port, over the console the shared server has built, with the environment the spec needs.
 * Resolves once /api/health answers; its stderr is kept for the spec to read.
 */
const ROOT = path.resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface SpawnedServer {
  url: string;
  /** Everything the server wrote to stderr so far (its warnings). */
  stderr(): string;
  stop(): Promise<void>;
}

export async function startSpawnedServer(label: string, env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  let stderr = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ANALYSTBENCH_ADMIN_USER: ADMIN.username,
      ANALYSTBENCH_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The ${label} server exited with ${child.exitCode}:\n${stderr}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The ${label} server did not answer within 60 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stderr: () => stderr, stop };
}
