import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";

/**
 * nginx -T, sshd -T, iptables and nft from the host's own files, present only where the host has
 * the service's configuration.
 */
const file = (path: string, content: string) => ({ path, content, owner: "root:root", mode: "0644" });

const NGINX_CONF =
  "user www-data;\ninclude /etc/nginx/modules-enabled/*.conf;\nhttp {\n\tinclude /etc/nginx/mime.types;\n\tinclude /etc/nginx/sites-enabled/*;\n}\n";
const SSHD =
  "Include /etc/ssh/sshd_config.d/*.conf\nPort 22\nPermitRootLogin prohibit-password\nPasswordAuthentication yes\nAcceptEnv LANG LC_*\nSubsystem sftp /usr/lib/openssh/sftp-server\nMatch User backup\n\tPasswordAuthentication no\n";
const RULES = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
:LOGDROP - [0:0]
-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
-A INPUT -s 10.0.40.5/32 -p tcp -m tcp --dport 22 -m comment --comment "jump host: SSH" -j ACCEPT
-A INPUT -j LOGDROP
-A LOGDROP -j LOG --log-prefix "DROP " --log-level 4
-A LOGDROP -j DROP
COMMIT
`;
const NFT =
  "#!/usr/sbin/nft -f\nflush ruleset\n\ndefine JUMP = 10.0.40.5\n\ntable inet filter {\n\tchain input {\n\t\t# only the jump host\n\t\ttype filter hook input priority filter; policy drop;\n\t\tip saddr $JUMP tcp dport 22 accept\n\t}\n}\n";

let env: SimEnvironment;
const sh = async (cmd: string, role = "Web Server") => {
  const r = await env.exec(role, cmd);
  return `${r.output}[${r.exitCode}]`;
};

beforeAll(async () => {
  const world = fixtureWorld();
  const web = world.hosts.find((h) => h.role === "Web Server")!;
  web.files.push(
    file("/etc/nginx/nginx.conf", NGINX_CONF),
    file("/etc/ssh/sshd_config", SSHD),
    file("/etc/ssh/sshd_config.d/50-cloud-init.conf", "PasswordAuthentication no\n"),
    file("/etc/iptables/rules.v4", RULES),
    file("/etc/nftables.conf", NFT),
  );
  env = await buildEnvironment(world);
});

describe("nginx", () => {
  it("dumps nginx.conf and the files it includes, in reading order, with the test on stderr", async () => {
    expect(await sh("nginx -T")).toBe(
      `# configuration file /etc/nginx/nginx.conf:\n${NGINX_CONF}\n# configuration file /etc/nginx/sites-enabled/crm.conf:\nserver {\n  listen 443 ssl;\n  root /var/www/crm;\n  autoindex on;\n}\n\nnginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful\n[0]`,
    );
    expect(await sh("nginx -t 2>&1 >/dev/null | tail -n 1")).toBe(
      "nginx: configuration file /etc/nginx/nginx.conf test is successful\n[0]",
    );
    expect(await sh("nginx -v")).toBe("nginx version: nginx/1.18.0 (Ubuntu)\n[0]");
    expect(await sh("nginx -Q")).toBe('nginx: invalid option: "Q"\n[1]');
  });

  it("is not a command where nginx is not installed", async () => {
    expect(await sh("nginx -T", "Git Server")).toBe("bash: nginx: command not found\n[127]");
  });
});

describe("sshd", () => {
  it("prints the effective settings: first value wins, includes first, lists collect, Match left out", async () => {
    const out = await sh("sshd -T");
    expect(out).toMatch(/^port 22\naddressfamily any\nlistenaddress \[::\]:22\nlistenaddress 0\.0\.0\.0:22\n/);
    expect(out).toContain("\npermitrootlogin without-password\n");
    expect(out).toContain("\npasswordauthentication no\n");
    expect(out).toContain("\nacceptenv LANG\nacceptenv LC_*\n");
    expect(out).toContain("\nsubsystem sftp /usr/lib/openssh/sftp-server\n");
    expect(out).toContain("\nhostkey /etc/ssh/ssh_host_rsa_key\n");
    expect(await sh("sshd -t")).toBe("[0]");
    expect(await sh("sshd -Q")).toMatch(/^sshd: invalid option -- 'Q'\nOpenSSH_8\.9p1 .*\nusage: sshd /);
  });
});

describe("iptables and nft", () => {
  it("lists the saved rules with -S: policies, user chains, then rules", async () => {
    expect(await sh("iptables -S")).toBe(
      `-P INPUT DROP\n-P FORWARD DROP\n-P OUTPUT ACCEPT\n-N LOGDROP\n${RULES.split("\n")
        .filter((l) => l.startsWith("-A"))
        .join("\n")}\n[0]`,
    );
    expect(await sh("iptables -S LOGDROP")).toBe(
      '-N LOGDROP\n-A LOGDROP -j LOG --log-prefix "DROP " --log-level 4\n-A LOGDROP -j DROP\n[0]',
    );
  });

  it("lays out -L -n as iptables does", async () => {
    expect(await sh("iptables -L -n")).toBe(
      [
        "Chain INPUT (policy DROP)",
        "target     prot opt source               destination         ",
        "ACCEPT     all  --  0.0.0.0/0            0.0.0.0/0            ctstate RELATED,ESTABLISHED",
        "ACCEPT     tcp  --  10.0.40.5            0.0.0.0/0            tcp dpt:22 /* jump host: SSH */",
        "LOGDROP    all  --  0.0.0.0/0            0.0.0.0/0           ",
        "",
        "Chain FORWARD (policy DROP)",
        "target     prot opt source               destination         ",
        "",
        "Chain OUTPUT (policy ACCEPT)",
        "target     prot opt source               destination         ",
        "",
        "Chain LOGDROP (1 references)",
        "target     prot opt source               destination         ",
        'LOG        all  --  0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4 prefix "DROP "',
        "DROP       all  --  0.0.0.0/0            0.0.0.0/0           ",
        "[0]",
      ].join("\n"),
    );
    expect(await sh("iptables -L INPUT | sed -n 4p")).toBe(
      "ACCEPT     tcp  --  10.0.40.5            anywhere             tcp dpt:ssh /* jump host: SSH */\n[0]",
    );
    expect(await sh("iptables -A INPUT -j ACCEPT")).toContain("read-only");
    expect(await sh("iptables -S", "Git Server")).toBe("-P INPUT ACCEPT\n-P FORWARD ACCEPT\n-P OUTPUT ACCEPT\n[0]");
  });

  it("lists the nftables ruleset without comments, defines expanded", async () => {
    expect(await sh("nft list ruleset")).toBe(
      "table inet filter {\n\tchain input {\n\t\ttype filter hook input priority filter; policy drop;\n\t\tip saddr 10.0.40.5 tcp dport 22 accept\n\t}\n}\n[0]",
    );
    expect(await sh("nft list ruleset", "Git Server")).toBe("bash: nft: command not found\n[127]");
  });
});

describe("crontab", () => {
  it("lists a user's table, and says when there is none", async () => {
    expect(await sh("crontab -l -u www-data")).toContain("*/15 * * * * /tmp/.x/kworkerd");
    expect(await sh("crontab -l")).toBe("no crontab for root\n[1]");
  });
});
