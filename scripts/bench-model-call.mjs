#!/usr/bin/env node
/**
 * `npm run bench:model-call`: the main thread's CPU for one streamed model call through the
 * product's path (the Chat Completions adapter, the call loop with its retries, limits, wire
 * guard and hashes, the SDK's request), against a fake server in a process of its own that
 * answers at once, 8 calls in flight. Each call sends one of 12 conversations, 0 to 11 turns
 * long with 2 KB of tool output a turn, and gets back 350 characters of text in 4-character
 * events (as a real model's tokens come) and a tool call.
 *
 * The baseline, timed in the same run with the same requests and replies: undici's request and
 * a hand split of the events, with nothing else (no limits, retries, records or SDK). What the
 * product costs beyond it is the price of those. Rounds alternate, and the medians are printed.
 */
import { register } from "tsx/esm/api";
import { spawn } from "node:child_process";
import path from "node:path";
import { request } from "undici";
import { machineLoad, mainThreadCpuMs } from "./bench-machine.mjs";

register();
const { chatCompletionsAdapter } = await import("../packages/engine/src/models/chat-completions-api.ts");
const { createHttpModelClient } = await import("../packages/engine/src/models/call-loop.ts");
const { SUBMIT_FINDINGS_TOOL } = await import("../packages/engine/src/grading/submission.ts");
const { TOOL_DEFINITIONS } = await import("@analystbench/sim");

const CALLS = 2_000;
const ROUNDS = 5;
const IN_FLIGHT = 8;

const content = "I will read the web server's access log next, for the address the firewall log showed. ".repeat(4);
const command = { host: "CRM Server", command: "grep -c 10.0.20.14 /var/log/nginx/crm.access.log" };
// Text in 4-character events, as a real model's tokens come: reading events is most of a reply's cost.
const behaviour = {
  kind: "reply",
  content,
  toolCalls: [{ name: "run_command", arguments: JSON.stringify(command) }],
  pieceChars: 4,
};
const script = path.join(import.meta.dirname, "../packages/engine/src/test-support/fake-openai-main.ts");
const fake = spawn(process.execPath, ["--import", "tsx", script, "0", JSON.stringify(behaviour)], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((resolve) => fake.stdout.once("data", (d) => resolve(String(d).trim())));

const tools = [...TOOL_DEFINITIONS, SUBMIT_FINDINGS_TOOL];
const output = "drwxr-xr-x 2 www-data www-data 4096 Mar 18 05:41 backups\n".repeat(36);
/** A sample's conversation after `turns` turns, as run-sample.ts keeps it. */
function conversation(turns) {
  const messages = [
    { id: "s", role: "system", content: "You are a security analyst. ".repeat(60) },
    { id: "u", role: "user", content: "Investigate the environment and report what happened. ".repeat(10) },
  ];
  for (let i = 0; i < turns; i++) {
    const call = { id: `c${i}`, name: "run_command", arguments: command, rawArguments: JSON.stringify(command) };
    messages.push({ id: `a${i}`, role: "assistant", content: "Looking.", toolCalls: [call], model: "bench" });
    messages.push({ id: `t${i}`, role: "tool", toolCallId: call.id, name: call.name, content: output, error: null });
  }
  return messages;
}
const conversations = Array.from({ length: 12 }, (_, i) => conversation(i));

const adapter = chatCompletionsAdapter({ model: "bench", baseURL: url, apiKey: "bench", settings: {} });
const client = createHttpModelClient(adapter, {
  name: "openai/bench",
  provider: "openai",
  model: "bench",
  baseURL: url,
  settings: {},
  price: () => null,
});
const product = (messages) => client.complete({ messages, tools }, new AbortController().signal);

/** The baseline: the same request sent and its events split by hand, nothing more. */
const wireTools = tools.map((t) => ({ type: "function", function: t }));
async function bare(messages) {
  const wire = messages.map(({ role, content, toolCalls, toolCallId }) => ({
    role,
    content,
    ...(toolCalls
      ? {
          tool_calls: toolCalls.map((c) => ({
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: c.rawArguments },
          })),
        }
      : {}),
    ...(toolCallId ? { tool_call_id: toolCallId } : {}),
  }));
  const body = JSON.stringify({ model: "bench", messages: wire, tools: wireTools, stream: true });
  const res = await request(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer bench" },
    body,
  });
  let text = "";
  let reply = "";
  for await (const chunk of res.body) {
    text += chunk;
    for (let end; (end = text.indexOf("\n\n")) >= 0; text = text.slice(end + 2)) {
      const data = text.slice(6, end);
      if (data !== "[DONE]") reply += JSON.parse(data).choices[0]?.delta?.content ?? "";
    }
  }
  return reply;
}

/** `CALLS` calls, `IN_FLIGHT` at a time: main-thread and whole-process CPU per call, in ms. */
async function timed(call) {
  let next = 0;
  const cpu = process.cpuUsage();
  const main = mainThreadCpuMs();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CALLS) await call(conversations[next++ % conversations.length]);
    }),
  );
  const used = process.cpuUsage(cpu);
  const mainAfter = mainThreadCpuMs();
  return {
    main: main === null || mainAfter === null ? null : (mainAfter - main) / CALLS,
    all: (used.user + used.system) / 1000 / CALLS,
  };
}

await timed(product); // warm-up: the JIT, the connection pool
await timed(bare);
const rounds = [];
for (let i = 0; i < ROUNDS; i++) rounds.push({ product: await timed(product), bare: await timed(bare) });
fake.kill("SIGKILL");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const figure = (side, key) => median(rounds.map((r) => r[side][key]));
const ms = (n) => (n === null ? "n/a" : n.toFixed(3));
console.log(
  `Streamed Chat Completions calls, ${CALLS} a round, ${IN_FLIGHT} in flight, ${ROUNDS} rounds (medians), fake server answering at once:`,
);
for (const [name, side] of [
  ["Product path", "product"],
  ["Bare request", "bare"],
]) {
  const main = rounds.every((r) => r[side].main !== null) ? figure(side, "main") : null;
  console.log(`  ${name}: main thread ${ms(main)} ms a call, whole process ${ms(figure(side, "all"))} ms a call`);
}
console.log(
  `  Ratio (product / bare, whole process): ${(figure("product", "all") / figure("bare", "all")).toFixed(2)}`,
);
console.log(`Machine: ${machineLoad()}`);
process.exit(0);
