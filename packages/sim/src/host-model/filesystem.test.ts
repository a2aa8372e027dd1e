import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../environment";
import { fixtureWorld } from "../test-support/fixture-world";

/**
 * The filesystem as the distribution lays it out: standard directories with their modes and
 * owners, private files private, daemons' data theirs, and times spread as activity spreads them.
 */
let env: SimEnvironment;
const sh = async (cmd: string, role = "Web Server") => (await env.exec(role, cmd)).output;
const CLOCK = Date.parse("2026-03-18T09:30:00Z");

beforeAll(async () => {
  const world = fixtureWorld();
  world.hosts[1] = { ...world.hosts[1]!, os: "Debian GNU/Linux 12 (bookworm)" };
  world.hosts[2] = {
    ...world.hosts[2]!,
    os: "Rocky Linux 9.4 (Blue Onyx)",
    users: [{ name: "jenkins", uid: 990, groups: [], home: "/var/lib/jenkins", shell: "/bin/false", gecos: "" }],
  };
  env = await buildEnvironment(world);
});

describe("owners and modes", () => {
  it("gives the standard directories their modes and owners (Ubuntu)", async () => {
    expect(
      await sh("stat -c '%n %a %U %G' /tmp /var/tmp /root /home/deploy /var/log /var/spool/cron/crontabs /proc"),
    ).toBe(
      [
        "/tmp 1777 root root",
        "/var/tmp 1777 root root",
        "/root 700 root root",
        "/home/deploy 750 deploy deploy",
        "/var/log 775 root syslog",
        "/var/spool/cron/crontabs 1730 root crontab",
        "/proc 555 root root",
        "",
      ].join("\n"),
    );
    expect(await sh("ls -ld /tmp")).toMatch(/^drwxrwxrwt /);
  });

  it("keeps secrets private: shadow for its group only, crontabs and history for their owner", async () => {
    expect(await sh("stat -c '%a %U %G' /etc/shadow /etc/gshadow /var/spool/cron/crontabs/www-data")).toBe(
      "640 root shadow\n640 root shadow\n600 www-data crontab\n",
    );
    expect(await sh("getent group shadow adm")).toMatch(/^shadow:x:42:\nadm:x:4:syslog\n$/);
  });

  it("follows each distribution: Debian's homes 0700 and adm logs, Rocky's unreadable shadow", async () => {
    expect(await sh("stat -c '%a %U %G' /var/log /etc/shadow", "Git Server")).toBe("755 root root\n640 root shadow\n");
    expect(await sh("stat -c '%a %U %G' /etc/shadow /var/spool/cron", "CI/CD Server")).toBe(
      "0 root root\n700 root root\n",
    );
    expect(await sh("getent passwd syslog", "Git Server")).toBe("");
  });

  it("gives a daemon its data directory, and keeps the content's own owners and modes", async () => {
    expect(
      await sh("stat -c '%U:%G' /var/lib/jenkins /var/lib/jenkins/jobs/driver-app/builds/241", "CI/CD Server"),
    ).toBe("jenkins:jenkins\njenkins:jenkins\n");
    expect(await sh("stat -c '%a %U %G' /var/www/crm/.env /home/deploy/notes.txt")).toBe(
      "640 www-data www-data\n600 deploy deploy\n",
    );
  });
});

describe("file times", () => {
  const mtimes = async (paths: string) =>
    (await sh(`stat -c '%Y %n' ${paths}`))
      .trim()
      .split("\n")
      .map((l) => ({ ms: Number(l.split(" ")[0]) * 1000, path: l.split(" ")[1]! }));

  it("spread over the host's history, never all at the clock's minute", async () => {
    const all = await mtimes(
      "/etc/hostname /etc/passwd /etc/hosts /etc/os-release /var/www/crm/.env /home/deploy/notes.txt",
    );
    const minutes = new Set(all.map((m) => Math.floor(m.ms / 60_000)));
    expect(minutes.size).toBeGreaterThan(3);
    for (const m of all) expect(m.ms, m.path).toBeLessThan(CLOCK - 60_000);
    // Configuration dates from install, months before; the system's identity before the user's files.
    const hostname = all.find((m) => m.path === "/etc/hostname")!.ms;
    expect(CLOCK - hostname).toBeGreaterThan(100 * 86_400_000);
    expect(all.some((m) => m.ms % 60_000 !== 0)).toBe(true);
  });

  it("keeps the content's own times, and gives a log the time of its last line", async () => {
    expect(await sh("stat -c '%y' /etc/nginx/sites-enabled/crm.conf")).toBe("2026-03-01 10:00:00.000000000 +0000\n");
    const [log] = await mtimes("/var/log/nginx/access.log");
    const last = /\[(\d\d)\/(\w{3})\/(\d{4}):([\d:]{8}) \+0000\]/.exec(
      await sh("tail -n 1 /var/log/nginx/access.log"),
    )!;
    expect(log!.ms).toBe(Date.parse(`${last[2]} ${last[1]} ${last[3]} ${last[4]} UTC`));
  });

  it("puts a crontab's time where its header says it was installed, and /run after boot", async () => {
    const text = await sh("head -2 /var/spool/cron/crontabs/www-data");
    const installed = Date.parse(/installed on (.*)\)/.exec(text)![1]!);
    const [cron] = await mtimes("/var/spool/cron/crontabs/www-data");
    expect(cron!.ms).toBe(installed);
    const boot = Date.parse(`${(await sh("uptime -s")).trim().replace(" ", "T")}Z`);
    const [resolv] = await mtimes("/etc/resolv.conf");
    expect(resolv!.ms).toBeGreaterThan(boot);
    expect(resolv!.ms - boot).toBeLessThan(60_000);
  });
});
