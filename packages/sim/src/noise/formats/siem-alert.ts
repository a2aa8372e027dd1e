import type { Random } from "../../random";
import { type Generator, type NoiseContext, internetIp, peer, user, uuid } from "../context";
import { isoSecondsTime } from "../log-time";

/** The machine an alert is about: the log's own host, or another one known only by address. */
interface Subject {
  host: string;
  ip: string;
}

/** What a rule reports: who talked to whom (null for events local to the host), and a summary. */
interface Finding {
  src: string | null;
  dst: string | null;
  message: string;
}

interface Rule {
  id: string;
  name: string;
  severity: "informational" | "low";
  find: (rng: Random, ctx: NoiseContext, on: Subject) => Finding;
}

const NEW_DOMAINS = ["cdn.segment-eu.io", "status.atlassian.com", "fonts.gstatic.com", "telemetry.jetbrains.com"];
const PACKAGES = [
  "openssl 3.0.2-0ubuntu1.15",
  "curl 7.81.0-1ubuntu1.16",
  "tzdata 2024a-0ubuntu0.22.04",
  "libc6 2.35-0ubuntu3.7",
];
const WATCHED_FILES = [
  "/etc/resolv.conf",
  "/etc/ssl/certs/ca-certificates.crt",
  "/etc/ld.so.cache",
  "/etc/apt/trusted.gpg.d",
];

/** A client of `on` other than itself (a host does not log in to itself over SSH). */
function clientOf(rng: Random, ctx: NoiseContext, on: Subject): string {
  const others = ctx.peers.filter((p) => p !== on.ip);
  return others.length ? rng.pick(others) : ctx.ip !== on.ip ? ctx.ip : "10.0.20.15";
}

/** Benign rules that fire every day in any SIEM; none of them is worth an analyst's time. */
const RULES: Rule[] = [
  {
    id: "AUTH-001",
    name: "Successful SSH login",
    severity: "informational",
    find: (rng, ctx, on) => {
      const src = clientOf(rng, ctx, on);
      return { src, dst: on.ip, message: `Accepted publickey for ${user(rng, ctx)} from ${src}` };
    },
  },
  {
    id: "AUTH-002",
    name: "Repeated SSH authentication failures",
    severity: "low",
    find: (rng, ctx, on) => {
      const src = clientOf(rng, ctx, on);
      return {
        src,
        dst: on.ip,
        message: `${rng.int(3, 6)} failed password attempts for ${user(rng, ctx)} from ${src}`,
      };
    },
  },
  {
    id: "AUTH-010",
    name: "Command run as root via sudo",
    severity: "informational",
    find: (rng, ctx) => ({
      src: null,
      dst: null,
      message: `${user(rng, ctx)} ran sudo: /usr/bin/${rng.pick(["systemctl status nginx", "journalctl -n 50", "apt list --upgradable"])}`,
    }),
  },
  {
    id: "NET-010",
    name: "Inbound scan blocked at firewall",
    severity: "low",
    find: (rng, _ctx, on) => ({
      src: internetIp(rng),
      dst: on.ip,
      message: `${rng.int(40, 900)} SYN packets to tcp/${rng.pick([22, 23, 445, 3389, 5900, 8080])} dropped`,
    }),
  },
  {
    id: "DNS-004",
    name: "DNS query to newly observed domain",
    severity: "low",
    find: (rng, _ctx, on) => ({ src: on.ip, dst: null, message: `first query for ${rng.pick(NEW_DOMAINS)}` }),
  },
  {
    id: "HOST-003",
    name: "Package installed or upgraded",
    severity: "informational",
    find: (rng) => ({ src: null, dst: null, message: `dpkg: upgraded ${rng.pick(PACKAGES)}` }),
  },
  {
    id: "FIM-002",
    name: "Monitored file changed",
    severity: "low",
    find: (rng) => ({ src: null, dst: null, message: `${rng.pick(WATCHED_FILES)} checksum changed` }),
  },
  {
    id: "WEB-004",
    name: "Burst of HTTP 404 responses",
    severity: "low",
    find: (rng, ctx, on) => ({
      src: clientOf(rng, ctx, on),
      dst: on.ip,
      message: `${rng.int(20, 120)} requests answered 404 within 5 minutes`,
    }),
  },
];

/**
 * A SIEM's alert export, one JSON object per line, with the keys the content's own alert lines
 * use ("@timestamp", alert_id, rule_id, rule, severity, host, src_ip), plus dst_ip and message.
 */
export const siemAlert: Generator = (rng, ctx, ms) => {
  const rule = rng.pick(RULES);
  const other = peer(rng, ctx);
  const on: Subject = rng.chance(0.5) ? { host: ctx.hostname, ip: ctx.ip } : { host: other, ip: other };
  const finding = rule.find(rng, ctx, on);
  return JSON.stringify({
    "@timestamp": isoSecondsTime(ms),
    alert_id: uuid(rng),
    rule_id: rule.id,
    rule: rule.name,
    severity: rule.severity,
    host: on.host,
    src_ip: finding.src,
    dst_ip: finding.dst,
    message: finding.message,
  });
};
