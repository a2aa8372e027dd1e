import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "./environment";
import { openSimSession, simSessionPlacement, type SimSession } from "./session";
import { fixtureWorld } from "./test-support/fixture-world";

/**
 * Evidence with provenance: each shell command reports whether its output printed text its own
 * command line supplied (printsOwnText) and whether it read a file that commands of this
 * environment wrote (readsAgentWrittenFile). Real environments throughout; the last test
 * kills a real worker and checks both flags after the session is rebuilt elsewhere.
 */
const WEB = "Web Server";
let env: SimEnvironment;
beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
});
const provenanceOf = async (command: string, on = env) => (await on.exec(WEB, command)).provenance;

describe("printsOwnText", () => {
  it.each([
    "echo planted",
    "printf '%s\\n' planted",
    "cat <<EOF\nplanted\nEOF",
    "cat <<'EOF'\nplanted\nEOF",
    "grep -h . - <<< planted",
    "x=$(echo planted); grep -c root /etc/passwd",
    "eval 'echo planted'",
    "e\\cho planted",
    "'ec'\"ho\" planted",
    "builtin echo planted",
    "command echo planted",
    "/bin/echo planted",
    "bash -c 'cat <<< planted'",
    "xargs <<< planted",
    "find /etc/hostname -exec echo {} \\;",
    "cmd='cat <<EOF\nplanted\nEOF'; eval \"$cmd\"",
    "awk 'BEGIN { print \"planted\" }'",
    "awk '{ print \"planted: \" $1 }' /etc/hostname",
    "sed 's/.*/planted text/' /etc/hostname",
    "date '+planted on %F'",
    "expr planted : 'p.*'",
    "export NOTE=planted; printenv NOTE",
    "set | grep -c HOME",
    "set -x; ls /etc/hostname",
    ": ${UNSET_VAR:?planted text}",
    "cat 'planted text' 2>&1; true",
    "grep -c root /etc/passwd /etc/planted-name; true",
    "'planted text' 2>&1; true",
  ])("%s", async (command) => {
    expect(await provenanceOf(command)).toEqual({ printsOwnText: true, readsAgentWrittenFile: false });
  });
});

describe("commands that only show the host", () => {
  it.each([
    "grep echo /etc/passwd; true",
    "grep -n printf /etc/hostname /etc/passwd; true",
    "cat /var/log/auth.log | head -n 3",
    "tail -n 5 /var/log/nginx/access.log | cut -d' ' -f1 | sort | uniq -c",
    "ls",
    "ls -la /etc /var/log",
    "ps aux",
    "grep -rn 'GET /.env' /var/log",
    "awk '{ print $1, \"->\", $7 }' /var/log/nginx/access.log",
    "awk '$1 == \"203.0.113.21\"' /var/log/nginx/access.log",
    "sed -n '1,3p' /etc/passwd",
    "date +%F",
    "printenv HOME",
    "find /etc -name '*.conf'",
    "stat -c '%a %U %n' /var/www/crm/.env",
    "cat /var/log/nope.log 2>/dev/null; cat /etc/hostname",
  ])("%s", async (command) => {
    expect(await provenanceOf(command)).toEqual({ printsOwnText: false, readsAgentWrittenFile: false });
  });
});

