import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";

/** systemctl and the login records in the layouts of the host's systemd and util-linux. */
let env: SimEnvironment;
const sh = async (cmd: string) => (await env.exec("Web Server", cmd)).output;

beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
});

describe("systemctl", () => {
  it("status: the unit's main process, its resources and CGroup, and its journal since boot", async () => {
    const out = await sh("systemctl status nginx");
    const ps = (await sh("ps -p 902 -o lstart=")).trim();
    const since = new Date(`${ps} UTC`);
    expect(out).toContain("     Loaded: loaded (/lib/systemd/system/nginx.service; enabled; vendor preset: enabled)\n");
    expect(out).toMatch(
      / {5}Active: active \(running\) since \w{3} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; \d+ (weeks?|months?) \d+ days? ago\n/,
    );
    expect(out).toContain(
      `since ${since.toUTCString().slice(0, 3)} ${since.toISOString().slice(0, 10)} ${since.toISOString().slice(11, 19)} UTC`,
    );
    expect(out).toMatch(
      / {3}Main PID: 902 \(nginx\)\n {6}Tasks: \d+ \(limit: \d+\)\n {5}Memory: [\d.]+M\n {8}CPU: [\w. ]+s\n/,
    );
    expect(out).toContain('     CGroup: /system.slice/nginx.service\n             └─902 "nginx: master process');
    expect(out).toMatch(/systemd\[1\]: Started A high performance web server and a reverse proxy server\.\n/);
    expect((await env.exec("Web Server", "systemctl status nosuch")).exitCode).toBe(4);
  });

  it("list-units, is-active, is-enabled and show tell the same state", async () => {
    expect(await sh("systemctl list-units --type=service")).toMatch(
      /^ {2}UNIT +LOAD +ACTIVE SUB +DESCRIPTION\n {2}nginx\.service loaded active running A high performance[^\n]*\n {2}cron\.service +loaded active running [^\n]*\n\nLOAD += [^\n]*\nACTIVE = [^\n]*\nSUB += [^\n]*\n2 loaded units listed\.\n$/,
    );
    expect(await sh("systemctl is-active nginx cron")).toBe("active\nactive\n");
    expect(await sh("systemctl is-enabled nginx")).toBe("enabled\n");
    expect(await sh("systemctl show nginx -p MainPID,ActiveState,SubState")).toBe(
      "MainPID=902\nActiveState=active\nSubState=running\n",
    );
    expect(await sh("systemctl show cron -p MainPID --value")).toBe(`${(await sh("pgrep -x cron")).trim()}\n`);
    expect(await sh("systemctl cat nginx")).toContain("ExecStart=/usr/sbin/nginx -g daemon on; master_process on;\n");
    expect(await sh("systemctl is-system-running")).toBe("running\n");
  });
});

describe("logins", () => {
  it("last lists sessions and the boot, with the kernel uname names", async () => {
    const out = await sh("last");
    expect(out).toMatch(/^deploy +pts\/1 +10\.0\.40\.5 +Wed Mar 18 09:00 +still logged in\n/);
    expect(out).toMatch(
      new RegExp(
        `\\nreboot +system boot +${(await sh("uname -r")).trim().replace(/\./g, "\\.")} +\\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d +still running\\n`,
      ),
    );
    expect(await sh("w | head -1")).toBe(`${await sh("uptime")}`);
  });
});
