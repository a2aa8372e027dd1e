#!/usr/bin/env node
// The AnalystBench command line. TypeScript sources run through tsx, so no build step is needed.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../packages/engine/src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