describe("readsAgentWrittenFile", () => {
  let own: SimEnvironment;
  const reads = async (command: string) => (await provenanceOf(command, own)).readsAgentWrittenFile;
  beforeAll(async () => {
    own = await buildEnvironment(fixtureWorld());
    await own.exec(WEB, "mkdir -p /tmp/drop && echo planted > /tmp/drop/x && echo 'tampered' >> /var/log/auth.log");
    await own.exec(WEB, "chmod 600 /etc/passwd && cp /etc/hostname /tmp/copy");
    await own.exec(WEB, "ln -s /etc/hostname /tmp/link && ln -s /tmp/drop/x /etc/innocent");
  });

  it("is set by reading a file a command wrote, however the command reaches it", async () => {
    for (const command of [
      "cat /tmp/drop/x",
      "grep -r planted /tmp",
      "grep planted /tmp/drop/*",
      "head -c 3 /tmp/drop/x; echo",
      "grep -c . /etc/hostname /tmp/drop/x",
      "tail -n 1 /var/log/auth.log",
      "cat /tmp/copy",
      "cat /etc/innocent",
      "x=$(cat /tmp/drop/x); grep -c root /etc/passwd",
    ])
      expect(await reads(command), command).toBe(true);
    // The read alone counts, whatever the output: a command could reshape what it read.
    expect(await provenanceOf("wc -c < /tmp/drop/x", own)).toEqual({
      printsOwnText: false,
      readsAgentWrittenFile: true,
    });
  });

  it("is not set by reading the host's own bytes, listing names, or changing only a mode", async () => {
    for (const command of [
      "cat /etc/hostname",
      "cat /tmp/link",
      "cat /etc/passwd",
      "ls -la /tmp /tmp/drop",
      "find /tmp",
    ])
      expect(await reads(command), command).toBe(false);
  });

  it("counts a file the same command wrote", async () => {
    expect(await reads("grep root /etc/passwd > /tmp/roots; wc -l /tmp/roots")).toBe(true);
  });

  it("is recorded on the command in the diff", async () => {
    const commands = (await own.diff()).commands;
    expect(commands.find((c) => c.command === "cat /tmp/drop/x")?.provenance).toEqual({
      printsOwnText: false,
      readsAgentWrittenFile: true,
    });
    expect(commands[0]?.provenance).toEqual({ printsOwnText: true, readsAgentWrittenFile: false });
  });
});

describe("provenance across a rebuild", () => {
  process.env.ANALYSTBENCH_SIM_WORKERS = "1";
  const opened: SimSession[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    delete process.env.ANALYSTBENCH_SIM_WORKERS;
  });
  const open = async (toolTimeoutMs?: number) => {
    const s = await openSimSession(fixtureWorld(), { seed: "provenance", toolTimeoutMs });
    opened.push(s);
    return s;
  };
  const sh = (s: SimSession, command: string) =>
    s.callTool("execute_shell_command", { device_role: WEB, command_with_args: command });
  /** Only the kill timer ends it (see session-isolation.test.ts). */
  const RUNAWAY = "awk 'BEGIN { for (i = 0; i < 99999; i++) for (j = 0; j < 99999; j++) {} }'";

  it("survives the worker protocol and a session rebuilt from its saved state", async () => {
    const honest = await open();
    const hostile = await open(2_000);
    expect(simSessionPlacement(hostile)!.workerId).toBe(simSessionPlacement(honest)!.workerId);

    expect((await sh(honest, "echo planted > /tmp/note")).provenance).toEqual({
      printsOwnText: true,
      readsAgentWrittenFile: false,
    });
    expect((await sh(honest, "cat /tmp/note")).provenance?.readsAgentWrittenFile).toBe(true);

    expect((await sh(hostile, RUNAWAY)).output).toMatch(/ran longer than 2 s and was stopped/);

    // Rebuilt on a fresh worker from world, seed and saved state: the file is still the agent's.
    const cat = await sh(honest, "cat /tmp/note");
    expect(simSessionPlacement(honest)!.builds).toBe(2);
    expect(cat).toMatchObject({
      ok: true,
      output: "planted\n",
      provenance: { printsOwnText: false, readsAgentWrittenFile: true },
    });
    expect((await sh(honest, "grep -r planted /tmp")).provenance?.readsAgentWrittenFile).toBe(true);
    expect((await sh(honest, "printf 'again\\n'")).provenance).toEqual({
      printsOwnText: true,
      readsAgentWrittenFile: false,
    });
    expect((await sh(honest, "cat /etc/hostname")).provenance).toEqual({
      printsOwnText: false,
      readsAgentWrittenFile: false,
    });
    expect((await honest.callTool("get_file_content", { device_role: WEB, path: "/tmp/note" })).provenance).toEqual({
      printsOwnText: false,
      readsAgentWrittenFile: true,
    });
    // The diff's command records keep the flags of commands run before the rebuild.
    const records = (await honest.diff()).commands;
    expect(records[0]?.provenance?.printsOwnText).toBe(true);
    expect(records[1]?.provenance?.readsAgentWrittenFile).toBe(true);
  }, 60_000);
});
