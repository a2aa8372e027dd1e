import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { syslogLine } from "../formats/syslog";
import { type Emit, HOUR, MINUTE, type Periodic, type Plan, SECOND, type Source } from "./engine";
import { host, keyOf, pidAt, port } from "./hosts";
import { internetAddress } from "./internet";

/**
 * /var/log/auth.log of a server (`server`) or a desktop (`workstation`): cron's PAM sessions on
 * schedule, administrators' key-based SSH sessions from where `peers` says (with sudo, logind's
 * sessions and their ends), automation accounts of `hosts` logging in to run commands as root, and
 * on a server whose sshd the internet reaches (`external` > 0), password-guessing bots.
 */

const ADMIN_COMMANDS = [
  "/usr/bin/apt update",
  "/usr/bin/apt list --upgradable",
  "/usr/bin/apt-get -y upgrade",
  "/usr/bin/systemctl status --no-pager",
  "/usr/bin/systemctl list-units --failed",
  "/usr/bin/journalctl -p err -b --no-pager",
  "/usr/bin/journalctl -u ssh --since today",
  "/usr/bin/df -h",
  "/usr/bin/du -sh /var/log",
  "/usr/bin/tail -n 200 /var/log/syslog",
  "/usr/bin/ls -la /var/log",
  "/usr/bin/cat /etc/os-release",
  "/usr/bin/needrestart -r l",
  "/usr/bin/top -b -n 1",
  "/usr/sbin/ufw status verbose",
];
/** Names bots try, most common first (with root far ahead of all). */
const BOT_USERS = [
  "admin",
  "ubuntu",
  "test",
  "user",
  "oracle",
  "postgres",
  "git",
  "ftpuser",
  "debian",
  "pi",
  "guest",
  "support",
  "deploy",
  "mysql",
  "hadoop",
  "jenkins",
  "minecraft",
  "steam",
  "ansible",
  "nagios",
  "test1",
  "administrator",
  "dev",
  "www",
  "centos",
  "es",
  "sftp",
  "odoo",
  "kafka",
  "tomcat",
];

