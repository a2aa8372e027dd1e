import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail, ok } from "../args";
import { includedFiles } from "./config-files";

/**
 * `sshd -T`: the effective server configuration, one lower-case `keyword value` a line in
 * OpenSSH's own order, from /etc/ssh/sshd_config (and what it Includes) over OpenSSH's defaults.
 * As in sshd, the first value of a keyword wins, list keywords collect every value, and Match
 * blocks do not change the global settings. `sshd -t` checks the file; sshd is not started.
 */
const CONFIG = "/etc/ssh/sshd_config";

/** Keywords in the order sshd -T prints them, with OpenSSH 8.9's defaults ("" prints nothing). */
const DEFAULTS: [string, string][] = [
  ["port", "22"],
  ["addressfamily", "any"],
  ["listenaddress", ""],
  ["usepam", "no"],
  ["logingracetime", "120"],
  ["x11displayoffset", "10"],
  ["maxauthtries", "6"],
  ["maxsessions", "10"],
  ["clientaliveinterval", "0"],
  ["clientalivecountmax", "3"],
  ["streamlocalbindmask", "0177"],
  ["permitrootlogin", "without-password"],
  ["ignorerhosts", "yes"],
  ["ignoreuserknownhosts", "no"],
  ["hostbasedauthentication", "no"],
  ["hostbasedusesnamefrompacketonly", "no"],
  ["pubkeyauthentication", "yes"],
  ["kerberosauthentication", "no"],
  ["kerberosorlocalpasswd", "yes"],
  ["kerberosticketcleanup", "yes"],
  ["gssapiauthentication", "no"],
  ["gssapicleanupcredentials", "yes"],
  ["gssapistrictacceptorcheck", "yes"],
  ["passwordauthentication", "yes"],
  ["kbdinteractiveauthentication", "yes"],
  ["printmotd", "yes"],
  ["printlastlog", "yes"],
  ["x11forwarding", "no"],
  ["x11uselocalhost", "yes"],
  ["permittty", "yes"],
  ["permituserrc", "yes"],
  ["strictmodes", "yes"],
  ["tcpkeepalive", "yes"],
  ["permitemptypasswords", "no"],
  ["compression", "yes"],
  ["gatewayports", "no"],
  ["usedns", "no"],
  ["allowtcpforwarding", "yes"],
  ["allowagentforwarding", "yes"],
  ["disableforwarding", "no"],
  ["allowstreamlocalforwarding", "yes"],
  ["streamlocalbindunlink", "no"],
  ["fingerprinthash", "SHA256"],
  ["exposeauthinfo", "no"],
  ["pidfile", "/run/sshd.pid"],
  ["modulifile", "/etc/ssh/moduli"],
  ["xauthlocation", "/usr/bin/xauth"],
  [
    "ciphers",
    "chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,aes128-gcm@openssh.com,aes256-gcm@openssh.com",
  ],
  [
    "macs",
    "umac-64-etm@openssh.com,umac-128-etm@openssh.com,hmac-sha2-256-etm@openssh.com,hmac-sha2-512-etm@openssh.com,hmac-sha1-etm@openssh.com,umac-64@openssh.com,umac-128@openssh.com,hmac-sha2-256,hmac-sha2-512,hmac-sha1",
  ],
  ["banner", "none"],
  ["forcecommand", "none"],
  ["chrootdirectory", "none"],
  ["trustedusercakeys", "none"],
  ["revokedkeys", "none"],
  ["securitykeyprovider", "internal"],
  ["authorizedprincipalsfile", "none"],
  ["versionaddendum", "none"],
  ["authorizedkeyscommand", "none"],
  ["authorizedkeyscommanduser", "none"],
  ["authorizedprincipalscommand", "none"],
  ["authorizedprincipalscommanduser", "none"],
  ["hostkeyagent", "none"],
  [
    "kexalgorithms",
    "curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256,ecdh-sha2-nistp384,ecdh-sha2-nistp521,sntrup761x25519-sha512@openssh.com,diffie-hellman-group-exchange-sha256,diffie-hellman-group16-sha512,diffie-hellman-group18-sha512,diffie-hellman-group14-sha256",
  ],
  ["loglevel", "INFO"],
  ["syslogfacility", "AUTH"],
  ["authorizedkeysfile", ".ssh/authorized_keys .ssh/authorized_keys2"],
  ["hostkey", "/etc/ssh/ssh_host_rsa_key\n/etc/ssh/ssh_host_ecdsa_key\n/etc/ssh/ssh_host_ed25519_key"],
  ["allowusers", ""],
  ["denyusers", ""],
  ["allowgroups", ""],
  ["denygroups", ""],
  ["acceptenv", ""],
  ["authenticationmethods", "any"],
  ["subsystem", ""],
  ["maxstartups", "10:30:100"],
  ["persourcemaxstartups", "none"],
  ["persourcenetblocksize", "32:128"],
  ["permittunnel", "no"],
  ["ipqos", "lowdelay throughput"],
  ["rekeylimit", "0 0"],
  ["permitopen", "any"],
  ["permitlisten", "any"],
  ["permituserenvironment", "no"],
  ["pubkeyauthoptions", "none"],
];

