/**
 * The minimal reference loop bench:engine compares the harness with: each sample a chain of
 * sequential chat calls that resend the growing conversation (as promptfoo's and Inspect's loops
 * do), at most `connections` calls in flight, nothing else — no simulation, no grading, no files.
 * What the harness costs beyond this loop is its own overhead.
 */

/** A counting semaphore: at most `n` holders at once, waiters served in order. */
function semaphore(n) {
  let free = n;
  const waiting = [];
  return {
    async acquire() {
      if (free > 0) return void free--;
      await new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

async function chatCall(baseUrl, messages) {
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer bench" },
    body: JSON.stringify({ model: "bench", messages }),
  });
  if (!res.ok) throw new Error(`the fake model answered ${res.status}`);
  const body = await res.json();
  return body.choices[0].message;
}

/** Runs one chain of `calls` sequential turns; each turn adds the reply and a tool result. */
async function chain(baseUrl, calls, slots, toolOutput) {
  const messages = [{ role: "user", content: "Investigate the environment and report." }];
  for (let i = 0; i < calls; i++) {
    await slots.acquire();
    let reply;
    try {
      reply = await chatCall(baseUrl, messages);
    } finally {
      slots.release();
    }
    messages.push({ role: "assistant", content: reply.content ?? "" }, { role: "user", content: toolOutput });
  }
}

/** Wall time and CPU of every chain run at once through `connections` slots. */
export async function runPeerLoop({ baseUrl, chains, connections }) {
  const slots = semaphore(connections);
  // About what a tool returns per turn in the real runs, so the requests grow as theirs do.
  const toolOutput = "x".repeat(2_000);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(chains.map((calls) => chain(baseUrl, calls, slots, toolOutput)));
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}
