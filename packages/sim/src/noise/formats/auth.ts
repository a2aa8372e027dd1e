import type { Random } from "../../random";
import { type Generator, clientPort, peer, pid, user } from "../context";
import { syslogLine } from "./syslog";

const SUDO_COMMANDS = [
  "systemctl status nginx",
  "journalctl -n 50",
  "apt list --upgradable",
  "df -h",
  "tail -n 100 /var/log/syslog",
];

/**
 * The part of an ED25519 key fingerprint after "SHA256:". Not real base64 (8 hex digits, 17
 * capitals, 1 hex digit) but kept exactly as first written: environment hashes depend on it.
 */
const fingerprint = (rng: Random) =>
  `${rng.hex(8)}${rng.hex(35).replace(/[0-9a-f]{2}/g, (h) => String.fromCharCode(65 + (parseInt(h, 16) % 26)))}`;

/** /var/log/auth.log: cron PAM sessions, key-based SSH logins and routine sudo. */
export const auth: Generator = (rng, ctx, ms) => {
  const line = (tag: string, message: string) => syslogLine(ms, ctx.hostname, tag, message);
  const u = user(rng, ctx);
  const r = rng.next();
  if (r < 0.3)
    return line(`CRON[${pid(rng)}]`, "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)");
  if (r < 0.55) return line(`CRON[${pid(rng)}]`, "pam_unix(cron:session): session closed for user root");
  if (r < 0.7)
    return line(
      `sshd[${pid(rng)}]`,
      `Accepted publickey for ${u} from ${peer(rng, ctx)} port ${clientPort(rng)} ssh2: ED25519 SHA256:${fingerprint(rng)}`,
    );
  if (r < 0.8)
    return line(
      `sshd[${pid(rng)}]`,
      `pam_unix(sshd:session): session opened for user ${u}(uid=${rng.int(1000, 1010)}) by (uid=0)`,
    );
  if (r < 0.9) return line(`sshd[${pid(rng)}]`, `pam_unix(sshd:session): session closed for user ${u}`);
  return line(
    "sudo",
    `${u} : TTY=pts/${rng.int(0, 3)} ; PWD=/home/${u} ; USER=root ; COMMAND=/usr/bin/${rng.pick(SUDO_COMMANDS)}`,
  );
};