/** Keywords that may be given many times (each line adds), printed one value a line. */
const LISTS = new Set([
  "port",
  "listenaddress",
  "hostkey",
  "allowusers",
  "denyusers",
  "allowgroups",
  "denygroups",
  "acceptenv",
  "subsystem",
]);
/** Keywords whose many words are one value, kept on one line. */
const ONE_LINE = new Set([
  "authorizedkeysfile",
  "authenticationmethods",
  "ipqos",
  "rekeylimit",
  "permitopen",
  "permitlisten",
  "subsystem",
]);

/** How sshd prints a value it read: yes/no lower-cased, levels upper-cased, old names mapped. */
function normalise(key: string, value: string): string {
  if (/^(yes|no)$/i.test(value)) return value.toLowerCase();
  if (key === "permitrootlogin" && value === "prohibit-password") return "without-password";
  if (key === "loglevel" || key === "syslogfacility") return value.toUpperCase();
  return value;
}

/** Keyword → values, first file line first, following Include and stopping at Match. */
async function readSettings(host: HostState, path: string, into: Map<string, string[]>): Promise<void> {
  const text = await host.fs.readFile(path).catch(() => "");
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const m = /^(\S+)\s*(?:=\s*|\s+)(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    if (key === "match") return;
    if (key === "include") {
      for (const pattern of m[2]!.split(/\s+/))
        for (const file of includedFiles(host, pattern, "/etc/ssh")) await readSettings(host, file, into);
      continue;
    }
    const words = ONE_LINE.has(key) ? [m[2]!.replace(/\s+/g, " ")] : m[2]!.split(/\s+/);
    if (LISTS.has(key)) into.set(key, [...(into.get(key) ?? []), ...words]);
    else if (!into.has(key)) into.set(key, [normalise(key, m[2]!.trim())]);
  }
}

/** ListenAddress as sshd reports it: every address with every port; [::] and 0.0.0.0 by default. */
function listenAddresses(settings: Map<string, string[]>): string[] {
  const ports = settings.get("port") ?? ["22"];
  const family = settings.get("addressfamily")?.[0] ?? "any";
  const given = settings.get("listenaddress");
  const addresses = given ?? (family === "inet" ? ["0.0.0.0"] : family === "inet6" ? ["[::]"] : ["[::]", "0.0.0.0"]);
  return addresses.flatMap((a) => (/:\d+$/.test(a) && !a.startsWith("[") ? [a] : ports.map((p) => `${a}:${p}`)));
}

export async function effectiveSshdConfig(host: HostState, path = CONFIG): Promise<string> {
  const settings = new Map<string, string[]>();
  await readSettings(host, path, settings);
  const lines: string[] = [];
  for (const [key, fallback] of DEFAULTS) {
    const values =
      key === "listenaddress"
        ? listenAddresses(settings)
        : (settings.get(key) ?? (fallback ? fallback.split("\n") : []));
    for (const v of values) lines.push(`${key} ${v}`);
  }
  return `${lines.join("\n")}\n`;
}

function release(os: string): string {
  if (/debian/i.test(os)) return "OpenSSH_9.2p1 Debian-2+deb12u3, OpenSSL 3.0.15 3 Sep 2024";
  if (/ubuntu 24/i.test(os)) return "OpenSSH_9.6p1 Ubuntu-3ubuntu13.5, OpenSSL 3.0.13 30 Jan 2024";
  if (/rocky|rhel|centos/i.test(os)) return "OpenSSH_8.7p1, OpenSSL 3.0.7 1 Nov 2022";
  return "OpenSSH_8.9p1 Ubuntu-3ubuntu0.10, OpenSSL 3.0.2 15 Mar 2022";
}

const USAGE = `usage: sshd [-46DdeiqTt] [-C connection_spec] [-c host_cert_file]
            [-E log_file] [-f config_file] [-g login_grace_time]
            [-h host_key_file] [-o option] [-p port] [-u len]
`;

export function sshdCommand(host: HostState): Command {
  return defineCommand("sshd", async (args) => {
    let config = CONFIG;
    let mode = "";
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const bad = /^-/.test(a) ? [...a.slice(1)].find((c) => !"46DdeiqTtVCcEfghopu".includes(c)) : a;
      if (bad) return fail(`sshd: invalid option -- '${bad}'\n${release(host.spec.os)}\n${USAGE}`, 1);
      if (a === "-V") return { stdout: "", stderr: `${release(host.spec.os)}\n`, exitCode: 0 };
      if (a === "-f") config = host.fs.resolvePath("/", args[++i] ?? "");
      else if (/^-[CcEghopu]$/.test(a)) i++;
      else if (/[Tt]/.test(a)) mode = a.includes("T") ? "T" : mode || "t";
    }
    if (host.fs.entryKind(config) !== "file") return fail(`${config}: No such file or directory`, 255);
    if (mode === "T") return ok(await effectiveSshdConfig(host, config));
    if (mode === "t") return ok("");
    return fail(
      "sshd: starting another sshd is disabled in this simulated environment; the ssh service is already running",
      1,
    );
  });
}

export const hasSshd = (host: HostState) => host.fs.entryKind(CONFIG) === "file";
