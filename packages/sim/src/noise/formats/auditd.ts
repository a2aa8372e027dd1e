import { type Generator, pid } from "../context";
import { epochTime } from "../log-time";

const EXEC_COMMANDS = ["ls", "cat", "grep", "systemctl", "ps", "df", "tail", "sudo", "sshd", "cron", "logrotate"];

/** /var/log/audit/audit.log (raw): cron accounting and execve of everyday commands. */
export const auditd: Generator = (rng, _ctx, ms) => {
  const stamp = `${epochTime(ms)}:${rng.int(1000, 99999)}`;
  if (rng.chance(0.3)) {
    return `type=USER_ACCT msg=audit(${stamp}): pid=${pid(rng)} uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='op=PAM:accounting grantors=pam_permit acct="root" exe="/usr/sbin/cron" hostname=? addr=? terminal=cron res=success'`;
  }
  const comm = rng.pick(EXEC_COMMANDS);
  return `type=SYSCALL msg=audit(${stamp}): arch=c000003e syscall=59 success=yes exit=0 a0=55d1 a1=55d2 a2=55d3 a3=8 items=2 ppid=${pid(rng)} pid=${pid(rng)} auid=${rng.int(1000, 1005)} uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=${rng.int(1, 400)} comm="${comm}" exe="/usr/bin/${comm}" subj=unconfined key="exec"`;
};