export function authPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const info = host(rng, ctx);
  const line = (ms: number, tag: string, message: string) => syslogLine(ms, ctx.hostname, tag, message);
  const workstation = options.profile === "workstation";
  const verbose = options.verbose ?? false;
  const session = (ms: number) =>
    info.firstSession + Math.floor((ms - input.fromMs) / (workstation ? 6 * HOUR : 25 * MINUTE));

  /** A cron job run as root: PAM opens and closes its session. */
  const cron = (r: Random, ms: number, emit: Emit) => {
    const pid = pidAt(r);
    emit(ms, line(ms, `CRON[${pid}]`, "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)"));
    const end = ms + r.int(0, 2) * SECOND + r.int(0, 900);
    emit(end, line(end, `CRON[${pid}]`, "pam_unix(cron:session): session closed for user root"));
  };
  const periodic: Periodic[] = [
    { everyMs: HOUR, offsetMs: 17 * MINUTE, jitterMs: 900, lines: 2, event: cron },
    { everyMs: 24 * HOUR, offsetMs: 6 * HOUR + 25 * MINUTE, jitterMs: 900, lines: 2, event: cron },
  ];
  if (!workstation) periodic.push({ everyMs: 10 * MINUTE, offsetMs: 0, jitterMs: 900, lines: 2, event: cron });

  /** sudo as root by `user`, with PAM's session lines. */
  const sudo = (r: Random, ms: number, emit: Emit, user: string, command: string, tty: string, pwd: string) => {
    emit(ms, line(ms, "sudo", `${user} : TTY=${tty} ; PWD=${pwd} ; USER=root ; COMMAND=${command}`));
    emit(
      ms,
      line(ms, "sudo", `pam_unix(sudo:session): session opened for user root(uid=0) by ${user}(uid=${info.uid(user)})`),
    );
    const end = ms + r.int(1, 40) * SECOND;
    emit(end, line(end, "sudo", "pam_unix(sudo:session): session closed for user root"));
  };

  /** A key-based SSH session of `user` from `from`, commands run with sudo, then its end. */
  const ssh = (r: Random, ms: number, emit: Emit, user: string, from: string, commands: string[], length: number) => {
    const pid = pidAt(r);
    const p = port(r);
    const sshd = `sshd[${pid}]`;
    const logind = `systemd-logind[${info.logind}]`;
    const n = session(ms);
    if (verbose) emit(ms, line(ms, sshd, `Connection from ${from} port ${p} on ${ctx.ip} port 22 rdomain ""`));
    let at = ms + r.int(0, 1) * SECOND;
    const key = `ED25519 ${user === "git" ? (options.keys?.[from] ?? keyOf(info, undefined, `git@${from}`)) : keyOf(info, options.keys, user)}`;
    if (options.mfa && user !== "git") {
      // The key, then the one-time code (sometimes only at the second prompt).
      emit(at, line(at, sshd, `Partial publickey for ${user} from ${from} port ${p} ssh2: ${key}`));
      at += r.int(4, 25) * SECOND;
      if (r.chance(0.06)) {
        emit(at, line(at, sshd, `Failed keyboard-interactive/pam for ${user} from ${from} port ${p} ssh2`));
        at += r.int(5, 30) * SECOND;
      }
      emit(at, line(at, sshd, `Accepted keyboard-interactive/pam for ${user} from ${from} port ${p} ssh2`));
    } else emit(at, line(at, sshd, `Accepted publickey for ${user} from ${from} port ${p} ssh2: ${key}`));
    emit(
      at,
      line(at, sshd, `pam_unix(sshd:session): session opened for user ${user}(uid=${info.uid(user)}) by (uid=0)`),
    );
    emit(at, line(at, logind, `New session ${n} of user ${user}.`));
    if (verbose) emit(at, line(at, sshd, `User child is on pid ${pid + 2}`));
    let t = at;
    for (const c of commands) {
      t += r.int(5, Math.max(6, Math.floor(length / (commands.length + 1) / SECOND))) * SECOND;
      sudo(r, t, emit, user, c, "pts/0", `/home/${user}`);
    }
    const end = Math.max(t + r.int(5, 60) * SECOND, at + length);
    emit(end, line(end, sshd, `Received disconnect from ${from} port ${p}:11: disconnected by user`));
    emit(end, line(end, sshd, `Disconnected from user ${user} ${from} port ${p}`));
    emit(end, line(end, sshd, `pam_unix(sshd:session): session closed for user ${user}`));
    emit(end, line(end, logind, `Session ${n} logged out. Waiting for processes to exit.`));
    emit(end, line(end, logind, `Removed session ${n}.`));
  };

  const sources: Source[] = [];
  const external = workstation ? 0 : (options.external ?? 0);
  sources.push({
    weight: workstation ? 0.2 : 1,
    rhythm: "office",
    event: (r, ms, emit) => {
      const user = r.pick(info.users);
      const k = r.chance(0.3) ? 0 : r.int(1, 4);
      const commands = Array.from({ length: k }, () => r.pick(ADMIN_COMMANDS));
      ssh(r, ms, emit, user, r.pick(info.sources), commands, r.int(2, 55) * MINUTE);
    },
  });
  // Git over SSH: the hosts whose account is git are developers' machines fetching and pushing,
  // each with its own key (`keys` by address).
  const git = (options.hosts ?? []).filter((h) => h.user === "git");
  if (git.length)
    sources.push({
      weight: 3,
      rhythm: "office",
      event: (r, ms, emit) => ssh(r, ms, emit, "git", r.pick(git).ip, [], r.int(1, 40) * SECOND),
    });
  // Automation: each other named host with an account logs in now and then to run commands as root.
  for (const h of options.hosts ?? []) {
    if (!h.user || h.user === "git") continue;
    const user = h.user;
    sources.push({
      weight: 0.5,
      rhythm: "flat",
      event: (r, ms, emit) => {
        const token = r.hex(32).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!);
        const tmp = `ansible-tmp-${Math.floor(ms / 1000)}.${r.int(1_000_000, 9_999_999)}-${r.int(1_000, 99_999)}-${r.int(10 ** 13, 10 ** 14)}`;
        const modules = r.pick([["setup"], ["apt"], ["setup", "apt"], ["stat", "copy"], ["systemd"]]);
        const commands = modules.map(
          (m) =>
            `/bin/sh -c echo BECOME-SUCCESS-${token} ; /usr/bin/python3 /home/${user}/.ansible/tmp/${tmp}/AnsiballZ_${m}.py`,
        );
        ssh(r, ms, emit, user, h.ip, commands, r.int(8, 90) * SECOND);
      },
    });
  }
  if (workstation) {
    sources.push({
      weight: 1,
      rhythm: "office",
      event: (r, ms, emit) => desktop(r, ms, emit, info.users[0]!, info.uid(info.users[0]!), line, sudo),
    });
  }
  if (external > 0) {
    const internal = sources.reduce((s, x) => s + x.weight, 0);
    sources.push({
      weight: (internal * external) / Math.max(0.01, 1 - external),
      rhythm: "flat",
      event: (r, ms, emit) => bot(r, ms, emit, ctx.ip, verbose, line),
    });
  }
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
}

