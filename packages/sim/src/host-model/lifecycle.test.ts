import { describe, expect, it } from "vitest";
import { buildEnvironment } from "../environment";
import { emptySavedState, mergeSavedState } from "../saved-state";
import { fixtureWorld } from "../test-support/fixture-world";

/**
 * What the agent does to processes and units shows everywhere at once: a killed main process
 * takes its unit down (systemctl), its sockets (ss), its /proc entry, and the journal says so;
 * a restart runs a new PID that opens the sockets again.
 */
const WEB = "Web Server";

async function fresh() {
  const env = await buildEnvironment(fixtureWorld());
  return { env, sh: async (cmd: string) => (await env.exec(WEB, cmd)).output };
}

describe("killing a unit's main process", () => {
  it("with SIGKILL fails the unit, closes its sockets, clears /proc and writes the failure to the journal", async () => {
    const { env, sh } = await fresh();
    expect(await sh("ss -tlnp")).toContain("0.0.0.0:443");
    expect(await sh("kill -9 902")).toBe("");
    const status = await sh("systemctl status nginx");
    expect(status).toMatch(/^× nginx\.service - /);
    expect(status).toContain("Active: failed (Result: signal) since Wed 2026-03-18 09:30:00 UTC; now");
    expect(status).toContain("Main PID: 902 (code=killed, signal=KILL)");
    expect(await sh("systemctl is-active nginx")).toBe("failed\n");
    expect(await sh("systemctl is-system-running")).toBe("degraded\n");
    expect(await sh("ss -tlnp")).not.toContain("0.0.0.0:443");
    expect(await sh("ps aux | grep -c '[n]ginx'")).toBe("0\n");
    expect(await sh("ls /proc/902 2>&1")).toContain("No such file or directory");
    expect(await sh("journalctl -u nginx -n 2")).toBe(
      "Mar 18 09:30:00 web-01 systemd[1]: nginx.service: Main process exited, code=killed, status=9/KILL\n" +
        "Mar 18 09:30:00 web-01 systemd[1]: nginx.service: Failed with result 'signal'.\n",
    );
    const changes = (await env.diff()).stateChanges.map((c) => [c.kind, c.target, c.to]);
    expect(changes).toEqual([
      ["process", "902 nginx: master process /usr/sbin/nginx -g daemon on; master_process on;", "killed (9)"],
    ]);
  });

  it("with SIGTERM leaves the unit inactive, as a clean exit", async () => {
    const { sh } = await fresh();
    await sh("kill 902");
    expect(await sh("systemctl is-active nginx")).toBe("inactive\n");
    expect(await sh("systemctl status nginx")).toMatch(/○ nginx\.service[\s\S]*Active: inactive \(dead\)/);
    expect(await sh("journalctl -u nginx -n 1 -o cat")).toBe("nginx.service: Deactivated successfully.\n");
  });

  it("ignores what ends nothing: signal 0, and PID 1", async () => {
    const { env, sh } = await fresh();
    expect(await sh("kill -0 902 && echo alive")).toBe("alive\n");
    expect(await sh("kill -9 1; echo $?")).toBe("0\n");
    expect(await sh("ps -p 1,902 -o pid=")).toBe("      1\n    902\n");
    expect((await env.diff()).stateChanges).toEqual([]);
    expect(await sh("kill -9 31999")).toContain("kill: (31999) - No such process");
  });
});

describe("starting a unit again", () => {
  it("runs a new main PID that opens the unit's sockets, with its start in the journal", async () => {
    const { env, sh } = await fresh();
    await sh("kill -9 902");
    await sh("systemctl restart nginx");
    const pid = Number((await sh("systemctl show nginx -p MainPID --value")).trim());
    expect(pid).toBeGreaterThan(4711);
    expect(await sh("systemctl is-active nginx")).toBe("active\n");
    expect(await sh("ss -tlnp")).toContain(`users:(("nginx",pid=${pid},`);
    expect(await sh(`cat /proc/${pid}/comm`)).toBe("nginx\n");
    expect(await sh(`ps -p ${pid} -o start_time=,time=`)).toBe("09:30 00:00:00\n");
    expect(await sh("journalctl -u nginx -n 1 -o cat")).toBe(
      "Started A high performance web server and a reverse proxy server.\n",
    );
    expect((await env.diff()).stateChanges.map((c) => c.to)).toEqual(["killed (9)", "running/enabled (restart)"]);
  });

  it("refuses a masked unit, and stop closes what start opened", async () => {
    const { sh } = await fresh();
    await sh("systemctl stop nginx");
    expect(await sh("ss -tln")).not.toContain(":443");
    expect(await sh("systemctl mask nginx")).toContain("→ /dev/null");
    expect(await sh("systemctl start nginx")).toContain("Unit nginx.service is masked.");
    expect(await sh("systemctl is-enabled nginx")).toBe("masked\n");
  });
});

describe("a saved state", () => {
  it("brings back the tables and /proc as the commands left them", async () => {
    const { env } = await fresh();
    const saved = emptySavedState();
    for (const cmd of ["kill -9 4711", "systemctl restart nginx"]) {
      await env.exec(WEB, cmd);
      mergeSavedState(saved, await env.takeDelta());
    }
    const copy = await buildEnvironment(fixtureWorld());
    await copy.restore(structuredClone(saved));
    for (const cmd of ["ls /proc", "ps aux", "ss -tanp", "systemctl status nginx", "journalctl -n 5"])
      expect((await copy.exec(WEB, cmd)).output, cmd).toBe((await env.exec(WEB, cmd)).output);
  });
});
