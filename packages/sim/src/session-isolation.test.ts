import { afterAll, describe, expect, it } from "vitest";
import { openInProcessSession, openSimSession, SimHarnessError, simSessionPlacement, type SimSession } from "./session";
import { fixtureWorld } from "./test-support/fixture-world";

/**
 * A hostile model beside an honest one, on a pool of one worker: the hostile session may cost
 * the shared worker once, and the honest one must not notice beyond one quick rebuild from its
 * saved state. Real sessions and workers throughout; timings are asserted as ratios and generous
 * bounds, not tight figures.
 */
process.env.ANALYSTBENCH_SIM_WORKERS = "1";
const opened: SimSession[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  delete process.env.ANALYSTBENCH_SIM_WORKERS;
});

const SEED = "isolation";
/** Kill timer of the hostile sessions: long enough for an ordinary command on a busy machine. */
const RUNAWAY_TIMEOUT_MS = 2_000;
/**
 * Burns CPU with nothing in just-bash to stop it: each awk loop stays under its 100 000-iteration
 * cap, and the interpreter's own deadline is only checked between commands. Only the kill timer
 * ends it (it would run for hours).
 */
const RUNAWAY = "awk 'BEGIN { for (i = 0; i < 99999; i++) for (j = 0; j < 99999; j++) {} }'";

const open = async (toolTimeoutMs?: number) => {
  const s = await openSimSession(fixtureWorld(), { seed: SEED, toolTimeoutMs });
  opened.push(s);
  return s;
};
const sh = (s: SimSession, command: string, signal?: AbortSignal) =>
  s.callTool("execute_shell_command", { device_role: "Web Server", command_with_args: command }, { signal });
const read = (s: SimSession, path: string) => s.callTool("get_file_content", { device_role: "Web Server", path });
const placement = (s: SimSession) => simSessionPlacement(s)!;
const KILLED = /ran longer than \d+ s and was stopped/;

describe("a session whose command outlives its kill timer", () => {
  it("is quarantined: the session it displaced keeps its state, is rebuilt once from state, quickly, and never again", async () => {
    const honest = await open();
    const hostile = await open(RUNAWAY_TIMEOUT_MS);
    expect(placement(hostile).workerId).toBe(placement(honest).workerId);

    const commands = [
      "sleep 2; touch /tmp/first",
      "sleep 2; echo two > /tmp/second",
      "mkdir -p /opt/kit && sleep 3 && echo three > /opt/kit/third",
      "sleep 2; systemctl stop nginx",
      "sleep 2; rm /etc/nginx/sites-enabled/crm.conf",
    ];
    const sleptMs = 11_000;
    for (const command of commands) expect((await sh(honest, command)).ok).toBe(true);
    const diffBefore = await honest.diff();
    const before = placement(honest);

    expect((await sh(hostile, RUNAWAY)).output).toMatch(KILLED);

    // The honest session's next calls succeed, on another worker, with its state and diff intact.
    expect((await read(honest, "/opt/kit/third")).output).toBe("three\n");
    const after = placement(honest);
    expect(after.workerId).not.toBe(before.workerId);
    expect(after.builds).toBe(before.builds + 1);
    // Restored, not replayed: a small fraction of the time its commands slept.
    expect(after.lastBuildMs).toBeLessThan(sleptMs / 5);
    expect(await honest.diff()).toEqual(diffBefore);

    // The hostile session now lives alone, outside the pool: a new session still shares the honest one's worker.
    expect((await sh(hostile, "echo alone > /tmp/alone")).ok).toBe(true);
    expect(placement(hostile)).toMatchObject({ dedicated: true });
    expect(placement(hostile).workerId).not.toBe(after.workerId);
    const newcomer = await open();
    expect(placement(newcomer).workerId).toBe(after.workerId);

    // Its second runaway costs the honest session nothing, even with a call of its own in flight.
    const [again, meanwhile] = await Promise.all([sh(hostile, RUNAWAY), sh(honest, "cat /tmp/second")]);
    expect(again.output).toMatch(KILLED);
    expect(meanwhile.output).toBe("two\n");
    expect((await sh(honest, "ls /tmp")).output).toBe("first\nsecond\n");
    expect(placement(honest)).toEqual(after);
    expect((await read(hostile, "/tmp/alone")).output).toBe("alone\n");
  });

  it("costs nothing to the many calls queued behind it: all complete, in their order", async () => {
    const honest = await open();
    const hostile = await open(RUNAWAY_TIMEOUT_MS);
    await sh(honest, "echo start > /tmp/log");
    const runaway = sh(hostile, RUNAWAY);
    const queued = Array.from({ length: 20 }, (_, i) => sh(honest, `echo ${i} >> /tmp/log; sleep 1`));
    const results = await Promise.all(queued);
    expect(results.map((r) => r.ok)).toEqual(queued.map(() => true));
    expect((await runaway).output).toMatch(KILLED);
    const lines = ["start", ...queued.map((_, i) => String(i))];
    expect((await read(honest, "/tmp/log")).output).toBe(`${lines.join("\n")}\n`);
  });
});