type Line = (ms: number, tag: string, message: string) => string;

/** A desktop's day: unlocking the screen, a polkit prompt, sudo in a terminal. */
function desktop(
  r: Random,
  ms: number,
  emit: Emit,
  user: string,
  uid: number,
  line: Line,
  sudo: (r: Random, ms: number, emit: Emit, user: string, command: string, tty: string, pwd: string) => void,
) {
  const x = r.next();
  if (x < 0.5) {
    emit(ms, line(ms, "gdm-password]", "gkr-pam: unlocked login keyring"));
    emit(
      ms,
      line(ms, `gdm-password][${pidAt(r)}]`, `pam_unix(gdm-password:auth): authentication succeeded for user ${user}`),
    );
  } else if (x < 0.65) {
    emit(
      ms,
      line(
        ms,
        `polkitd(authority=local)`,
        `Operator of unix-session:2 successfully authenticated as unix-user:${user} to gain TEMPORARY authorization for action org.freedesktop.packagekit.system-update for system-bus-name::1.${r.int(90, 400)} [/usr/bin/gnome-software --gapplication-service] (owned by unix-user:${user})`,
      ),
    );
  } else {
    const cmd = r.pick([
      "/usr/bin/apt update",
      "/usr/bin/apt upgrade -y",
      "/usr/bin/docker compose up -d",
      "/usr/bin/systemctl restart docker",
      "/usr/bin/snap refresh",
      "/usr/bin/npm install -g npm@10.5.0",
      "/usr/bin/tcpdump -i any port 5432",
      "/usr/bin/apt install -y jq",
    ]);
    sudo(
      r,
      ms,
      emit,
      user,
      cmd,
      `pts/${r.int(0, 4)}`,
      `/home/${user}${r.chance(0.6) ? `/src/${r.pick(["shipment-tracker", "driver-app", "rate-engine", "infra-live"])}` : ""}`,
    );
  }
  void uid;
}

/**
 * One bot's visit to an sshd open to the internet: a run of guesses, each connection on its own
 * port and PID, as OpenSSH 8.9 logs them.
 */
