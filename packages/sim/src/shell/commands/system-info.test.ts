import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";

/** uname, uptime, hostnamectl, free, df and /proc read one model: they agree with each other. */
let env: SimEnvironment;
const sh = async (cmd: string, role = "Web Server") => (await env.exec(role, cmd)).output;

beforeAll(async () => {
  const world = fixtureWorld();
  world.hosts[1] = { ...world.hosts[1]!, os: "Debian GNU/Linux 12 (bookworm)" };
  world.hosts[2] = { ...world.hosts[2]!, os: "Rocky Linux 9.4 (Blue Onyx)" };
  env = await buildEnvironment(world);
});

describe("uname", () => {
  it("prints a kernel of the host's own distribution, as its coreutils print it", async () => {
    expect(await sh("uname -a")).toMatch(
      /^Linux web-01 5\.15\.0-\d+-generic #\d+-Ubuntu SMP \w{3} \w{3} [ \d]\d [\d:]{8} UTC 2024 x86_64 x86_64 x86_64 GNU\/Linux\n$/,
    );
    expect(await sh("uname -a", "Git Server")).toMatch(
      /^Linux git-01 6\.1\.0-\d+-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6\.1\.\d+-\d \(\d{4}-\d\d-\d\d\) x86_64 GNU\/Linux\n$/,
    );
    expect(await sh("uname -r", "CI/CD Server")).toMatch(/^5\.14\.0-427\.\d+\.1\.el9_4\.x86_64\n$/);
    expect(await sh("uname")).toBe("Linux\n");
    expect(await sh("uname -s -n -m")).toBe("Linux web-01 x86_64\n");
    expect(await sh("uname -p", "Git Server")).toBe("unknown\n");
  });

  it("agrees with /proc/version, dmesg's first line and hostnamectl", async () => {
    const release = (await sh("uname -r")).trim();
    const version = (await sh("uname -v")).trim();
    const proc = await sh("cat /proc/version");
    expect(proc).toContain(`Linux version ${release} `);
    expect(proc).toContain(version);
    expect(await sh("dmesg | head -1")).toBe(`[    0.000000] ${proc}`);
    expect(await sh("hostnamectl")).toContain(`          Kernel: Linux ${release}\n`);
    expect(await sh("hostnamectl")).toContain("Operating System: Ubuntu 22.04.4 LTS\n");
    const machineId = (await sh("cat /etc/machine-id")).trim();
    expect(await sh("hostnamectl")).toContain(`      Machine ID: ${machineId}\n`);
  });
});

describe("uptime", () => {
  it("counts from the boot that who -b, uptime -s, /proc/uptime and last agree on", async () => {
    const since = (await sh("uptime -s")).trim();
    expect(since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const bootMs = Date.parse(`${since.replace(" ", "T")}Z`);
    const seconds = (Date.parse("2026-03-18T09:30:00Z") - bootMs) / 1000;
    expect(Number((await sh("cat /proc/uptime")).split(" ")[0])).toBe(seconds);
    expect(await sh("who -b")).toBe(`         system boot  ${since.slice(0, 16)}\n`);
    const days = Math.floor(seconds / 86_400);
    expect(await sh("uptime")).toMatch(
      new RegExp(
        `^ 09:30:00 up ${days} days, [ \\d]\\d:\\d\\d,  1 user,  load average: \\d\\.\\d\\d, \\d\\.\\d\\d, \\d\\.\\d\\d\\n$`,
      ),
    );
    expect(await sh("uptime -p")).toMatch(/^up \d+ weeks?, (\d+ days?, )?(\d+ hours?, )?\d+ minutes?\n$/);
    expect(await sh("last reboot")).toContain(`reboot system boot ${(await sh("uname -r")).trim()}`);
  });
});

describe("memory and disk", () => {
  it("free and /proc/meminfo report the same machine, the processes' sizes within it", async () => {
    const total = Number(/MemTotal:\s+(\d+) kB/.exec(await sh("cat /proc/meminfo"))![1]);
    const free = (await sh("free")).split("\n");
    expect(free[0]).toMatch(/^ +total +used +free +shared +buff\/cache +available$/);
    expect(free[1]!.split(/\s+/)[1]).toBe(String(total));
    expect(await sh("dmesg | grep 'Memory:'")).toMatch(/Memory: \d+K\/\d+K available/);
    expect(await sh("df -h /")).toMatch(/\/dev\/vda1 +\d+G +[\d.]+G +\d+G +\d+% +\/\n/);
    expect(await sh("df", "CI/CD Server")).toContain("/dev/vda4");
  });
});
