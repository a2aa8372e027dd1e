import { HostSpecSchema, TEST_CASES, type HostSpec } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { deriveHostModel } from ".";
import { parseDistro } from "./distro";
import { deriveKernel, kernelFits, procVersion, unameVersion } from "./kernel";
import { isKernelThread } from "./processes";

/**
 * One model per host: whatever a command reads (uname, /proc/version, dmesg, the journal, ps,
 * systemctl, ss) comes from it, so these properties hold for every host of every case.
 */
const CLOCK = Date.parse("2026-03-18T09:30:00Z");

/** A host from content as an author writes it (the schema fills in the defaults). */
function host(over: Record<string, unknown> & { os: string }): HostSpec {
  return HostSpecSchema.parse({ role: "Web Server", hostname: "web-01", ip: "10.0.10.15", ...over });
}

describe("the distribution and its kernel", () => {
  it("reads the distribution from the content's os, whatever it adds in parentheses", () => {
    expect(parseDistro("Ubuntu 22.04.4 LTS (nginx 1.18, PHP-FPM 8.1)")).toMatchObject({
      id: "ubuntu",
      versionId: "22.04",
      release: "22.04.4",
      codename: "jammy",
      prettyName: "Ubuntu 22.04.4 LTS",
    });
    expect(parseDistro("Debian 12 (Postfix 3.7)")).toMatchObject({
      id: "debian",
      versionId: "12",
      codename: "bookworm",
    });
    expect(parseDistro("Rocky Linux 9.4 (Blue Onyx)")).toMatchObject({ id: "rocky", family: "rhel", versionId: "9.4" });
    expect(parseDistro("Cisco IOS XE 17.9.4 (Catalyst 9300)").family).toBe("other");
  });

  it("keeps a content kernel the distribution ships and replaces one it does not", () => {
    const ubuntu = parseDistro("Ubuntu 22.04.4 LTS");
    expect(deriveKernel(ubuntu, "6.5.0-41-generic", "dev-ws").release).toBe("6.5.0-41-generic");
    // The schema's default is Debian's kernel: an Ubuntu host never boots it.
    const replaced = deriveKernel(ubuntu, "6.1.0-26-amd64", "web-01");
    expect(replaced.release).toMatch(/^5\.15\.0-\d+-generic$/);
    expect(replaced.version).toMatch(/^#\d+-Ubuntu SMP /);
    const debian = deriveKernel(parseDistro("Debian GNU/Linux 12 (bookworm)"), "6.1.0-26-amd64", "dc01");
    expect(debian.version).toBe("#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)");
    const rocky = deriveKernel(parseDistro("Rocky Linux 9.4"), "6.1.0-26-amd64", "siem-01");
    expect(rocky.release).toMatch(/^5\.14\.0-427\.\d+\.1\.el9_4\.x86_64$/);
  });

  it("prints the build string as each distribution does, cut to 64 characters by uname", () => {
    const k = deriveKernel(parseDistro("Ubuntu 22.04.4 LTS"), "6.5.0-41-generic", "dev-ws");
    expect(unameVersion(k)).toBe("#41~22.04.2-Ubuntu SMP PREEMPT_DYNAMIC Mon Jun  3 11:32:55 UTC 2");
    expect(procVersion(k, parseDistro("Ubuntu 22.04.4 LTS"))).toMatch(
      /^Linux version 6\.5\.0-41-generic \(buildd@lcy02-amd64-\d{3}\) \(x86_64-linux-gnu-gcc-12 .* 2\.38\) #41~22\.04\.2-Ubuntu SMP PREEMPT_DYNAMIC Mon Jun {2}3 11:32:55 UTC 2024 \(Ubuntu 6\.5\.0-41\.41~22\.04\.2-generic 6\.5\.13\)$/,
    );
  });
});

describe("boot", () => {
  it("follows PID 1's start when the content gives it, and is otherwise days before the clock", () => {
    const given = deriveHostModel(
      host({
        os: "Debian 12",
        processes: [{ pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-03-01T04:00:00Z" }],
      }),
      CLOCK,
      "seed",
    );
    expect(new Date(given.model.bootMs + 2_710).toISOString()).toBe("2026-03-01T04:00:00.000Z");
    const seeded = deriveHostModel(host({ os: "Debian 12" }), CLOCK, "seed").model.bootMs;
    expect(CLOCK - seeded).toBeGreaterThan(3 * 86_400_000);
    expect(CLOCK - seeded).toBeLessThan(41 * 86_400_000);
    expect(deriveHostModel(host({ os: "Debian 12" }), CLOCK, "seed").model.bootMs).toBe(seeded);
  });

  it("is before every process the content says is running and every session still open", () => {
    const spec = host({
      os: "Ubuntu 22.04.4 LTS",
      processes: [{ pid: 900, user: "root", command: "/usr/sbin/cron -f", started: "2026-03-18T08:00:00Z" }],
      logins: [{ user: "root", tty: "pts/0", from: "10.0.0.1", start: "2026-03-18T09:00:00Z" }],
    });
    expect(deriveHostModel(spec, CLOCK, "any").model.bootMs).toBeLessThanOrEqual(Date.parse("2026-03-18T07:59:55Z"));
  });
});

describe("processes and units", () => {
  const spec = host({
    os: "Ubuntu 22.04.4 LTS",
    processes: [
      { pid: 1, ppid: 0, user: "root", command: "/sbin/init" },
      { pid: 902, user: "root", command: "nginx: master process /usr/sbin/nginx" },
      { pid: 903, ppid: 902, user: "www-data", command: "nginx: worker process" },
      { pid: 1187, user: "jenkins", command: "/usr/bin/java -jar jenkins.war", cpu: 11.4, mem: 38.2 },
    ],
    services: [
      { name: "nginx", description: "nginx", state: "running", pid: 902 },
      { name: "cron", description: "cron", state: "running" },
      { name: "cups", description: "CUPS", state: "running", pid: 917 },
    ],
    sockets: [{ proto: "tcp", local: "0.0.0.0:443", state: "LISTEN", pid: 902, program: "nginx" }],
  });
  const { model, tables } = deriveHostModel(spec, CLOCK, "seed");

  it("gives every process a start at or after boot, CPU time and a size that fit it", () => {
    for (const p of tables.processes) {
      expect(Date.parse(p.started)).toBeGreaterThanOrEqual(model.bootMs);
      if (isKernelThread(p)) continue;
      expect(p.rssKb).toBeGreaterThan(0);
      expect(p.vszKb).toBeGreaterThan(p.rssKb);
      expect(p.cpuSeconds).toBeGreaterThan(0);
    }
    const worker = tables.processes.find((p) => p.pid === 903)!;
    expect(Date.parse(worker.started)).toBeGreaterThan(
      Date.parse(tables.processes.find((p) => p.pid === 902)!.started),
    );
    const java = tables.processes.find((p) => p.pid === 1187)!;
    // The content's percentages stay, and the sizes and CPU time follow from them.
    expect(java.mem).toBe(38.2);
    expect(java.rssKb).toBe(Math.round(0.382 * model.hardware.memTotalKb));
    expect(java.cpuSeconds / ((CLOCK - Date.parse(java.started)) / 1000)).toBeCloseTo(0.114, 3);
  });

  it("ties each running unit to a main process, adding the ones the content implies", () => {
    const units = Object.fromEntries(tables.services.map((s) => [s.name, s]));
    expect(units.nginx!.pid).toBe(902);
    expect(units.nginx!.exec).toMatchObject({ workers: [{ command: "nginx: worker process" }] });
    expect(units.nginx!.exec!.listens.map((k) => k.local)).toEqual(["0.0.0.0:443"]);
    expect(tables.processes.find((p) => p.pid === units.cron!.pid)?.command).toBe("/usr/sbin/cron -f -P");
    expect(tables.processes.find((p) => p.pid === 917)?.command).toBe("/usr/sbin/cupsd -l");
    expect(units.nginx!.sinceMs).toBe(Date.parse(tables.processes.find((p) => p.pid === 902)!.started));
  });

  it("writes the boot into the journal: the kernel's lines and each running unit starting", () => {
    const kernel = tables.journal.filter((j) => j.kernel);
    expect(kernel[0]!.message).toBe(procVersion(model.kernel, model.distro));
    expect(Date.parse(kernel[0]!.time)).toBe(model.bootMs);
    expect(tables.journal.some((j) => j.unit === "nginx.service" && j.message.startsWith("Started "))).toBe(true);
    const times = tables.journal.map((j) => Date.parse(j.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("every host of every case", () => {
  for (const c of TEST_CASES) {
    it(`${c.id}: agrees on kernel and boot, and every unit's process and socket exist`, () => {
      const world = c.world();
      const clockMs = Date.parse(world.clock);
      for (const spec of world.hosts) {
        const { model, tables } = deriveHostModel(spec, clockMs, `check:${spec.hostname}`);
        const where = `${c.id} ${spec.hostname}`;
        if (model.distro.family !== "other") expect(kernelFits(model.distro, model.kernel.release), where).toBe(true);
        expect(model.dmesg[0]!.text, where).toBe(procVersion(model.kernel, model.distro));
        expect(model.bootMs, where).toBeLessThan(clockMs);
        const pids = new Set(tables.processes.map((p) => p.pid));
        for (const p of tables.processes) expect(Date.parse(p.started), where).toBeGreaterThanOrEqual(model.bootMs);
        for (const s of tables.services.filter((x) => x.state === "running"))
          expect(pids.has(s.pid!), where).toBe(true);
        for (const k of tables.sockets.filter((x) => x.pid)) expect(pids.has(k.pid!), where).toBe(true);
        // Accounts for every process's user, unless the content gives its own /etc/passwd (then it decides).
        if (spec.files.some((f) => f.path === "/etc/passwd")) continue;
        for (const p of tables.processes)
          expect(
            model.accounts.users.some((u) => u.name === p.user),
            where,
          ).toBe(true);
      }
    });
  }
});
