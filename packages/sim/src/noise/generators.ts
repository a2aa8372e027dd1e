import type { NoiseFormat } from "@analystbench/scenarios";
import type { Random } from "../random";
import type { Generator, NoiseContext } from "./context";
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

/**
 * Benign background lines in the real format of each log, so that evidence sits among a
 * plausible volume of ordinary activity. Every value comes from the seeded random source.
 * One module per format under ./formats; timestamps in ./log-time; shared values in ./vocabulary.
 */
export type { NoiseContext } from "./context";
export { clfTime, syslogTime } from "./log-time";

const GENERATORS: Record<NoiseFormat, Generator> = {
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

/** `count` noise lines of `format`, at random moments in [from, to], oldest first. */
export function generateNoise(
  format: NoiseFormat,
  rng: Random,
  ctx: NoiseContext,
  count: number,
  fromMs: number,
  toMs: number,
): { ms: number; text: string }[] {
  const generate = GENERATORS[format];
  const span = Math.max(1, toMs - fromMs);
  // All times are drawn before any line, so a format's draws never shift another line's time.
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(fromMs + Math.floor(rng.next() * span));
  times.sort((a, b) => a - b);
  const position = (index: number) => ({ index, count: times.length, fromMs, toMs });
  return times.map((ms, index) => ({ ms, text: generate(rng, ctx, ms, position(index)) }));
}
