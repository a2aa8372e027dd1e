import type { Random } from "../../random";
import type { NoiseContext, ProfileInput } from "../context";
import { p2, slashTime } from "../log-time";
import { type Emit, type Line, type Plan, type Source, MINUTE, run } from "../profiles/engine";
import data from "./samba-vocabulary.json";

/**
 * A Samba 4.17 AD DC's /var/log/samba/log.samba at `log level = 1 auth_audit:3`: the daemon's
 * own level-0/1 lines and the human-readable auth audit, each record a debug header line
 * ("[2026/03/12 08:01:22.123456,  3] ../../auth/auth_log.c:NNN(function)") and an indented
 * message. Successes print at level 3 and failures at level 2 (auth_log.c's levels), so a DC at
 * auth_audit:2 would show the failures only. Kerberos AS requests come from workstations and
 * their users; NTLM logons reach the DC as SamLogon through a member server's netlogon channel.
 * Without a profile the domain's computers are the context's peers; profile `ad-dc`
 * (../profiles/samba-dc.ts) names them.
 */

/** A domain member: its NetBIOS name (no `$`), address and, for a workstation, its user. */
export interface Computer {
  name: string;
  ip: string;
  user?: string;
}

/** What one auth record says; `ok` picks "became" (with the SID) or "mapped to". */
interface AuthEvent {
  service: string;
  description: string;
  account: string;
  with: string;
  status: string;
  workstation: string;
  remote: string;
  local: string;
  ok: boolean;
  netlogon?: Computer;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DOMAIN = data.domain.netbios;
const AUTH_SOURCE = "../../auth/auth_log.c:635(log_authentication_event_human_readable)";

/** Microseconds within the second: Samba's debug header and the audit's timestamp share them. */
const micros = (rng: Random, ms: number) => String((ms % 1000) * 1000 + rng.int(0, 999)).padStart(6, "0");

/** The debug header: "[2026/03/12 08:01:22.123456,  3] ../../auth/auth_log.c:635(...)". */
export const header = (ms: number, us: string, level: number, source: string) =>
  `[${slashTime(ms)}.${us}, ${String(level).padStart(2)}] ${source}`;

/** The audit's own timestamp: "Thu, 12 Mar 2026 08:01:22.123456 UTC". */
function auditTime(ms: number, us: string): string {
  const d = new Date(ms);
  const hms = `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hms}.${us} UTC`;
}

/**
 * RIDs as the directory holds them: the accounts the content already shows keep theirs; the
 * others are numbered from the first user RID in a fixed order, so a name's SID is the same in
 * every line and every file.
 */
export function ridTable(accounts: readonly string[]): Map<string, number> {
  const known = data.rids as Record<string, number>;
  const taken = new Set(Object.values(known));
  const table = new Map<string, number>(Object.entries(known));
  let next = data.firstRid;
  for (const name of [...new Set(accounts)].sort()) {
    if (table.has(name)) continue;
    while (taken.has(next)) next++;
    table.set(name, next);
    taken.add(next++);
  }
  return table;
}

/** One audit record: the header line and the "  Auth: [...]" line, at the same moment. */
function auth(rng: Random, emit: Emit, ms: number, e: AuthEvent, rids: Map<string, number>) {
  const us = micros(rng, ms);
  const who = `[${DOMAIN}]\\[${e.account}]`;
  const sid = `${data.domain.sid}-${rids.get(e.account) ?? data.firstRid}`;
  const logon = e.ok ? `became ${who} [${sid}].` : `mapped to ${who}.`;
  const nl = e.netlogon ? `NETLOGON computer [${e.netlogon.name}] trust account [${e.netlogon.name}$]` : "";
  emit(ms, header(ms, us, e.ok ? 3 : 2, AUTH_SOURCE));
  emit(
    ms,
    `  Auth: [${e.service},${e.description}] user ${who} at [${auditTime(ms, us)}] with [${e.with}] status [${e.status}] workstation [${e.workstation}] remote host [ipv4:${e.remote}] ${logon} local host [ipv4:${e.local}] ${nl}`,
  );
}

const ephemeral = (rng: Random) => rng.int(49152, 65535);

/** A Kerberos AS exchange with pre-authentication (a logon, an unlock, a ticket renewal). */
function kerberos(
  rng: Random,
  emit: Emit,
  ms: number,
  dc: string,
  c: Computer,
  account: string,
  status: string,
  rids: Map<string, number>,
) {
  auth(
    rng,
    emit,
    ms,
    {
      service: "Kerberos KDC",
      description: "ENC-TS Pre-authentication",
      account,
      with: rng.pick(data.kerberosEtypes),
      status,
      workstation: "(null)",
      remote: `${c.ip}:${ephemeral(rng)}`,
      local: `${dc}:88`,
      ok: status === "NT_STATUS_OK",
    },
    rids,
  );
}

/** An NTLM network logon a member server passes on through its netlogon secure channel. */
function samLogon(
  rng: Random,
  emit: Emit,
  ms: number,
  dc: string,
  c: Computer,
  account: string,
  status: string,
  rids: Map<string, number>,
) {
  const server = rng.pick(data.memberServers);
  auth(
    rng,
    emit,
    ms,
    {
      service: "SamLogon",
      description: "network",
      account,
      with: "NTLMv2",
      status,
      workstation: c.name,
      remote: `${server.ip}:${rng.int(49670, 49690)}`,
      local: `${dc}:49153`,
      ok: status === "NT_STATUS_OK",
      netlogon: server,
    },
    rids,
  );
}

/** The domain's picture of one file: computers, their users, everyone's RIDs. */
function domainOf(ctx: NoiseContext, hosts: readonly Computer[] | undefined) {
  const computers: Computer[] = hosts?.length
    ? hosts.map((h) => ({ ...h, name: h.name.toUpperCase() }))
    : (ctx.peers.length ? ctx.peers : ["10.0.20.15"]).map((ip, i) => ({
        name: `WS-${ip.split(".").at(-1)!.padStart(3, "0")}`,
        ip,
        user: ctx.users.length ? ctx.users[i % ctx.users.length] : undefined,
      }));
  const users = [...new Set([...ctx.users, ...computers.flatMap((c) => (c.user ? [c.user] : []))])];
  const rids = ridTable([
    ...users,
    ...computers.map((c) => `${c.name}$`),
    ...data.memberServers.map((s) => `${s.name}$`),
  ]);
  return { computers, users, rids };
}

/** A mistyped user name, as people and scripts get one wrong (NO_SUCH_USER). */
const typo = (rng: Random, user: string) =>
  rng.chance(0.5) ? user.slice(0, -1) : rng.chance(0.5) ? `${user}1` : rng.pick(data.ntlmUnknownUsers);

/** The events of a DC's week: people logging on, machines renewing tickets, the odd failure. */
export function dcPlan(
  ctx: NoiseContext,
  hosts: readonly Computer[] | undefined,
  count: number,
  fromMs: number,
  toMs: number,
): Plan {
  const { computers, rids } = domainOf(ctx, hosts);
  const dc = ctx.ip;
  const people = computers.filter((c) => c.user);
  const person = (rng: Random) => (people.length ? rng.pick(people) : rng.pick(computers));
  const logon: Source["event"] = (rng, ms, emit) => {
    const c = person(rng);
    const user = c.user ?? `${c.name}$`;
    // A mistyped password first, now and then, then the logon that works.
    if (rng.chance(0.05)) kerberos(rng, emit, ms, dc, c, user, "NT_STATUS_WRONG_PASSWORD", rids);
    const t = ms + rng.int(3, 20) * 1000;
    kerberos(rng, emit, t, dc, c, user, "NT_STATUS_OK", rids);
    if (rng.chance(0.3)) samLogon(rng, emit, t + rng.int(1, 40) * MINUTE, dc, c, user, "NT_STATUS_OK", rids);
  };
  const machine: Source["event"] = (rng, ms, emit) => {
    const c = rng.pick(computers);
    kerberos(rng, emit, ms, dc, c, `${c.name}$`, "NT_STATUS_OK", rids);
  };
  const server: Source["event"] = (rng, ms, emit) => {
    const s = rng.pick(data.memberServers);
    kerberos(rng, emit, ms, dc, s, `${s.name}$`, "NT_STATUS_OK", rids);
  };
  const failure: Source["event"] = (rng, ms, emit) => {
    const c = person(rng);
    const user = c.user ?? `${c.name}$`;
    // A phone or a mapped drive with yesterday's password retries a few times; a typo'd name once.
    if (rng.chance(0.35)) return samLogon(rng, emit, ms, dc, c, typo(rng, user), "NT_STATUS_NO_SUCH_USER", rids);
    for (let i = 0, t = ms; i < rng.int(1, 3); i++, t += rng.int(2, 30) * 1000)
      samLogon(rng, emit, t, dc, c, user, "NT_STATUS_WRONG_PASSWORD", rids);
  };
  const daemon: Source["event"] = (rng, ms, emit) => {
    const d = rng.pick(data.daemon);
    const us = micros(rng, ms);
    emit(ms, header(ms, us, d.level, d.source));
    emit(ms, d.message.replace("COMPUTER", `${rng.pick(computers).name}$`));
  };
  const sources: Source[] = [
    { weight: 10, rhythm: "office", event: logon },
    { weight: 9, rhythm: "flat", event: machine },
    { weight: 1, rhythm: "flat", event: server },
    { weight: 1.2, rhythm: "office", event: failure },
    { weight: 0.6, rhythm: "flat", event: daemon },
  ];
  return { count, fromMs, toMs, sources };
}

/** The generic lines: the context's peers as the domain's workstations. */
export function sambaLines(rng: Random, input: ProfileInput): Line[] {
  return run(rng, dcPlan(input.ctx, undefined, input.count, input.fromMs, input.toMs));
}
