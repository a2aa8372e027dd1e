#!/usr/bin/env node
// The AnalystBench command line. It runs the built JavaScript (dist/cli.mjs, `npm run build:node`,
// built by `npm install` and `npm start`) when that build is newer than every source file, and the
// TypeScript sources through tsx otherwise, so an edited source is never run stale. The check
// walks the ~500 source files (a few milliseconds). ANALYSTBENCH_FROM_SOURCES=1 always runs the sources.
// `worker` runs queued samples with the server's store, so it lives with the server (apps/server).
import { CLI_BUNDLE, WORKER_BUNDLE, nodeBuildIsFresh } from "../scripts/build-node.mjs";

const argv = process.argv.slice(2);
const worker = argv[0] === "worker";
let main;
if (process.env.ANALYSTBENCH_FROM_SOURCES !== "1" && nodeBuildIsFresh()) {
  ({ main } = worker ? { main: (await import(WORKER_BUNDLE)).workerMain } : await import(CLI_BUNDLE));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = worker
    ? { main: (await import("../apps/server/src/worker.ts")).workerMain }
    : await import("../packages/engine/src/cli/main.ts"));
}
process.exitCode = await main(worker ? argv.slice(1) : argv);
