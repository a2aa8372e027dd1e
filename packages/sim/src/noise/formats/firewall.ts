import { type Generator, internetIp, peer } from "../context";
import { syslogLine } from "./syslog";

/** UFW blocks in kern.log/ufw.log: inbound SYNs to commonly scanned ports, from outside or inside. */
export const firewall: Generator = (rng, ctx, ms) => {
  const src = rng.chance(0.5) ? internetIp(rng) : peer(rng, ctx);
  const dpt = rng.pick([22, 23, 445, 3389, 8080, 5900, 1433, 3306, 161]);
  return syslogLine(
    ms,
    ctx.hostname,
    "kernel",
    `[${(rng.next() * 900000).toFixed(6)}] [UFW BLOCK] IN=eth0 OUT= MAC=52:54:00:${rng.hex(2)}:${rng.hex(2)}:${rng.hex(2)} SRC=${src} DST=${ctx.ip} LEN=${rng.pick([40, 44, 52, 60])} TOS=0x00 PREC=0x00 TTL=${rng.int(40, 128)} ID=${rng.int(1, 65000)} PROTO=TCP SPT=${rng.int(1024, 65535)} DPT=${dpt} WINDOW=${rng.int(1024, 65535)} RES=0x00 SYN URGP=0`,
  );
};
