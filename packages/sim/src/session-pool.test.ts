import { afterAll, describe, expect, it } from "vitest";
import { openSimSession, type SimSession } from "./session";
import { fixtureWorld } from "./test-support/fixture-world";

/**
 * Sessions share a small pool of workers. With a pool of one, every session lives on the same
 * worker: a command killed for running too long in one session must cost the others nothing.
 */
process.env.ANALYSTBENCH_SIM_WORKERS = "1";
const opened: SimSession[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  delete process.env.ANALYSTBENCH_SIM_WORKERS;
});

const open = async (toolTimeoutMs?: number) => {
  const s = await openSimSession(fixtureWorld(), { toolTimeoutMs });
  opened.push(s);
  return s;
};
const sh = (s: SimSession, command: string) =>
  s.callTool("execute_shell_command", { device_role: "Web Server", command_with_args: command });
const read = (s: SimSession, path: string) => s.callTool("get_file_content", { device_role: "Web Server", path });

describe("sessions sharing a worker", () => {
  it("keep their own environments", async () => {
    const [a, b] = [await open(), await open()];
    await sh(a, "echo from-a > /root/note");
    await sh(b, "echo from-b > /root/note");
    expect((await read(a, "/root/note")).output).toBe("from-a\n");
    expect((await read(b, "/root/note")).output).toBe("from-b\n");
  });

  it("each see their own world, though the worker holds both", async () => {
    const first = fixtureWorld();
    const second = fixtureWorld();
    second.hosts = second.hosts.map((h) => (h.role === "Web Server" ? { ...h, hostname: "web-99" } : h));
    const on = async (world: typeof first) => {
      const s = await openSimSession(world, {});
      opened.push(s);
      return (await sh(s, "hostname")).output;
    };
    expect(await on(first)).toBe("web-01\n");
    expect(await on(second)).toBe("web-99\n");
    // The first world again, after the second: the worker holds both and builds from the right one.
    expect(await on(first)).toBe("web-01\n");
    expect(await on(second)).toBe("web-99\n");
  });

  it("lose nothing when another session's command is killed: waiting calls move to a new worker with their state", async () => {
    const [slow, other] = [await open(300), await open()];
    await sh(slow, "echo kept-slow > /root/marker");
    await sh(other, "echo kept-other > /root/marker");
    // The endless command holds the only worker; the other session's call waits behind it.
    const killed = sh(slow, "awk 'BEGIN { for (i = 0; i < 99999; i++) for (j = 0; j < 99999; j++) {} }'");
    const waiting = sh(other, "cat /root/marker; echo second >> /root/marker");
    const [k, w] = await Promise.all([killed, waiting]);
    expect(k.ok).toBe(false);
    expect(k.output).toMatch(/ran longer than 0 s and was stopped/);
    expect(w).toMatchObject({ ok: true, output: "kept-other\n" });
    expect((await read(other, "/root/marker")).output).toBe("kept-other\nsecond\n");
    expect((await read(slow, "/root/marker")).output).toBe("kept-slow\n");
    // Both sessions' environments are whole again, and their diffs still show their own changes.
    expect((await other.diff()).files.map((f) => f.path)).toContain("/root/marker");
  });

  it("refuse calls after close", async () => {
    const s = await open();
    await s.close();
    await expect(sh(s, "id")).rejects.toThrow(/closed/);
  });
});
