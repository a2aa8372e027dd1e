#!/usr/bin/env node
/**
 * `npm run bench:sim`: speed of the simulated environment.
 *  1. median and p95 latency of typical commands on a host of ~1,000 files (target median ≤ 5 ms
 *     for cat/grep/find), beside the latency of `true` measured in the same run as a baseline;
 *  2. environment build time per case (target ≤ 100 ms);
 *  3. the worst event-loop delay on the main thread while a busy-loop command runs in the
 *     simulation worker (target ≤ 50 ms), beside the idle worst delay of the same thread.
 */
import { register } from "tsx/esm/api";

register();
const { TEST_CASES, findCase } = await import("../packages/scenarios/src/index.ts");
const { buildEnvironment, openSimSession } = await import("../packages/sim/src/index.ts");
const { monitorEventLoopDelay } = await import("node:perf_hooks");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const fmt = (ms) => `${ms.toFixed(2)} ms`;

// 1. Commands on a host with ~1,000 files.
const c = findCase("s2-typosquatting");
const env = await buildEnvironment(c.world());
const host = env.findHost("CI/CD Server");
let files = host.fs.getAllPaths().length;
for (let i = 0; files < 1000; i++, files++) {
  host.fs.writeFileSync(`/srv/bench/dir${i % 20}/file${i}.log`, `line ${i}\nrequest id=${i} status=200\n`.repeat(5));
}
await env.exec("CI/CD Server", "true"); // first command: interpreter creation and the build-state hash
const COMMANDS = [
  ["true (baseline)", "true"],
  ["cat", "cat /etc/passwd"],
  ["grep", "grep -n 'status=200' /srv/bench/dir3/file3.log"],
  ["grep -r", "grep -rc 'id=42' /srv/bench"],
  ["find", "find /srv -name '*.log' | wc -l"],
  ["ls -la", "ls -la /var/log"],
  ["ps aux", "ps aux"],
  ["tail | awk", "tail -n 200 /var/log/syslog | awk '{print $5}' | sort | uniq -c"],
];
console.log(`Commands on ${host.spec.hostname} (${host.fs.getAllPaths().length} paths), 40 runs each:`);
let baseline = 0;
for (const [label, cmd] of COMMANDS) {
  const times = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await env.exec("CI/CD Server", cmd);
    times.push(performance.now() - t);
  }
  if (!baseline) baseline = median(times);
  console.log(
    `  ${label.padEnd(16)} median ${fmt(median(times)).padStart(10)}  p95 ${fmt(p95(times)).padStart(10)}  (${(median(times) / baseline).toFixed(1)}× baseline)`,
  );
}

// 2. Build time per case.
console.log("\nEnvironment build time per case (median of 5 builds):");
const builds = [];
for (const tc of TEST_CASES) {
  const world = tc.world();
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await buildEnvironment(world);
    times.push(performance.now() - t);
  }
  builds.push(median(times));
  console.log(`  ${tc.id.padEnd(30)} ${fmt(median(times)).padStart(10)}`);
}
console.log(`  ${"worst case".padEnd(30)} ${fmt(Math.max(...builds)).padStart(10)}  (target ≤ 100 ms)`);

// 3. Event-loop delay on this thread while the worker spins.
const session = await openSimSession(c.world(), { toolTimeoutMs: 5_000 });
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((r) => setTimeout(r, 1500));
idle.disable();
const busy = monitorEventLoopDelay({ resolution: 5 });
busy.enable();
const t0 = performance.now();
await session.callTool("execute_shell_command", {
  device_role: "CI/CD Server",
  command_with_args: "while true; do :; done",
});
await session.callTool("execute_shell_command", {
  device_role: "CI/CD Server",
  command_with_args: "awk 'BEGIN { for (i = 0; i < 1e9; i++) {} }'",
});
const busyMs = performance.now() - t0;
busy.disable();
await session.close();
console.log(`\nMain-thread event-loop delay while the worker ran busy loops for ${busyMs.toFixed(0)} ms:`);
console.log(`  worst ${fmt(busy.max / 1e6)} (idle worst in the same run ${fmt(idle.max / 1e6)}; target ≤ 50 ms)`);
