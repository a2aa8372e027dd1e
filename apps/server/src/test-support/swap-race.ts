import { symlinkSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The swapper of the check-then-open race tests: a worker thread that swaps a workspace
 * directory with a symlink to a directory outside the workspace as fast as it can, so the swaps
 * interleave with the thread pool's file operations. The code under test may create the swapped
 * directory itself while it is away (the script runner makes a missing results/environment); what
 * appeared there is removed and the swap goes on.
 */
const SWAPPER = `
const { workerData, parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const { swap, hold, link, stop } = workerData;
const flag = new Int32Array(stop);
const moveTo = (from, to) => {
  for (;;) {
    try { fs.renameSync(from, to); return; }
    catch { try { fs.rmSync(to, { recursive: true, force: true }); } catch { /* still being written: again */ } }
  }
};
let swaps = 0;
while (Atomics.load(flag, 0) === 0) {
  fs.renameSync(swap, hold);  // the directory steps aside
  moveTo(link, swap);         // the name is now a symlink to the outside directory
  fs.renameSync(swap, link);
  moveTo(hold, swap);         // the real directory again
  swaps++;
}
parentPort.postMessage(swaps);
`;

const spare = (swapped: string, what: "link" | "hold") =>
  path.join(path.dirname(swapped), `.${path.basename(swapped)}-${what}`);

/** Puts the symlink to `outside` beside `swapped`, under the spare name the swapper uses. */
export function linkBeside(swapped: string, outside: string): void {
  symlinkSync(outside, spare(swapped, "link"));
}

/**
 * Starts swapping `swapped` with its symlink (see linkBeside); the returned function stops the
 * swapper and resolves to the number of full swap cycles.
 */
export function startSwapper(swapped: string): () => Promise<number> {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(SWAPPER, {
    eval: true,
    workerData: { swap: swapped, hold: spare(swapped, "hold"), link: spare(swapped, "link"), stop },
  });
  const swaps = new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return async () => {
    Atomics.store(new Int32Array(stop), 0, 1);
    const count = await swaps;
    await worker.terminate();
    return count;
  };
}
