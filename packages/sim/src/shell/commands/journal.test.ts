import { HostSpecSchema } from "@analystbench/scenarios";
import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";
import { parseJournalTime } from "./journal";

/** journalctl and dmesg over the host's journal: the content's entries and what the boot wrote. */
let env: SimEnvironment;
const sh = async (cmd: string) => (await env.exec("Web Server", cmd)).output;

beforeAll(async () => {
  const world = fixtureWorld();
  // An entry from before this boot: the journal then holds two boots.
  const web = HostSpecSchema.parse({
    ...world.hosts[0]!,
    journal: [
      ...world.hosts[0]!.journal,
      { time: "2025-12-01T10:00:00Z", unit: "nginx", identifier: "nginx[700]", message: "worker process exited" },
    ],
  });
  world.hosts[0] = web;
  env = await buildEnvironment(world);
});

describe("journalctl", () => {
  it("-u shows a running unit's start and the content's entries, in order", async () => {
    const out = await sh("journalctl -u nginx --no-pager");
    expect(out).toMatch(/^Dec 01 10:00:00 web-01 nginx\[700\]: worker process exited\n-- Boot [0-9a-f]{32} --\n/);
    expect(out).toMatch(/systemd\[1\]: Starting A high performance web server and a reverse proxy server\.\.\.\n/);
    expect(out).toMatch(/Started A high performance web server[^\n]*\n[^\n]*nginx\[902\]: reloaded configuration\n$/);
    expect(await sh("journalctl -u nosuch")).toBe("-- No entries --\n");
  });

  it("-b keeps this boot (or the one before), --list-boots lists both", async () => {
    const boots = (await sh("journalctl --list-boots")).split("\n");
    expect(boots[0]).toMatch(/^-1 [0-9a-f]{32} Mon 2025-12-01 10:00:00 UTC—Mon 2025-12-01 10:00:00 UTC$/);
    expect(boots[1]).toMatch(
      /^ 0 [0-9a-f]{32} \w{3} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC—\w{3} 2026-03-14 02:21:00 UTC$/,
    );
    const current = await sh("journalctl -b");
    expect(current).not.toContain("worker process exited");
    expect(current.split("\n")[0]).toMatch(/ web-01 kernel: Linux version /);
    expect(await sh("journalctl -b -1 -o cat")).toBe("worker process exited\n");
  });

  it("-k is the kernel's part of this boot, the same lines dmesg prints", async () => {
    const kernel = (await sh("journalctl -k -o cat")).trimEnd().split("\n");
    const dmesg = (await sh("dmesg"))
      .trimEnd()
      .split("\n")
      .map((l) => l.replace(/^\[[ \d.]+\] /, ""));
    expect(kernel).toEqual(dmesg.map((l) => l.replace(/^systemd\[1\]: /, "")));
  });

  it("--since/--until, -n, -r, -p, -g, -t and -o filter and format as journalctl does", async () => {
    expect(await sh("journalctl --since '2026-03-14 02:20' --until '2026-03-14 03:00' -o cat")).toBe(
      "(www-data) CMD (/tmp/.x/kworkerd -c 203.0.113.40:4444)\n",
    );
    expect(await sh("journalctl -n 1 -o short-iso")).toBe(
      "2026-03-14T02:21:00+0000 web-01 CRON[5100]: (www-data) CMD (/tmp/.x/kworkerd -c 203.0.113.40:4444)\n",
    );
    expect((await sh("journalctl -r -n 2 -o cat")).split("\n")[0]).toContain("kworkerd");
    expect(await sh("journalctl -t CRON -o cat")).toContain("(www-data) CMD");
    expect(await sh("journalctl -g 'RELOADED' -o cat")).toBe("-- No entries --\n");
    expect(await sh("journalctl -g 'reloaded' -o cat")).toBe("reloaded configuration\n");
    expect(await sh("journalctl -p err")).toBe("-- No entries --\n");
    expect(JSON.parse((await sh("journalctl -n 1 -o json")).trim())).toMatchObject({
      _SYSTEMD_UNIT: "cron.service",
      SYSLOG_IDENTIFIER: "CRON",
      _PID: "5100",
    });
    expect((await env.exec("Web Server", "journalctl --since 'next tuesday'")).output).toContain(
      "Failed to parse timestamp",
    );
  });

  it("reads relative and absolute times against the simulated clock", () => {
    const clock = Date.parse("2026-03-18T09:30:00Z");
    expect(parseJournalTime("2 hours ago", clock)).toBe(clock - 7_200_000);
    expect(parseJournalTime("-30m", clock)).toBe(clock - 1_800_000);
    expect(parseJournalTime("yesterday", clock)).toBe(Date.parse("2026-03-17T00:00:00Z"));
    expect(parseJournalTime("2026-03-14", clock)).toBe(Date.parse("2026-03-14T00:00:00Z"));
  });
});

describe("dmesg", () => {
  it("prints the boot's ring buffer with seconds since boot, or wall-clock times with -T", async () => {
    const lines = (await sh("dmesg")).trimEnd().split("\n");
    expect(lines[0]).toMatch(/^\[ {4}0\.000000\] Linux version \S+-generic /);
    expect(lines.some((l) => /\] Memory: \d+K\/\d+K available/.test(l))).toBe(true);
    expect(lines.some((l) => /\] e1000 .* eth0: \(PCI:33MHz:32-bit\) 52:54:00:00:0a:0f$/.test(l))).toBe(true);
    expect(lines.some((l) => /\] virtio_blk virtio2: \[vda\] \d+ 512-byte logical blocks/.test(l))).toBe(true);
    const stamps = lines.map((l) => Number(/^\[ *([\d.]+)\]/.exec(l)![1]));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    const since = (await sh("uptime -s")).trim();
    const first = new Date(`${since.replace(" ", "T")}Z`).toUTCString();
    expect((await sh("dmesg -T")).split("\n")[0]).toContain(`[${first.slice(0, 3)} ${first.slice(8, 11)}`);
    expect(await sh("ip link")).toContain("link/ether 52:54:00:00:0a:0f");
  });
});
