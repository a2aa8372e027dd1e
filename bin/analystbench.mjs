#!/usr/bin/env node
// The AnalystBench command line. It runs the built JavaScript (dist/cli.mjs, `npm run build:node`,
// built by `npm install` and `npm start`) when that build is newer than every source file, and the
// TypeScript sources through tsx otherwise, so an edited source is never run stale. The check
// walks the ~500 source files (a few milliseconds). ANALYSTBENCH_FROM_SOURCES=1 always runs the sources.
import { CLI_BUNDLE, nodeBuildIsFresh } from "../scripts/build-node.mjs";

let main;
if (process.env.ANALYSTBENCH_FROM_SOURCES !== "1" && nodeBuildIsFresh()) {
  ({ main } = await import(CLI_BUNDLE));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../packages/engine/src/cli/main.ts"));
}
process.exitCode = await main(process.argv.slice(2));
