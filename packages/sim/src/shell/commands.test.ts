import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../environment";
import { fixtureWorld, HOMOGLYPH_LINE } from "../test-support/fixture-world";

let env: SimEnvironment;
const sh = async (cmd: string, role = "Web Server") => (await env.exec(role, cmd)).output;

beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
});

describe("simulated host commands", () => {
  it("answers whoami, hostname, uname and date from the host and the simulated clock", async () => {
    expect(await sh("whoami")).toBe("root\n");
    expect(await sh("hostname")).toBe("web-01\n");
    expect(await sh("hostname", "CI/CD Server")).toBe("ci-01\n");
    expect(await sh("hostname -I")).toBe("10.0.10.15\n");
    expect(await sh("uname -n")).toBe("web-01\n");
    expect(await sh("date -u +%Y-%m-%dT%H:%M:%S")).toBe("2026-03-18T09:30:00\n");
    expect(await sh("date")).toBe("Wed Mar 18 09:30:00 UTC 2026\n");
  });

  it("lists processes with ps aux and ps -ef", async () => {
    const aux = await sh("ps aux");
    expect(aux.split("\n")[0]).toMatch(/^USER +PID +%CPU +%MEM +VSZ +RSS +TTY +STAT +START +TIME +COMMAND$/);
    expect(aux).toMatch(/www-data +4711 .*\/tmp\/\.x\/kworkerd -c 203\.0\.113\.40:4444/);
    expect(await sh("ps -ef | grep kworkerd | grep -v grep | wc -l")).toBe("1\n");
    expect(await sh("ps -o pid,user,cmd -p 4711")).toContain("4711 www-data /tmp/.x/kworkerd");
  });

  it("shows sockets with ss and netstat, listening and established", async () => {
    expect(await sh("ss -tlnp")).toMatch(/LISTEN +0 +128 +0\.0\.0\.0:443 .*users:\(\("nginx",pid=902/);
    const est = await sh("ss -tnp");
    expect(est).toContain("203.0.113.40:4444");
    expect(est).not.toContain("0.0.0.0:443");
    expect(await sh("netstat -tunap")).toMatch(
      /10\.0\.10\.15:51514 +203\.0\.113\.40:4444 +ESTABLISHED +4711\/kworkerd/,
    );
  });

  it("prints real owners and modes with ls -l, and ls -la shows dotfiles", async () => {
    expect(await sh("ls -l /var/www/crm/.env")).toMatch(
      /^-rw-r----- 1 www-data www-data 46 \w{3} +\d+ +[\d:]+ \/var\/www\/crm\/\.env\n$/,
    );
    expect(await sh("ls /var/www/crm")).toBe("");
    expect(await sh("ls -a /var/www/crm")).toContain(".env");
    expect(await sh("ls -l /home/deploy/notes.txt")).toMatch(/^-rw------- 1 deploy deploy /);
    expect(await sh("ls /nope")).toContain("ls: cannot access '/nope': No such file or directory");
  });

  it("reads cron tables, logins, the journal and services", async () => {
    expect(await sh("crontab -l -u www-data")).toContain("*/15 * * * * /tmp/.x/kworkerd");
    expect(await sh("crontab -l")).toContain("no crontab for root");
    expect(await sh("last")).toMatch(/deploy +pts\/1 +10\.0\.40\.5 +Wed Mar 18 09:00 +still logged in/);
    expect(await sh("who")).toContain("deploy pts/1 2026-03-18 09:00 (10.0.40.5)");
    expect(await sh("journalctl -u cron --no-pager")).toContain("CRON[5100]: (www-data) CMD (/tmp/.x/kworkerd");
    expect(await sh("journalctl --since '2026-03-14 02:20'")).not.toContain("reloaded configuration");
    expect(await sh("systemctl status nginx")).toMatch(
      /● nginx\.service - A high performance web server[\s\S]*Active: active \(running\)[\s\S]*Main PID: 902 \(nginx\)/,
    );
    expect(await sh("systemctl is-active nginx")).toBe("active\n");
  });

  it("reads accounts from the host's own /etc/passwd and /etc/group", async () => {
    expect(await sh("id deploy")).toMatch(
      /^uid=1001\(deploy\) gid=1001\(deploy\) groups=1001\(deploy\),\d+\(www-data\)\n$/,
    );
    expect(await sh("getent passwd deploy")).toBe("deploy:x:1001:1001::/home/deploy:/bin/bash\n");
  });

  it("runs read-only git in the Git server's repositories", async () => {
    const repo = "/srv/git/kestrel/driver-app.git";
    expect(await sh(`git -C ${repo} log --oneline`, "Git Server")).toBe(
      "8737f1d (HEAD -> main) chore: normalise dispatch principal\n1111111 feat: payout allow-list\n",
    );
    expect(await sh(`git -C ${repo} log --oneline --all`, "Git Server")).toContain(
      "2222222 (feature/payouts) wip: feature branch",
    );
    const show = await sh(`cd ${repo} && git show 8737f1d`, "Git Server");
    expect(show).toContain("Author: O. Brandt <o.brandt@contractor.example>");
    expect(show).toContain(`+${HOMOGLYPH_LINE}`);
    expect(show).toContain('-const ALLOWED = ["svc-dispatch"];');
    const blame = await sh(`git -C ${repo} blame src/config/principals.ts`, "Git Server");
    expect(blame.split("\n")[0]).toMatch(/^8737f1d1 \(O\. Brandt/);
    expect(blame.split("\n")[1]).toMatch(/^\^1111111 \(Priya Raman/);
    expect(await sh(`git -C ${repo} push origin main`, "Git Server")).toContain("read-only");
    expect(await sh("git log", "Git Server")).toContain("not a git repository");
  });

  it("finds the homoglyph byte-exactly with grep", async () => {
    const out = await sh(
      "git -C /srv/git/kestrel/driver-app.git show HEAD:src/config/principals.ts | grep -n '[^ -~]'",
      "Git Server",
    );
    expect(out).toBe(`1:${HOMOGLYPH_LINE}\n`);
    expect(Buffer.from(out).includes(Buffer.from([0xd0, 0xb0]))).toBe(true);
  });

  it("materialises CI build logs on the CI server", async () => {
    expect(await sh("cat /var/lib/jenkins/jobs/driver-app/builds/241/log", "CI/CD Server")).toContain(
      "+ deploy --env prod",
    );
    expect(await sh("ls -l /var/lib/jenkins/jobs/driver-app/builds/241/log", "CI/CD Server")).toMatch(
      /jenkins jenkins/,
    );
  });

  it("records state changes: files, services and processes", async () => {
    const e = await buildEnvironment(fixtureWorld());
    await e.exec("Web Server", "cat /var/log/nginx/access.log | head -1");
    await e.exec("Web Server", "rm /var/log/nginx/access.log");
    await e.exec("Web Server", "systemctl stop nginx");
    await e.exec("Web Server", "kill -9 4711");
    await e.exec("Web Server", "chown deploy /var/www/crm/.env");
    const diff = await e.diff();
    expect(diff.files).toEqual([
      {
        host: "Web Server",
        path: "/var/log/nginx/access.log",
        change: "deleted",
        commands: ["rm /var/log/nginx/access.log"],
      },
      {
        host: "Web Server",
        path: "/var/www/crm/.env",
        change: "modified",
        commands: ["chown deploy /var/www/crm/.env"],
      },
    ]);
    expect(diff.stateChanges.map((c) => [c.kind, c.target, c.to])).toEqual([
      ["service", "nginx.service", "stopped/enabled (stop)"],
      ["process", "4711 /tmp/.x/kworkerd -c 203.0.113.40:4444", "killed (9)"],
    ]);
    expect(diff.commands.map((c) => c.changedState)).toEqual([false, true, true, true, true]);
    expect(await e.exec("Web Server", "systemctl is-active nginx")).toMatchObject({ output: "inactive\n" });
  });
});
