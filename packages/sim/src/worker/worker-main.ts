import type { CaseWorld } from "@analystbench/scenarios";
import { parentPort } from "node:worker_threads";
import { shareRenderedLogs, type RenderedLog } from "../build-host";
import { buildEnvironment, type SimEnvironment } from "../environment";
import { holdDefenceInDepth } from "../shell/create-shell";
import { withoutArguments } from "../tools/arguments";
import { runTool, type ToolResult } from "../tools/run-tool";
import { preferBatchScheduling } from "./batch-scheduling";
import { finishRunawayRegexesLinearly } from "./linear-regex";
import { keepGoingOnUnhandledRejections } from "./unhandled-rejections";
import {
  MAX_WORLDS_PER_WORKER,
  type LogClaimNotice,
  type LogRenderNotice,
  type RenderedLogNotice,
  type WorkerRequest,
  type WorkerResponse,
} from "./protocol";

/**
 * The simulation's own thread: it owns the environments of the sessions placed on it, so a
 * hostile command can only ever stall this thread, which the main thread kills; the sessions it
 * held are rebuilt elsewhere from the state their tool calls sent back.
 * The main thread sends one request at a time, so requests never interleave here.
 */
const envs = new Map<number, SimEnvironment>();
/** Worlds this worker was sent, by key: a worker is not sent the same world again. */
const worlds = new Map<string, CaseWorld>();
/** Pristine hashes by world key and seed: the same inputs build the same environment. */
const hashes = new Map<string, string>();

const port = parentPort;
if (!port) throw new Error("worker-main must run in a worker thread");
preferBatchScheduling();
finishRunawayRegexesLinearly();

/**
 * How long a worker waits for another's rendering of a log before rendering it itself: only a
 * safeguard, as the main thread answers every claim (also when the rendering worker died).
 */
const CLAIM_TIMEOUT_MS = 5_000;
/**
 * The timer functions as they were when this module loaded: a claim is often made inside a
 * command, where the interpreter's defence in depth blocks the global ones (it guards against
 * scripts, and this is the host's own code).
 */
const { setTimeout: startTimer, clearTimeout: stopTimer } = globalThis;
/** Claims sent and not yet answered, by recipe. */
const claimed = new Map<string, { answer: (log: RenderedLog | undefined) => void; timer: NodeJS.Timeout }>();

function answerClaim(recipe: string, log: RenderedLog | undefined): void {
  const claim = claimed.get(recipe);
  if (!claim) return;
  claimed.delete(recipe);
  stopTimer(claim.timer);
  claim.answer(log);
}

/** Logs this worker renders go to the others through the main thread, and theirs come here. */
const adoptLog = shareRenderedLogs({
  claim: (recipe) =>
    new Promise((answer) => {
      const timer = startTimer(() => answerClaim(recipe, undefined), CLAIM_TIMEOUT_MS);
      claimed.set(recipe, { answer, timer });
      port.postMessage({ type: "claim", recipe } satisfies LogClaimNotice);
    }),
  publish: (recipe, log) => port.postMessage({ type: "log", recipe, log } satisfies RenderedLogNotice),
});

// Last, once every module that keeps a global as it was has taken it (startTimer above,
// build-host's SharedArrayBuffer): held, the defence blocks them inside a command, where logs are
// rendered and claimed. So such a module is imported statically, never later.
holdDefenceInDepth();
keepGoingOnUnhandledRejections();

port.on("message", (msg: WorkerRequest | RenderedLogNotice | LogRenderNotice) => {
  if (msg.type === "log") {
    adoptLog(msg.recipe, msg.log);
    return answerClaim(msg.recipe, msg.log);
  }
  if (msg.type === "render") return answerClaim(msg.recipe, undefined);
  void handle(msg).then(
    (r) => port.postMessage(r),
    (e: unknown) =>
      port.postMessage({
        id: msg.id,
        type: "error",
        message: e instanceof Error ? e.message : String(e),
      } satisfies WorkerResponse),
  );
});

/** Builds from world and seed, then restores what earlier commands changed: no command runs again. */
async function build(msg: Extract<WorkerRequest, { type: "build" }>): Promise<WorkerResponse> {
  const started = performance.now();
  if (msg.world) {
    worlds.set(msg.worldKey, msg.world);
    if (worlds.size > MAX_WORLDS_PER_WORKER) worlds.delete(worlds.keys().next().value!);
  }
  const world = worlds.get(msg.worldKey);
  if (!world) throw new Error("the worker does not hold this world");
  const hashKey = `${msg.worldKey}\u0000${msg.seed}`;
  const env = await buildEnvironment(world, { seed: msg.seed, knownHash: hashes.get(hashKey) ?? msg.knownHash });
  const hash = await env.hash();
  hashes.set(hashKey, hash);
  await env.restore(msg.state);
  envs.set(msg.session, env);
  return { id: msg.id, type: "built", setupFailures: env.setupFailures, hash, buildMs: performance.now() - started };
}

/**
 * Runs a tool and sends back what it changed. A tool that throws (a simulator bug) is answered
 * as a failed call: the delta is taken either way, so the saved state matches this environment.
 */
async function tool(env: SimEnvironment, msg: Extract<WorkerRequest, { type: "tool" }>): Promise<WorkerResponse> {
  let result: ToolResult;
  try {
    result = await runTool(env, msg.name, msg.args);
  } catch (e) {
    // The reason names the failure, not the arguments: a tool never repeats what it was sent.
    const reason = withoutArguments(e instanceof Error ? e.message : String(e), msg.args);
    result = {
      ok: false,
      output: `The tool failed inside the simulated environment (${reason}). Try a simpler command.`,
    };
  }
  return { id: msg.id, type: "tool", result, delta: await env.takeDelta() };
}

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  if (msg.type === "build") return build(msg);
  if (msg.type === "close") {
    envs.delete(msg.session);
    return { id: msg.id, type: "closed" };
  }
  const env = envs.get(msg.session);
  if (!env) throw new Error("this session's environment is not on this worker");
  switch (msg.type) {
    case "tool":
      return tool(env, msg);
    case "diff":
      return { id: msg.id, type: "diff", diff: await env.diff() };
    case "hash":
      return { id: msg.id, type: "hash", hash: await env.hash() };
  }
}
