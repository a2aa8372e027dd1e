import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";

/** ps in the layouts procps prints, with columns that agree with the boot and with each other. */
let env: SimEnvironment;
const sh = async (cmd: string) => (await env.exec("Web Server", cmd)).output;
const rows = (out: string) => out.trimEnd().split("\n").slice(1);

beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
});

describe("ps", () => {
  it("aux: procps's columns, real CPU times and memory, starts after boot", async () => {
    const out = await sh("ps aux");
    expect(out.split("\n")[0]).toBe("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND");
    const cells = rows(out).map((r) => r.split(/\s+/));
    expect(cells.map((c) => c[1])).toEqual(["1", "902", expect.stringMatching(/^\d+$/), "4711"]);
    // Not every process idle since boot: TIME and RSS are the process's own.
    expect(cells.every((c) => /^\d+:\d\d$/.test(c[9]!))).toBe(true);
    expect(cells.some((c) => c[9] !== "0:00")).toBe(true);
    expect(cells.every((c) => Number(c[5]) > 0)).toBe(true);
    expect(out).toMatch(/www-data +4711 +[\d.]+ +[\d.]+ +\d+ +\d+ \? +Ss +Mar14 +\d+:\d\d \/tmp\/\.x\/kworkerd/);
  });

  it("-ef: UID, PPID, STIME and TIME as HH:MM:SS", async () => {
    const out = await sh("ps -ef");
    expect(out.split("\n")[0]).toBe("UID          PID    PPID C STIME TTY          TIME CMD");
    expect(out).toMatch(
      /\nwww-data {4}4711 {7}1 +\d+ Mar14 \? +\d\d:\d\d:\d\d \/tmp\/\.x\/kworkerd -c 203\.0\.113\.40:4444\n/,
    );
  });

  it("-o: elapsed time, start, sizes and names, sorted and headerless on request", async () => {
    const boot = Date.parse(`${(await sh("uptime -s")).trim().replace(" ", "T")}Z`);
    for (const line of rows(await sh("ps -eo lstart,pid")))
      expect(Date.parse(`${line.slice(0, 24)} UTC`)).toBeGreaterThanOrEqual(boot - 1000);
    expect(await sh("ps -p 4711 -o etime=,comm=")).toBe(" 4-07:10:00 kworkerd\n");
    expect(await sh("ps -o pid,user,cmd -p 4711")).toContain("   4711 www-data /tmp/.x/kworkerd");
    const byRss = rows(await sh("ps -eo rss,pid --sort=-rss")).map((r) => Number(r.trim().split(/\s+/)[0]));
    expect(byRss).toEqual([...byRss].sort((a, b) => b - a));
    expect((await env.exec("Web Server", "ps -o nosuch")).output).toContain(
      'unknown user-defined format specifier "nosuch"',
    );
  });

  it("f draws the process tree; plain ps shows the analyst's own shell", async () => {
    const world = fixtureWorld();
    world.hosts[0]!.processes.push({ pid: 4712, ppid: 4711, user: "www-data", command: "/bin/sh -i", cpu: 0, mem: 0 });
    const tree = await buildEnvironment(world);
    expect((await tree.exec("Web Server", "ps auxf")).output).toMatch(
      /4711 .*kworkerd.*\nwww-data +4712 .* {2}\\_ \/bin\/sh -i\n/,
    );
    expect(await sh("ps")).toBe(
      "    PID TTY          TIME CMD\n  31337 pts/0    00:00:00 bash\n  31402 pts/0    00:00:00 ps\n",
    );
  });
});

describe("kill, pkill and killall", () => {
  it("take the signal in every spelling and record what they ended", async () => {
    for (const cmd of ["kill -s KILL 4711", "kill -SIGKILL 4711", "pkill -9 kworkerd", "killall -9 kworkerd"]) {
      const e = await buildEnvironment(fixtureWorld());
      expect((await e.exec("Web Server", cmd)).exitCode, cmd).toBe(0);
      expect((await e.exec("Web Server", "pgrep kworkerd")).exitCode, cmd).toBe(1);
      expect(
        (await e.diff()).stateChanges.map((c) => c.target),
        cmd,
      ).toEqual(["4711 /tmp/.x/kworkerd -c 203.0.113.40:4444"]);
    }
    expect((await env.exec("Web Server", "kill -FOO 4711")).output).toContain(
      "kill: FOO: invalid signal specification",
    );
    expect(await sh("kill -l 9")).toBe("KILL\n");
  });

  it("closes a killed process's connections", async () => {
    const e = await buildEnvironment(fixtureWorld());
    await e.exec("Web Server", "kill -9 4711");
    expect((await e.exec("Web Server", "ss -tanp")).output).not.toContain("203.0.113.40:4444");
  });
});