function bot(r: Random, ms: number, emit: Emit, self: string, verbose: boolean, line: Line) {
  const from = internetAddress(r, 0.25);
  const tries = r.chance(0.45) ? r.int(1, 3) : r.int(4, 60);
  const style = r.next();
  let t = ms;
  for (let i = 0; i < tries; i++) {
    const pid = pidAt(r);
    const p = port(r);
    const sshd = `sshd[${pid}]`;
    const at = (s: number) => {
      t += s;
      return t;
    };
    if (verbose) emit(t, line(t, sshd, `Connection from ${from} port ${p} on ${self} port 22 rdomain ""`));
    if (style < 0.12) {
      // Banner grabbers and old scanners: no authentication at all.
      const x = r.next();
      if (x < 0.4) emit(at(r.int(0, 2) * SECOND), line(t, sshd, `Connection closed by ${from} port ${p} [preauth]`));
      else if (x < 0.6)
        emit(
          at(r.int(0, 1) * SECOND),
          line(t, sshd, `banner exchange: Connection from ${from} port ${p}: invalid format`),
        );
      else if (x < 0.8)
        emit(
          at(r.int(0, 1) * SECOND),
          line(
            t,
            sshd,
            `Unable to negotiate with ${from} port ${p}: no matching key exchange method found. Their offer: diffie-hellman-group14-sha1,diffie-hellman-group-exchange-sha1,diffie-hellman-group1-sha1 [preauth]`,
          ),
        );
      else
        emit(
          at(r.int(0, 3) * SECOND),
          line(t, sshd, "error: kex_exchange_identification: Connection closed by remote host"),
        );
    } else if (style < 0.55 || r.chance(0.2)) {
      const user = r.chance(0.15)
        ? r.pick(BOT_USERS)
        : BOT_USERS[Math.min(BOT_USERS.length - 1, Math.floor(r.next() ** 2 * BOT_USERS.length))]!;
      emit(at(r.int(0, 2) * SECOND), line(t, sshd, `Invalid user ${user} from ${from} port ${p}`));
      emit(at(r.int(0, 1) * SECOND), line(t, sshd, "pam_unix(sshd:auth): check pass; user unknown"));
      emit(
        t,
        line(
          t,
          sshd,
          `pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=${from}`,
        ),
      );
      emit(
        at(r.int(1, 3) * SECOND),
        line(t, sshd, `Failed password for invalid user ${user} from ${from} port ${p} ssh2`),
      );
      if (r.chance(0.7)) {
        emit(
          at(r.int(0, 1) * SECOND),
          line(t, sshd, `Received disconnect from ${from} port ${p}:11: Bye Bye [preauth]`),
        );
        emit(t, line(t, sshd, `Disconnected from invalid user ${user} ${from} port ${p} [preauth]`));
      } else
        emit(
          at(r.int(0, 2) * SECOND),
          line(t, sshd, `Connection closed by invalid user ${user} ${from} port ${p} [preauth]`),
        );
    } else {
      // root, several guesses per connection until MaxAuthTries.
      emit(
        at(r.int(0, 2) * SECOND),
        line(
          t,
          sshd,
          `pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=${from}  user=root`,
        ),
      );
      const guesses = r.chance(0.6) ? 1 : r.int(2, 6);
      for (let g = 0; g < guesses; g++)
        emit(at(r.int(1, 4) * SECOND), line(t, sshd, `Failed password for root from ${from} port ${p} ssh2`));
      if (guesses === 6) {
        emit(
          t,
          line(
            t,
            sshd,
            `error: maximum authentication attempts exceeded for root from ${from} port ${p} ssh2 [preauth]`,
          ),
        );
        emit(
          t,
          line(
            t,
            sshd,
            `Disconnecting authenticating user root ${from} port ${p}: Too many authentication failures [preauth]`,
          ),
        );
        emit(
          t,
          line(
            t,
            sshd,
            `PAM 5 more authentication failures; logname= uid=0 euid=0 tty=ssh ruser= rhost=${from}  user=root`,
          ),
        );
      } else if (r.chance(0.7)) {
        emit(
          at(r.int(0, 1) * SECOND),
          line(t, sshd, `Received disconnect from ${from} port ${p}:11: Bye Bye [preauth]`),
        );
        emit(t, line(t, sshd, `Disconnected from authenticating user root ${from} port ${p} [preauth]`));
      } else
        emit(
          at(r.int(0, 2) * SECOND),
          line(t, sshd, `Connection closed by authenticating user root ${from} port ${p} [preauth]`),
        );
    }
    t += r.int(1, r.chance(0.2) ? 300 : 20) * SECOND;
  }
}
