/**
 * `analystbench worker`: a process that runs queued samples, on this machine or another, pointed
 * at the same DATABASE_URL and the same workspace (ANALYSTBENCH_DATA_DIR, a shared directory) as
 * the server. It runs until SIGINT or SIGTERM: then it takes no new job, lets running samples
 * finish for a few seconds, and hands back the rest, which other workers run again.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, prepareDataDir } from "./config";
import { startQueueWorker } from "./queue/queue-worker";

const USAGE = `usage: analystbench worker [--concurrency N]

Runs the samples of queued runs. Needs the server's DATABASE_URL (Postgres) and the same data
directory (ANALYSTBENCH_DATA_DIR, shared by every machine); ANALYSTBENCH_MAX_CONNECTIONS is the
connection limit per model across every worker, so set it alike everywhere.
  --concurrency N   samples this process runs at once (default: twice the connections plus four)`;

export async function workerMain(argv: string[]): Promise<number> {
  let concurrency: number | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { concurrency: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.concurrency !== undefined) {
      concurrency = Number(values.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
        throw new Error(`--concurrency must be a whole number from 1 to 256, but it is "${values.concurrency}"`);
    }
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
    if (!config.databaseUrl)
      throw new ConfigError(
        "a worker needs DATABASE_URL: the Postgres database the server uses (runs without it execute inside the server).",
      );
    prepareDataDir(config);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`The worker cannot start: ${e.message}`);
    return 2;
  }
  const worker = await startQueueWorker({
    databaseUrl: config.databaseUrl!,
    workspaceDir: config.workspaceDir,
    maxConnections: config.maxConnections,
    leaseMs: config.workerLeaseMs,
    concurrency,
  }).catch((e: Error) => {
    console.error(`The worker cannot start: the Postgres database at DATABASE_URL cannot be used (${e.message}).`);
    return null;
  });
  if (!worker) return 1;
  console.log(`AnalystBench worker ${worker.id} is running queued samples (workspace ${config.workspaceDir}).`);
  let signals = 0;
  const onSignal = (signal: string) => {
    if (++signals > 1) {
      console.error(`${signal} again: exiting now; the samples in flight run again on another worker.`);
      process.exit(1);
    }
    console.log(`${signal} received: finishing the samples in flight…`);
    void worker.stop();
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  await worker.done;
  await worker.stop();
  console.log("The worker stopped.");
  return 0;
}
