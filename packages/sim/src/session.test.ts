import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSimSession, type SimSession } from "./session";
import { fixtureWorld } from "./test-support/fixture-world";

/**
 * Escape and abuse: nothing a model types reaches the real machine, every command ends within
 * its limit, and the main thread's event loop stays responsive while the worker is busy.
 */
let session: SimSession;
let listener: Server;
let port = 0;
let connections = 0;
let tmp: string;
const SECRET = `real-secret-${process.pid}-${Date.now()}`;

const run = async (command: string, role = "Web Server") =>
  session.callTool("execute_shell_command", { device_role: role, command_with_args: command });

beforeAll(async () => {
  process.env.ANALYSTBENCH_ESCAPE_TEST_SECRET = SECRET;
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as { port: number }).port;
  tmp = mkdtempSync(path.join(os.tmpdir(), "ab-escape-"));
  writeFileSync(path.join(tmp, "keep.txt"), "untouched");
  session = await openSimSession(fixtureWorld(), { toolTimeoutMs: 4_000 });
});

afterAll(async () => {
  await session?.close();
  listener?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("isolation", () => {
  it("never reaches the network: /dev/tcp, curl, nc and wget connect to nothing", async () => {
    for (const cmd of [
      `echo hello > /dev/tcp/127.0.0.1/${port}`,
      `cat < /dev/tcp/127.0.0.1/${port}`,
      `exec 3<>/dev/tcp/127.0.0.1/${port}; echo hi >&3`,
      `curl -s http://127.0.0.1:${port}/`,
      `wget -qO- http://127.0.0.1:${port}/`,
      `nc 127.0.0.1 ${port}`,
      `bash -c 'curl http://127.0.0.1:${port}'`,
    ]) {
      await run(cmd);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(connections).toBe(0);
  });

  it("never touches the real filesystem", async () => {
    await run(
      `ls ${tmp}; cat ${tmp}/keep.txt; rm -rf ${tmp}/*; echo pwned > ${tmp}/new.txt; rm -rf /tmp /etc /root /*`,
      "CI/CD Server",
    );
    expect(readdirSync(tmp)).toEqual(["keep.txt"]);
    expect(readFileSync(path.join(tmp, "keep.txt"), "utf8")).toBe("untouched");
  });

  it("shows the simulated /etc/shadow and /proc, never the real ones", async () => {
    const shadow = await run("cat /etc/shadow");
    expect(shadow.output).toMatch(/^root:\$y\$j9T\$/);
    let real = "";
    try {
      real = readFileSync("/etc/shadow", "utf8");
    } catch {
      /* not readable here: nothing to compare */
    }
    if (real) expect(shadow.output).not.toContain(real.split("\n")[0]!);
    const proc = await run(
      "cat /proc/self/environ /proc/self/cmdline /proc/1/environ 2>&1; env; cat /proc/version; ls /proc",
    );
    expect(proc.output).not.toContain(SECRET);
    // A number the simulation prints of its own (its processes' ids, its kernel's version) may equal
    // the real pid by chance (the fixture's miner is 4711, and so once was a CI run's): only another
    // number can be the real one leaking.
    const own = new Set(
      `${(await run("ps -eo pid=")).output} ${(await run("cat /proc/version")).output}`.match(/\d+/g),
    );
    expect(own.size).toBeGreaterThan(3);
    const pid = String(process.pid);
    if (!own.has(pid)) expect(proc.output.match(/\d+/g)).not.toContain(pid);
    if (os.hostname() !== "web-01") expect(proc.output).not.toContain(os.hostname());
  });

  it("refuses interpreters and package managers in words a model can act on", async () => {
    for (const cmd of [
      "python3 -c 'import os; os.system(\"id\")'",
      "node -e 'process.exit(0)'",
      "perl -e 1",
      "npm install left-pad",
      "pip install requests",
    ]) {
      const r = await run(cmd);
      expect(r.ok).toBe(false);
      expect(r.output).toMatch(/disabled in this simulated investigation environment/);
    }
  });
});

describe("limits", () => {
  const bounded = async (cmd: string) => {
    const started = Date.now();
    const r = await run(cmd);
    return { r, ms: Date.now() - started };
  };

  it.each([
    ["a fork bomb", ":(){ :|:& };:"],
    ["an endless loop", "while true; do :; done"],
    ["an endless pipe", "yes | head -c 100000000 | wc -c"],
    ["exponential growth", "x=a; while true; do x=$x$x; done"],
    ["an awk busy loop", "awk 'BEGIN { while (1) {} }'"],
  ])("stops %s within its limit", async (_label, cmd) => {
    const { r, ms } = await bounded(cmd);
    expect(ms).toBeLessThan(9_000);
    expect(r.output.length).toBeLessThan(20_000);
  });

  it("caps huge output and says so", async () => {
    const { r } = await bounded("for i in $(seq 1 5000); do echo line-$i-padding-padding-padding; done");
    expect(r.truncated).toBe(true);
    expect(r.output).toMatch(/\[output truncated: showing the first 16384 of \d+ bytes/);
  });

  it("rejects an enormous command line", async () => {
    const { r } = await bounded(`echo ${"A".repeat(400_000)}`);
    expect(r.ok).toBe(false);
  });

  it("keeps the main event loop responsive while the worker is busy", async () => {
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    await run("awk 'BEGIN { for (i = 0; i < 99999; i++) for (j = 0; j < 99999; j++) {} }'; while true; do :; done");
    h.disable();
    expect(h.max / 1e6).toBeLessThan(250);
  });
});

describe("the kill timer", () => {
  it("kills a command that outlives its deadline and restores the state that came before", async () => {
    const short = await openSimSession(fixtureWorld(), { toolTimeoutMs: 150 });
    try {
      expect(
        (
          await short.callTool("execute_shell_command", {
            device_role: "Web Server",
            command_with_args: "echo kept > /root/marker",
          })
        ).ok,
      ).toBe(true);
      const started = Date.now();
      const r = await short.callTool("execute_shell_command", {
        device_role: "Web Server",
        command_with_args: "awk 'BEGIN { for (i = 0; i < 99999; i++) for (j = 0; j < 99999; j++) {} }'",
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(r).toMatchObject({ ok: false });
      expect(r.output).toMatch(/ran longer than 0 s and was stopped|ran longer than \d+ s and was stopped/);
      const after = await short.callTool("get_file_content", { device_role: "Web Server", path: "/root/marker" });
      expect(after.output).toBe("kept\n");
    } finally {
      await short.close();
    }
  });
});