describe("a command that burns CPU", () => {
  it("is ended by just-bash's own limits when it can, and by the kill timer when nothing else stops it", async () => {
    // A timer far beyond these loops, even on a loaded machine: they can only end by just-bash's
    // own limits (the command count, awk's per-loop cap, or its deadline checked between commands).
    const patient = await open(30_000);
    const ownLimit = /too many commands executed|exceeded maximum iterations|execution exceeded execution deadline/;
    for (const command of ["while true; do :; done", "while true; do sleep 1; done", "awk 'BEGIN { while (1) {} }'"]) {
      expect((await sh(patient, command)).output, command).toMatch(ownLimit);
    }
    const s = await open(RUNAWAY_TIMEOUT_MS);
    const started = Date.now();
    expect((await sh(s, RUNAWAY)).output).toMatch(/ran longer than 2 s and was stopped/);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(RUNAWAY_TIMEOUT_MS);
    expect(ms).toBeLessThan(RUNAWAY_TIMEOUT_MS + 10_000);
    expect((await sh(s, "echo alive")).output).toBe("alive\n");
  }, 90_000);
});

describe("a session rebuilt from its saved state", () => {
  it("answers and diffs exactly as one that was never rebuilt", async () => {
    const rebuilt = await open(RUNAWAY_TIMEOUT_MS);
    const reference = await openInProcessSession(fixtureWorld(), { seed: SEED });
    const both = async (command: string) => {
      const [a, b] = [await sh(rebuilt, command), await sh(reference, command)];
      expect(a, command).toEqual(b);
      return a;
    };
    await both("mkdir -p /srv/drop && echo 'evidence' > /srv/drop/found.txt && chmod 600 /srv/drop/found.txt");
    await both("echo 'tampered' >> /var/log/nginx/access.log");
    await both("systemctl stop nginx; kill 4711; crontab -r -u www-data");
    await both("cp -r /etc/nginx /root/nginx-backup && rm -rf /etc/nginx && ln -s /root/nginx-backup /etc/nginx");
    await both("grep -c GET /var/log/nginx/access.log");

    expect((await sh(rebuilt, RUNAWAY)).output).toMatch(KILLED);

    expect((await both("cat /srv/drop/found.txt")).output).toBe("evidence\n");
    await both("ls -la /srv/drop /root /etc/nginx/ /etc/nginx/sites-enabled");
    await both("ps aux; systemctl status nginx; crontab -l -u www-data; tail -n 2 /var/log/nginx/access.log");
    await both(
      "echo after >> /srv/drop/found.txt; systemctl start nginx; rm /root/nginx-backup/sites-enabled/crm.conf",
    );
    expect(await rebuilt.diff()).toEqual(await reference.diff());
    expect(await rebuilt.hash()).toBe(await reference.hash());
    expect(placement(rebuilt).builds).toBe(2);
  });
});

describe("aborting a call", () => {
  const timeAbort = async (s: SimSession, command: string, afterMs: number) => {
    const controller = new AbortController();
    const call = sh(s, command, controller.signal);
    await new Promise((r) => setTimeout(r, afterMs));
    const aborted = Date.now();
    controller.abort();
    const error = await call.then(
      () => null,
      (e: unknown) => e as Error,
    );
    return { error, ms: Date.now() - aborted };
  };

  it("while it waits in the queue rejects at once and withdraws it: it never runs", async () => {
    const honest = await open();
    const hostile = await open(RUNAWAY_TIMEOUT_MS);
    const runaway = sh(hostile, RUNAWAY);
    const { error, ms } = await timeAbort(honest, "echo ran > /tmp/withdrawn", 200);
    expect(error?.name).toBe("AbortError");
    expect(ms).toBeLessThan(100);
    expect((await runaway).output).toMatch(KILLED);
    expect((await sh(honest, "ls /tmp/withdrawn")).ok).toBe(false);
    expect((await honest.diff()).commands.map((c) => c.command)).toEqual(["ls /tmp/withdrawn"]);
  });

  it("while it runs rejects at once; the command finishes unseen and what it changed counts", async () => {
    const s = await open(60_000);
    // Writes, then about three seconds of awk here: long enough to be running when aborted. (Not
    // the other way round: on a loaded machine just-bash's own deadline could skip a later write.)
    // A user function keeps awk on the full interpreter (the fast path would finish in ~85 ms).
    const busy =
      "echo written > /tmp/during; awk 'function spin() {} BEGIN { for (i = 0; i < 600; i++) for (j = 0; j < 600; j++) {} }'";
    const { error, ms } = await timeAbort(s, busy, 150);
    expect(error?.name).toBe("AbortError");
    expect(ms).toBeLessThan(100);
    // The next call waits for the running one, then sees what it left.
    expect((await read(s, "/tmp/during")).output).toBe("written\n");
    expect((await s.diff()).files.map((f) => f.path)).toEqual(["/tmp/during"]);
  });

  it("already aborted rejects without running", async () => {
    const s = await open();
    await expect(sh(s, "touch /tmp/never", AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
    expect((await s.diff()).commands).toEqual([]);
  });
});

describe("the harness", () => {
  it("fails a session it cannot build with a typed SimHarnessError, not a tool result", async () => {
    const world = fixtureWorld();
    // Malformed content makes every build throw in the worker.
    (world.hosts[0] as { files: unknown }).files = null;
    const failure = await openSimSession(world).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SimHarnessError);
    expect(failure).toMatchObject({ code: "SIM_REBUILD_FAILED" });
  });
});
