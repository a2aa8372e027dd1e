import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { type Emit, HOUR, type Line, MINUTE, type Periodic, type Plan, run, SECOND, type Source } from "./engine";
import { host, pidAt } from "./hosts";

/**
 * /var/log/audit/audit.log of a server with the usual rules (profile `server` of the auditd
 * format): PAM's records of every cron session, and each command administrators run, as
 * `-S execve -F auid>=1000 -k user_exec` records it: SYSCALL, EXECVE, CWD, two PATH records and
 * PROCTITLE, sharing one serial. Serials count up through the file, as auditd's do.
 */

const COMMANDS: string[][] = [
  ["ls", "-la", "/var/log"],
  ["systemctl", "status", "--no-pager"],
  ["journalctl", "-p", "err", "-b"],
  ["df", "-h"],
  ["du", "-sh", "/var/lib"],
  ["tail", "-n", "200", "/var/log/syslog"],
  ["cat", "/etc/os-release"],
  ["ps", "aux"],
  ["ss", "-tlnp"],
  ["apt", "list", "--upgradable"],
  ["grep", "-i", "error", "/var/log/syslog"],
  ["less", "/var/log/auth.log"],
  ["vim", "/etc/hosts"],
  ["free", "-m"],
  ["uptime"],
  ["id"],
  ["sudo", "-i"],
  ["git", "status"],
  ["top", "-b", "-n", "1"],
];
const PATHS: Record<string, string> = { vim: "/usr/bin/vim.basic", sudo: "/usr/bin/sudo" };
const hexOf = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
const SERIAL = "@@serial@@";
const FOLLOWERS = new Set(["EXECVE", "CWD", "PATH", "PROCTITLE"]);

export function auditdLines(rng: Random, input: ProfileInput): Line[] {
  const { ctx } = input;
  const info = host(rng, ctx);
  const stamp = (ms: number) => `msg=audit(${(ms / 1000).toFixed(3)}:${SERIAL})`;

  /** PAM's records of one cron session (uid 0, terminal cron). */
  const cron = (r: Random, ms: number, emit: Emit) => {
    const pid = pidAt(r);
    const ses = info.firstSession + Math.floor((ms - input.fromMs) / (10 * MINUTE)) * 7 + r.int(0, 6);
    const pam = (op: string, grantors: string) =>
      `pid=${pid} uid=0 auid=${op === "PAM:accounting" || op === "PAM:setcred" ? "4294967295" : "0"} ses=${op === "PAM:accounting" || op === "PAM:setcred" ? "4294967295" : ses} subj=unconfined msg='op=${op} grantors=${grantors} acct="root" exe="/usr/sbin/cron" hostname=? addr=? terminal=cron res=success'`;
    emit(ms, `type=USER_ACCT ${stamp(ms)}: ${pam("PAM:accounting", "pam_permit")}`);
    emit(ms, `type=CRED_ACQ ${stamp(ms)}: ${pam("PAM:setcred", "pam_permit,pam_cap")}`);
    emit(
      ms,
      `type=LOGIN ${stamp(ms)}: pid=${pid} uid=0 subj=unconfined old-auid=4294967295 auid=0 tty=(none) old-ses=4294967295 ses=${ses} res=1`,
    );
    emit(
      ms,
      `type=USER_START ${stamp(ms)}: ${pam("PAM:session_open", "pam_loginuid,pam_env,pam_env,pam_permit,pam_unix,pam_limits")}`,
    );
    const end = ms + r.int(20, 2_000);
    emit(end, `type=CRED_DISP ${stamp(end)}: ${pam("PAM:setcred", "pam_permit,pam_cap")}`);
    emit(
      end,
      `type=USER_END ${stamp(end)}: ${pam("PAM:session_close", "pam_loginuid,pam_env,pam_env,pam_permit,pam_unix,pam_limits")}`,
    );
  };

  /** An administrator's commands in one SSH session. */
  const session = (r: Random, ms: number, emit: Emit) => {
    const user = r.pick(info.users);
    const auid = info.uid(user);
    const ses = info.firstSession + Math.floor((ms - input.fromMs) / (25 * MINUTE));
    const shell = pidAt(r);
    const n = r.int(2, 14);
    let t = ms;
    for (let i = 0; i < n; i++) {
      t += r.int(3, 90) * SECOND + r.int(0, 999);
      const argv = r.pick(COMMANDS);
      const comm = argv[0]!;
      const exe = PATHS[comm] ?? `/usr/bin/${comm}`;
      const pid = shell + 1 + i * 3;
      const root = r.chance(0.3);
      const ids = root
        ? `auid=${auid} uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0`
        : `auid=${auid} uid=${auid} gid=${auid} euid=${auid} suid=${auid} fsuid=${auid} egid=${auid} sgid=${auid} fsgid=${auid}`;
      const a = () => `55${r.hex(2)}${r.hex(8)}`;
      emit(
        t,
        `type=SYSCALL ${stamp(t)}: arch=c000003e syscall=59 success=yes exit=0 a0=${a()} a1=${a()} a2=${a()} a3=8 items=2 ppid=${shell} pid=${pid} ${ids} tty=pts0 ses=${ses} comm="${comm.slice(0, 15)}" exe="${exe}" subj=unconfined key="user_exec"`,
      );
      emit(t, `type=EXECVE ${stamp(t)}: argc=${argv.length} ${argv.map((x, k) => `a${k}="${x}"`).join(" ")}`);
      emit(t, `type=CWD ${stamp(t)}: cwd="${root ? "/root" : `/home/${user}`}"`);
      emit(
        t,
        `type=PATH ${stamp(t)}: item=0 name="${exe}" inode=${r.int(1_000_000, 1_900_000)} dev=fd:00 mode=0100755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL cap_fp=0 cap_fi=0 cap_fe=0 cap_fver=0 cap_frootid=0`,
      );
      emit(
        t,
        `type=PATH ${stamp(t)}: item=1 name="/lib64/ld-linux-x86-64.so.2" inode=1835159 dev=fd:00 mode=0100755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL cap_fp=0 cap_fi=0 cap_fe=0 cap_fver=0 cap_frootid=0`,
      );
      emit(t, `type=PROCTITLE ${stamp(t)}: proctitle=${argv.map(hexOf).join("00")}`);
    }
  };
  const periodic: Periodic[] = [
    { everyMs: 10 * MINUTE, jitterMs: 900, lines: 6, event: cron },
    { everyMs: HOUR, offsetMs: 17 * MINUTE, jitterMs: 900, lines: 6, event: cron },
  ];
  const sources: Source[] = [{ weight: 1, rhythm: "office", event: session }];
  const plan: Plan = { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
  const lines = run(rng, plan);
  // Each record is an event with its own serial, counting up, except that the records following
  // a SYSCALL (EXECVE, CWD, PATH, PROCTITLE) share its serial.
  let serial = rng.int(20_000, 90_000);
  let last = "";
  for (const l of lines) {
    const at = l.text.slice(l.text.indexOf("audit(") + 6, l.text.indexOf(`:${SERIAL}`));
    const kind = l.text.slice(5, l.text.indexOf(" "));
    if (at !== last || !FOLLOWERS.has(kind)) serial++;
    last = at;
    l.text = l.text.replace(SERIAL, String(serial));
  }
  return lines;
}
