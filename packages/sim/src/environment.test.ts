import { describe, expect, it, vi } from "vitest";
import { isUntouchedCopy } from "./build-host";
import type { HostState } from "./host-state";
import { buildEnvironment, capOutput } from "./environment";
import { TrackedFs } from "./tracked-fs";
import { fixtureWorld } from "./test-support/fixture-world";

/** Every entry of a host: path, kind, digest of its bytes, mode, owner and time. */
async function entriesOf(host: HostState): Promise<string[]> {
  const out: string[] = [];
  for (const path of host.fs.getAllPaths().sort()) {
    const d = await host.fs.describe(path);
    const st = await host.fs.lstat(path);
    out.push(`${path} ${d.kind} ${d.sha256 ?? ""} ${d.mode} ${d.owner} ${st.mtime.getTime()}`);
  }
  return out;
}

/** Every entry of every host of an environment, each named by its host's role. */
async function snapshotOf(env: Awaited<ReturnType<typeof buildEnvironment>>): Promise<string[]> {
  const out: string[] = [];
  for (const host of env.hosts) out.push(...(await entriesOf(host)).map((e) => `${host.spec.role} ${e}`));
  return out;
}

describe("buildEnvironment", () => {
  it("is deterministic: the same world and seed give the same hash, another seed another", async () => {
    const a = await buildEnvironment(fixtureWorld(), { seed: "s1" });
    await new Promise((r) => setTimeout(r, 20));
    const b = await buildEnvironment(fixtureWorld(), { seed: "s1" });
    const c = await buildEnvironment(fixtureWorld(), { seed: "s2" });
    expect(await a.hash()).toMatch(/^[0-9a-f]{64}$/);
    expect(await a.hash()).toBe(await b.hash());
    expect(await c.hash()).not.toBe(await a.hash());
  });

  it("builds byte-identical environments from the same seed: every file, owner, mode and time", async () => {
    const snapshot = async (seed: string) => snapshotOf(await buildEnvironment(fixtureWorld(), { seed }));
    const a = await snapshot("same");
    await new Promise((r) => setTimeout(r, 1100));
    const b = await snapshot("same");
    expect(b).toEqual(a);
    expect(a.length).toBeGreaterThan(50);
    expect(await snapshot("other")).not.toEqual(a);
  });

  it("gives every session of one world its own copy of the same build: same bytes, times and hash", async () => {
    const world = fixtureWorld();
    const first = await buildEnvironment(world, { seed: "copy" });
    await first.exec(
      "Web Server",
      "echo mine > /root/note && rm -f /var/log/auth.log && head -n 1 /var/log/nginx/access.log",
    );
    const second = await buildEnvironment(world, { seed: "copy" });
    const log = "/var/log/nginx/access.log";
    expect(second.findHost("Web Server")!.fs.isPending(log)).toBe(true);
    expect((await second.exec("Web Server", "cat /root/note")).exitCode).not.toBe(0);
    expect((await second.exec("Web Server", "ls /var/log/auth.log")).exitCode).toBe(0);
    expect(await second.hash()).toBe(await (await buildEnvironment(fixtureWorld(), { seed: "copy" })).hash());
    // A build of its own (another world object) and a copy agree on every entry.
    expect(await snapshotOf(await buildEnvironment(world, { seed: "copy" }))).toEqual(
      await snapshotOf(await buildEnvironment(fixtureWorld(), { seed: "copy" })),
    );
  });

  it("copies a session's host only once it is used, and reports changes of the hosts it used alone", async () => {
    const env = await buildEnvironment(fixtureWorld(), { seed: "lazy" });
    const [web, git, ci] = ["Web Server", "Git Server", "CI/CD Server"].map((r) => env.findHost(r)!) as [
      HostState,
      HostState,
      HostState,
    ];
    expect([web, git, ci].map(isUntouchedCopy)).toEqual([true, true, true]);
    await env.exec("Web Server", "rm -f /var/log/auth.log && echo x > /tmp/made");
    expect([web, git, ci].map(isUntouchedCopy)).toEqual([false, true, true]);
    const diff = await env.diff();
    expect(diff.files.map((f) => `${f.host} ${f.path} ${f.change}`)).toEqual([
      "Web Server /tmp/made created",
      "Web Server /var/log/auth.log deleted",
    ]);
    expect([...(await env.takeDelta()).hosts.keys()]).toEqual(["Web Server"]);
    expect([git, ci].map(isUntouchedCopy)).toEqual([true, true]);
    // Reading a host copies it too (a read may generate a log), and the object stays the same.
    expect((await env.exec("Git Server", "ls /")).exitCode).toBe(0);
    expect(isUntouchedCopy(git)).toBe(false);
    expect(env.findHost("Git Server")).toBe(git);
  });

  it("leaves a host the same whether its first command copied the laid host or a plain copy made its own interpreter", async () => {
    const world = fixtureWorld();
    const command =
      "ls -la /bin /usr/bin /proc/self /dev | head -n 40; cat /proc/version; stat -c '%a %Y' /proc/version";
    const laid = await buildEnvironment(world, { seed: "laid" });
    const viaLaid = await laid.exec("Web Server", command);
    // Touched before its first command, the host is a plain copy: its interpreter writes and restamps.
    const plain = await buildEnvironment(world, { seed: "laid" });
    const touched = plain.findHost("Web Server")!;
    expect(touched.fs.getAllPaths().length).toBeGreaterThan(0);
    expect(isUntouchedCopy(touched)).toBe(false);
    const viaPlain = await plain.exec("Web Server", command);
    expect(viaLaid.output).toBe(viaPlain.output);
    expect(viaLaid.output).toMatch(/Linux version/);
    const [a, b] = [laid, plain].map((e) => e.findHost("Web Server")!);
    expect(await entriesOf(a!)).toEqual(await entriesOf(b!));
    expect((await entriesOf(a!)).some((e) => e.startsWith("/bin/grep file"))).toBe(true);
    expect(await laid.hash()).toBe(await plain.hash());
  });

  it("copies a host first read outside a shell from its laid twin: it reads as after a command, and that command lays down nothing", async () => {
    const world = fixtureWorld();
    const command = "ls -la /bin | head -n 5; cat /proc/version";
    const viaCommand = await buildEnvironment(world, { seed: "read" });
    const commandFirst = await viaCommand.exec("Web Server", command);
    const viaRead = await buildEnvironment(world, { seed: "read" });
    const read = (await viaRead.readHost("web-01"))!;
    expect(read).toBe(viaRead.findHost("Web Server"));
    // The interpreter's stubs are there before any command, as after one.
    expect(await read.fs.readFile("/bin/grep")).toBe(await viaCommand.findHost("Web Server")!.fs.readFile("/bin/grep"));
    expect(isUntouchedCopy(read)).toBe(false);
    const settle = vi.spyOn(TrackedFs.prototype, "settleTimes");
    try {
      expect((await viaRead.exec("Web Server", command)).output).toBe(commandFirst.output);
      expect(settle).not.toHaveBeenCalled();
    } finally {
      settle.mockRestore();
    }
    expect(await entriesOf(read)).toEqual(await entriesOf(viaCommand.findHost("Web Server")!));
    expect(await viaRead.readHost("no such host")).toBeUndefined();
  });

  it("hashes a generated log by its recipe until it is read, and by its bytes after", async () => {
    const env = await buildEnvironment(fixtureWorld());
    const host = env.findHost("Web Server")!;
    expect(host.fs.isPending("/var/log/nginx/access.log")).toBe(true);
    await env.hash();
    expect(host.fs.isPending("/var/log/nginx/access.log")).toBe(true);
    await env.exec("Web Server", "head -n 1 /var/log/nginx/access.log");
    expect(host.fs.isPending("/var/log/nginx/access.log")).toBe(false);
  });

  it("keeps the hash of the environment as built, even after commands change it", async () => {
    const fresh = await buildEnvironment(fixtureWorld());
    const used = await buildEnvironment(fixtureWorld());
    await used.exec("Web Server", "rm -f /var/log/auth.log");
    expect(await used.hash()).toBe(await fresh.hash());
  });

  it("merges evidence into noise by time and drops what lies after the clock", async () => {
    const env = await buildEnvironment(fixtureWorld());
    expect((await env.exec("Web Server", "wc -l < /var/log/nginx/access.log")).output).toBe("401\n");
    const hit = await env.exec("Web Server", "grep -n 'GET /.env' /var/log/nginx/access.log");
    expect(hit.output).toMatch(
      /^\d+:203\.0\.113\.21 - - \[14\/Mar\/2026:02:17:09 \+0000\] "GET \/\.env HTTP\/1\.1" 200/,
    );
    // The line sits among the noise by time: the lines around it are from the same night.
    const n = Number(hit.output.split(":")[0]);
    const around = (await env.exec("Web Server", `sed -n '${n - 1}p;${n + 1}p' /var/log/nginx/access.log`)).output;
    expect(around).toMatch(/\[1[34]\/Mar\/2026:/);
    // 200 lines were spread to 2026-03-20; the clock is 2026-03-18 09:30, so some are not there yet.
    const lines = Number((await env.exec("Web Server", "wc -l < /var/log/auth.log")).output);
    expect(lines).toBeGreaterThan(100);
    expect(lines).toBeLessThan(200);
    expect((await env.exec("Web Server", "grep -c -E '^Mar (19|20) ' /var/log/auth.log")).output).toBe("0\n");
  });

  it("runs the blueprint's setup commands at build time", async () => {
    const env = await buildEnvironment(fixtureWorld());
    expect(env.setupFailures).toEqual([]);
    // Ubuntu makes homes 0750 (since 21.04).
    expect((await env.exec("Web Server", "ls -ld /home/deploy")).output).toMatch(/^drwxr-x--- +\d+ deploy +deploy /);
  });

  it("stamps files written during the run with the simulated clock, never the real one", async () => {
    const env = await buildEnvironment(fixtureWorld());
    const out = (await env.exec("Web Server", "touch /tmp/new && ls -l /tmp/new")).output;
    expect(out).toContain("Mar 18 09:30");
  });
});

describe("capOutput", () => {
  it("cuts long output at the cap and says so", () => {
    const r = capOutput("x".repeat(20_000), 16_384);
    expect(r.truncated).toBe(true);
    expect(r.text).toContain("[output truncated: showing the first 16384 of 20000 bytes");
    expect(capOutput("short").truncated).toBe(false);
  });
});
