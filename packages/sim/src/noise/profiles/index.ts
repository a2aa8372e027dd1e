import type { NoiseProfile } from "@analystbench/scenarios";
import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { genericApi } from "./apps/generic-api";
import { auditdLines } from "./auditd-host";
import { gitea } from "./apps/gitea";
import { jenkins } from "./apps/jenkins";
import { suitecrm } from "./apps/suitecrm";
import { resolverPlan } from "./dns";
import { type Line, type Plan, run } from "./engine";
import { fortigatePlan } from "./fortigate";
import { relayPlan } from "./mail-relay";
import { nexusPlan } from "./nexus";
import { appDbPlan } from "./postgres-app";
import { adDcPlan } from "./samba-dc";
import { pinoLines } from "./pino";
import { alertsPlan } from "./siem";
import { authPlan } from "./sshd";
import { syslogPlan } from "./syslog-host";
import { webPlan, type WebApp } from "./web";

/**
 * A profile turns a log's noise declaration into lines: one module per application or host kind,
 * sharing the event engine (./engine) and the internet's population (./internet).
 */
export type Profile = (rng: Random, input: ProfileInput) => Line[];

/** A web application's access log; `external` is its default share of outside visits. */
const web =
  (app: (fileRng: Random, input: ProfileInput) => WebApp, external: number): Profile =>
  (rng, input) => {
    const plan = webPlan(app(rng, input), input, external);
    return run(rng, { count: input.count, fromMs: input.fromMs, toMs: input.toMs, ...plan });
  };
const planned =
  (plan: (rng: Random, input: ProfileInput) => Plan): Profile =>
  (rng, input) =>
    run(rng, plan(rng, input));
/** Profiles shared by formats (a server's auth.log and its syslog). */
const host: Profile = (rng, input) =>
  input.format === "auditd"
    ? auditdLines(rng, input)
    : run(rng, input.format === "auth" ? authPlan(rng, input) : syslogPlan(rng, input));

export const PROFILES: Record<NoiseProfile, Profile> = {
  suitecrm: web(suitecrm, 0.5),
  jenkins: web(jenkins, 0),
  "generic-api": web(genericApi, 0.9),
  "static-site": web((r, i) => genericApi(r, i, false), 0.9),
  server: host,
  workstation: host,
  gitea: (rng, input) => (input.format === "syslog" ? host(rng, input) : web(gitea, 0)(rng, input)),
  kestrel: planned(alertsPlan),
  resolver: planned(resolverPlan),
  fortigate: planned(fortigatePlan),
  nexus: planned(nexusPlan),
  "app-db": planned(appDbPlan),
  pino: pinoLines,
  relay: planned(relayPlan),
  "ad-dc": planned(adDcPlan),
};
