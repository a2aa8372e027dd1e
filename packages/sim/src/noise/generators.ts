import type { NoiseFormat } from "@analystbench/scenarios";
import type { Random } from "../random";
import type { Generator, NoiseContext, NoiseOptions } from "./context";
import { apacheAccess } from "./formats/apache-access";
import { auditd } from "./formats/auditd";
import { auth } from "./formats/auth";
import { bindQuery } from "./formats/bind-query";
import { ciRunner } from "./formats/ci-runner";
import { cloudtrail } from "./formats/cloudtrail";
import { firewall } from "./formats/firewall";
import { gitDaemon } from "./formats/git-daemon";
import { jenkinsConsole } from "./formats/jenkins-console";
import { journald } from "./formats/journald";
import { jsonApp } from "./formats/json-app";
import { modbus } from "./formats/modbus";
import { nexusRequest } from "./formats/nexus-request";
import { nginxAccess } from "./formats/nginx-access";
import { npmDebug } from "./formats/npm-debug";
import { postgres } from "./formats/postgres";
import { siemAlert } from "./formats/siem-alert";
import { syslog } from "./formats/syslog";
import { windowsSecurity } from "./formats/windows-security";
import { postfixLines } from "./formats/postfix";
import { sambaLines } from "./formats/samba";
import { DAY } from "./profiles/engine";
import { PROFILES, type Profile } from "./profiles";
import { clients } from "./profiles/internet";

/**
 * Benign background lines in the real format of each log, so that evidence sits among a
 * plausible volume of ordinary activity. Every value comes from the seeded random source.
 * One module per format under ./formats; timestamps in ./log-time; shared values in ./vocabulary.
 */
export type { NoiseContext, NoiseOptions } from "./context";
export { clfTime, syslogTime } from "./log-time";

/**
 * Formats whose lines come in events even without a profile: a mail's queue ID runs through
 * several lines, so a line cannot be drawn on its own.
 */
const EVENT_FORMATS = {
  postfix: postfixLines,
  samba: sambaLines,
} satisfies Partial<Record<NoiseFormat, Profile>>;
type EventFormat = keyof typeof EVENT_FORMATS;
const isEventFormat = (format: NoiseFormat): format is EventFormat => format in EVENT_FORMATS;

const GENERATORS: Record<Exclude<NoiseFormat, EventFormat>, Generator> = {
  syslog,
  auth,
  "nginx-access": nginxAccess,
  "apache-access": apacheAccess,
  auditd,
  "ci-runner": ciRunner,
  "nexus-request": nexusRequest,
  "git-daemon": gitDaemon,
  postgres,
  firewall,
  "windows-security": windowsSecurity,
  modbus,
  "json-app": jsonApp,
  journald,
  "bind-query": bindQuery,
  "jenkins-console": jenkinsConsole,
  "npm-debug": npmDebug,
  cloudtrail,
  "siem-alert": siemAlert,
};

/**
 * `count` noise lines of `format`, at random moments in [from, to], oldest first.
 *
 * Without options this is the generic generator, line for line as it always was (see
 * golden.test.ts). `options.untilMs` (the environment's clock) only skips lines the log would
 * drop: all times are still drawn, so the lines kept are the same. A `profile` hands the file to
 * that profile's generator (./profiles); `window_days` keeps only the last days before the clock,
 * `count` then being a full window's lines.
 */
export function generateNoise(
  format: NoiseFormat,
  rng: Random,
  ctx: NoiseContext,
  count: number,
  fromMs: number,
  toMs: number,
  options: NoiseOptions = {},
): { ms: number; text: string }[] {
  const { profile, window_days: windowDays, untilMs } = options;
  const endMs = untilMs === undefined ? toMs : Math.min(toMs, untilMs);
  const file = withOverrides(rng, ctx, options);
  if (!profile && windowDays === undefined) return generic(format, rng, file, count, fromMs, toMs, endMs);
  // A rate, not a count: lines per millisecond over the range, or over one window.
  const windowMs = windowDays === undefined ? undefined : windowDays * DAY;
  const startMs = windowMs === undefined ? fromMs : Math.max(fromMs, endMs - windowMs);
  const rate = count / Math.max(1, windowMs ?? toMs - fromMs);
  const n = endMs < startMs ? 0 : fromMs === toMs ? count : Math.round(rate * (endMs - startMs));
  if (!profile) return generic(format, rng, file, n, startMs, endMs, endMs);
  return PROFILES[profile]!(rng, { format, ctx: file, options, count: n, fromMs: startMs, toMs: endMs });
}

/** The format's generic lines; those after `endMs` are not generated (they come last). */
function generic(
  format: NoiseFormat,
  rng: Random,
  ctx: NoiseContext,
  count: number,
  fromMs: number,
  toMs: number,
  endMs: number,
): { ms: number; text: string }[] {
  if (isEventFormat(format)) {
    const lines = EVENT_FORMATS[format](rng, { format, ctx, options: {}, count, fromMs, toMs });
    return lines.filter((l) => l.ms <= endMs);
  }
  const generate = GENERATORS[format];
  const span = Math.max(1, toMs - fromMs);
  // All times are drawn before any line, so a format's draws never shift another line's time.
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(fromMs + Math.floor(rng.next() * span));
  times.sort((a, b) => a - b);
  const position = (index: number) => ({ index, count: times.length, fromMs, toMs });
  const lines: { ms: number; text: string }[] = [];
  for (let index = 0; index < times.length && times[index]! <= endMs; index++) {
    const ms = times[index]!;
    lines.push({ ms, text: generate(rng, ctx, ms, position(index)) });
  }
  return lines;
}

/**
 * The context with the log's own writer (`origin`), clients (networks expanded) and users in
 * place of the world's.
 */
function withOverrides(rng: Random, ctx: NoiseContext, options: NoiseOptions): NoiseContext {
  if (!options.peers && !options.users && !options.origin) return ctx;
  const own = {
    ...ctx,
    hostname: options.origin?.name ?? ctx.hostname,
    ip: options.origin?.ip ?? ctx.ip,
    peers: options.peers ?? ctx.peers,
    users: options.users ?? ctx.users,
  };
  return options.peers || options.origin ? { ...own, peers: clients(rng, own) } : own;
}
