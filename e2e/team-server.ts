import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startWorkerProcess, type WorkerProcess } from "../apps/server/src/test-support/worker-process";
import { startPostgresCluster } from "../scripts/postgres-cluster.mjs";
import { startSpawnedServer, type SpawnedServer } from "./spawned-server";

/**
 * The team deployment for the browser tests: a throwaway Postgres cluster, a server over it that
 * runs nothing itself (ANALYSTBENCH_EMBEDDED_WORKER=off), and two `analystbench worker`
 * processes, each in a working directory of its own as on two machines, sharing the server's
 * data directory. Every sample the console starts is run by those workers.
 */
export interface TeamServer extends SpawnedServer {
  databaseUrl: string;
  workers: WorkerProcess[];
}

export async function startTeamServer(): Promise<TeamServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), "analystbench-e2e-team-"));
  const dataDir = path.join(root, "shared-data");
  const cluster = await startPostgresCluster();
  const stopped: (() => Promise<void> | void)[] = [
    () => cluster.stop(),
    () => rmSync(root, { recursive: true, force: true }),
  ];
  const stopAll = async () => {
    for (const stop of stopped.reverse()) await stop();
  };
  try {
    const server = await startSpawnedServer("team", {
      DATABASE_URL: cluster.url,
      ANALYSTBENCH_DATA_DIR: dataDir,
      ANALYSTBENCH_EMBEDDED_WORKER: "off",
    });
    stopped.push(() => server.stop());
    const workers: WorkerProcess[] = [];
    for (const name of ["machine-a", "machine-b"]) {
      const cwd = path.join(root, name);
      mkdirSync(cwd);
      const worker = await startWorkerProcess({
        databaseUrl: cluster.url,
        dataDir,
        modelUrl: "http://127.0.0.1:9/v1",
        maxConnections: 8,
        concurrency: 4,
        cwd,
      });
      stopped.push(() => worker.stop());
      workers.push(worker);
    }
    return { ...server, databaseUrl: cluster.url, workers, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
