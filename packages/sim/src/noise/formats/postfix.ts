import type { Random } from "../../random";
import type { NoiseContext, ProfileInput } from "../context";
import data from "./postfix-vocabulary.json";
import { type Emit, type Line, type Plan, type Source, SECOND, run } from "../profiles/engine";
import { internetAddress } from "../profiles/internet";
import { syslogLine } from "./syslog";

/**
 * Postfix's mail.log: every message is one queue ID carried through smtpd (or pickup), cleanup,
 * qmgr, a delivery agent and "removed", its times increasing, as a real queue prints them.
 * Generic lines (no profile) are an inbound MX for the company's domain behind postscreen:
 * DNSBL, unknown-user and SPF rejects, TLS sessions, LMTP delivery to Dovecot, staff sending out
 * on the submission port. Profile `relay` (../profiles/mail-relay.ts) reuses the same pieces.
 */

export type Mx = (typeof data.customers)[number];
export type MxKind = keyof typeof data.replies;

/** A client of smtpd: its reverse name ("unknown" without one) and address. */
export interface Client {
  name: string;
  ip: string;
}

/** One message as smtpd (or pickup) takes it in. */
export interface Message {
  client: Client;
  helo: string;
  sender: string;
  recipients: { address: string; mx: Mx }[];
  subject?: string;
  messageId: string;
  size: number;
  /** The client issued STARTTLS (counted in the disconnect line). */
  starttls: boolean;
  /** SASL login of a submission client. */
  sasl?: string;
  /** The smtpd service's syslog name ("postfix/submission" on port 587). */
  service?: string;
}

/** What the far end answers a delivery attempt. */
export type Outcome = "sent" | "deferred" | "bounced" | "blocklisted";

export const postfixLine = (ms: number, host: string, daemon: string, pid: number, message: string) =>
  syslogLine(ms, host, `postfix/${daemon}[${pid}]`, message);

/**
 * A short queue ID as postfix 3 prints it without long IDs: the microseconds of the moment in
 * five hex digits, then the queue file's inode number in hex (five to seven digits).
 */
export function queueId(rng: Random, ms: number): string {
  const micros = ((ms % 1000) * 1000 + rng.int(0, 999)) & 0xfffff;
  return (micros.toString(16).padStart(5, "0") + rng.hex(rng.int(5, 7))).toUpperCase();
}

/** '#' becomes a digit, HOST the client's name, so templates stay data. */
export function fill(rng: Random, template: string, host: string): string {
  return template.replace(/#/g, () => String(rng.int(0, 9))).replace(/HOST/g, host);
}

/** A Message-ID from a template of the data file ("hex32@crm.example.com", "JavaMail…"). */
export function messageId(rng: Random, template: string, host: string, ms: number): string {
  if (template.startsWith("JavaMail")) return `${rng.int(1e8, 2e9)}.${rng.int(1, 99)}.${ms}.JavaMail.jenkins@${host}`;
  const filled = fill(rng, template, host);
  return filled.replace(/^hex(\d+)/, (_, n: string) => rng.hex(Number(n)));
}

const clientText = (c: Client) => `${c.name}[${c.ip}]`;
const secs = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 1 : 0);

/** The far end's answer, in the style of its software (templates in the data file). */
function reply(rng: Random, outcome: Outcome, mx: Mx, rcpt: string, msg: Message, ms: number, publicIp: string) {
  const kind = mx.kind as MxKind;
  if (outcome === "blocklisted")
    return `550 5.7.1 Service unavailable, Client host [${publicIp}] blocked using Spamhaus. To request removal from this list see https://www.spamhaus.org/query/ip/${publicIp} (AS3130). [Name=Protocol Filter Agent] [AGT=PFA]`;
  const template =
    outcome === "sent" ? data.replies[kind] : outcome === "deferred" ? data.deferrals[kind] : data.bounces[kind];
  const outlookHost = `DB${rng.int(3, 9)}PR0${rng.int(1, 9)}MB${rng.int(1000, 9999)}.eurprd0${rng.int(1, 9)}.prod.outlook.com`;
  return template
    .replace("MSGID", msg.messageId)
    .replace("INTERNALID", String(rng.int(1e13, 9e13)))
    .replace("OUTLOOKHOST", outlookHost)
    .replace("SIZE", String(msg.size))
    .replace("SECS", (rng.next() * 0.5 + 0.05).toFixed(3))
    .replace("RATE", (rng.next() * 300 + 20).toFixed(3))
    .replace("EPOCH", String(Math.floor(ms / 1000)))
    .replace("GOOGLEID", `${rng.hex(10)}${rng.pick(["wmb", "wrb", "ejb"])}.${rng.int(10, 99)}`)
    .replace("MIMECASTID", `${rng.hex(8)}-${rng.int(10000, 99999)}-${rng.hex(4)}`)
    .replace("QUEUEID", queueId(rng, ms))
    .replace("RCPT", rcpt)
    .replace("DOMAIN", rcpt.split("@")[1] ?? "");
}

/** The moment of each step of one delivery attempt: connection, TLS/HELO, transfer. */
function attempt(rng: Random, queuedMs: number, startMs: number) {
  const qmgr = (startMs - queuedMs) / 1000;
  const conn = rng.next() * 0.5 + 0.2;
  const xfer = rng.next() * 2 + 0.3;
  const delay = qmgr + 0.01 + conn + xfer;
  return {
    endMs: startMs + Math.round((conn + xfer) * 1000),
    delays: `${qmgr.toFixed(2)}/0.01/${conn.toFixed(2)}/${xfer.toFixed(2)}`,
    delay,
  };
}

/**
 * One message through the queue after smtpd has accepted it: cleanup, qmgr, a delivery per
 * recipient (retried once when deferred), a non-delivery notice for a bounce, "removed".
 */
export function queueMessage(
  rng: Random,
  emit: Emit,
  host: string,
  id: string,
  msg: Message,
  ms: number,
  pids: { cleanup: number; smtp: number },
  outcome: (mx: Mx, ms: number) => Outcome,
  publicIp: string,
): number {
  const header = msg.subject
    ? `${id}: warning: header Subject: ${msg.subject} from ${clientText(msg.client)}; from=<${msg.sender}> to=<${msg.recipients[0]!.address}> proto=ESMTP helo=<${msg.helo}>`
    : undefined;
  if (header) emit(ms + 80, postfixLine(ms + 80, host, "cleanup", pids.cleanup, header));
  emit(ms + 82, postfixLine(ms + 82, host, "cleanup", pids.cleanup, `${id}: message-id=<${msg.messageId}>`));
  const queued = ms + 110;
  emit(
    queued,
    postfixLine(
      queued,
      host,
      "qmgr",
      QMGR_PID,
      `${id}: from=<${msg.sender}>, size=${msg.size}, nrcpt=${msg.recipients.length} (queue active)`,
    ),
  );
  let t = queued + rng.int(40, 400);
  let bounced = false;
  for (const rcpt of msg.recipients) {
    let result = outcome(rcpt.mx, t);
    const a = attempt(rng, queued, t);
    if (result === "deferred") {
      emit(a.endMs, delivery(rng, host, id, rcpt, msg, a, "deferred", pids.smtp, t, publicIp));
      // qmgr retries after $minimal_backoff_time (300 s) or a later queue run.
      t = a.endMs + rng.int(300, 1800) * SECOND;
      result = outcome(rcpt.mx, t) === "blocklisted" ? "blocklisted" : "sent";
    }
    const b = attempt(rng, queued, t);
    emit(b.endMs, delivery(rng, host, id, rcpt, msg, b, result, pids.smtp, t, publicIp));
    bounced ||= result === "bounced" || result === "blocklisted";
    t = b.endMs + rng.int(5, 60);
  }
  if (bounced) t = nonDelivery(rng, emit, host, id, msg, t, pids.smtp + 2);
  emit(t + 60, postfixLine(t + 60, host, "qmgr", QMGR_PID, `${id}: removed`));
  return t + 60;
}

/** The delivery line: to=, relay=, delay=, delays=, dsn=, status= and the far end's words. */
function delivery(
  rng: Random,
  host: string,
  id: string,
  rcpt: { address: string; mx: Mx },
  msg: Message,
  a: ReturnType<typeof attempt>,
  result: Outcome,
  pid: number,
  startMs: number,
  publicIp: string,
): string {
  const relay = `${rcpt.mx.mx}[${rcpt.mx.ip}]:25`;
  const words = reply(rng, result, rcpt.mx, rcpt.address, msg, startMs, publicIp);
  const dsn =
    result === "sent" ? "2.0.0" : result === "deferred" ? "4.4.2" : result === "blocklisted" ? "5.7.1" : "5.1.1";
  const status =
    result === "sent"
      ? `sent (${words})`
      : `${result === "blocklisted" ? "bounced" : result} (host ${rcpt.mx.mx}[${rcpt.mx.ip}] said: ${words} (in reply to RCPT TO command))`;
  return postfixLine(
    a.endMs,
    host,
    "smtp",
    pid,
    `${id}: to=<${rcpt.address}>, relay=${relay}, delay=${secs(a.delay * 1000)}, delays=${a.delays}, dsn=${dsn}, status=${status}`,
  );
}

/** bounce(8)'s notice to the envelope sender, queued and delivered as a message of its own. */
function nonDelivery(rng: Random, emit: Emit, host: string, id: string, msg: Message, ms: number, pid: number) {
  const ndr = queueId(rng, ms);
  emit(ms, postfixLine(ms, host, "bounce", pid, `${id}: sender non-delivery notification: ${ndr}`));
  const fqdn = `${host}.${data.internal.domain}`;
  emit(
    ms + 2,
    postfixLine(ms + 2, host, "cleanup", pid - 4, `${ndr}: message-id=<${ms}.${rng.hex(6).toUpperCase()}@${fqdn}>`),
  );
  // A notice quotes the original's headers only, so it is a few kilobytes whatever was sent.
  const size = (msg.size % 9000) + 3000;
  emit(ms + 30, postfixLine(ms + 30, host, "qmgr", QMGR_PID, `${ndr}: from=<>, size=${size}, nrcpt=1 (queue active)`));
  const mx = data.internal as Mx;
  const back = { address: msg.sender, mx };
  const a = attempt(rng, ms + 30, ms + 60);
  emit(
    a.endMs,
    delivery(rng, host, ndr, back, { ...msg, size, messageId: `${ms}.${ndr}@${fqdn}` }, a, "sent", pid + 1, ms, ""),
  );
  emit(a.endMs + 60, postfixLine(a.endMs + 60, host, "qmgr", QMGR_PID, `${ndr}: removed`));
  return ms + 1;
}

/** qmgr runs for the life of the master process: one PID in every file (the relay's ps shows it). */
export const QMGR_PID = 1187;

/**
 * One SMTP session that hands over a message: connect, client=, the queue's lines, disconnect
 * with smtpd's command counts. Returns nothing; lines go to `emit`.
 */
export function session(
  rng: Random,
  emit: Emit,
  host: string,
  msg: Message,
  ms: number,
  outcome: (mx: Mx, ms: number) => Outcome,
  publicIp: string,
): void {
  const smtpd = rng.int(40100, 49900);
  const service = msg.service ?? "smtpd";
  const who = clientText(msg.client);
  const id = queueId(rng, ms + 60);
  emit(ms, postfixLine(ms, host, service, smtpd, `connect from ${who}`));
  const sasl = msg.sasl ? `, sasl_method=PLAIN, sasl_username=${msg.sasl}` : "";
  emit(ms + 60, postfixLine(ms + 60, host, service, smtpd, `${id}: client=${who}${sasl}`));
  queueMessage(rng, emit, host, id, msg, ms + 60, { cleanup: smtpd + 3, smtp: smtpd + 7 }, outcome, publicIp);
  const n = msg.recipients.length;
  const counts = msg.starttls
    ? `ehlo=2 starttls=1${msg.sasl ? " auth=1" : ""} mail=1 rcpt=${n} data=1 quit=1 commands=${6 + n - 1 + (msg.sasl ? 1 : 0)}`
    : `ehlo=1 mail=1 rcpt=${n} data=1 quit=1 commands=${5 + n - 1}`;
  emit(ms + 230, postfixLine(ms + 230, host, service, smtpd, `disconnect from ${who} ${counts}`));
}

/**
 * The internet knocking on port 25: banner grabs, TLS probes that fail the handshake, HTTP
 * spoken to SMTP, and dictionary runs against the host's own domain refused as unknown users.
 */
export function probe(rng: Random, emit: Emit, host: string, localDomain: string, ms: number): void {
  const pid = rng.int(40100, 49900);
  const ip = internetAddress(rng, 0.3);
  const who = rng.chance(0.8) ? `unknown[${ip}]` : `${rng.pick(SCANNER_NAMES)}[${ip}]`;
  const line = (dt: number, text: string) => emit(ms + dt, postfixLine(ms + dt, host, "smtpd", pid, text));
  const helo = rng.pick(data.scannerHelos).replace("IPADDR", ip);
  line(0, `connect from ${who}`);
  const kind = rng.int(0, 9);
  if (kind <= 2) {
    line(rng.int(200, 9000), `lost connection after CONNECT from ${who}`);
    line(rng.int(9001, 9100), `disconnect from ${who} commands=0/0`);
  } else if (kind <= 4) {
    line(rng.int(300, 2000), `disconnect from ${who} ehlo=1 quit=1 commands=2`);
  } else if (kind <= 6) {
    line(400, `SSL_accept error from ${who}: -1`);
    line(
      401,
      `warning: TLS library problem: error:0A000${rng.pick(["102:SSL routines::unsupported protocol", "418:SSL routines::tlsv1 alert unknown ca", "0C1:SSL routines::no shared cipher"])}:../ssl/statem/statem_srvr.c:${rng.pick([1657, 2283, 1781])}:`,
    );
    line(402, `lost connection after STARTTLS from ${who}`);
    line(403, `disconnect from ${who} ehlo=1 starttls=0/1 commands=1/2`);
  } else if (kind === 7) {
    line(300, `warning: non-SMTP command from ${who}: GET / HTTP/1.1`);
    line(301, `disconnect from ${who} unknown=0/1 commands=0/1`);
  } else {
    const tries = rng.int(1, 4);
    let t = rng.int(500, 2000);
    for (let i = 0; i < tries; i++, t += rng.int(300, 1500)) {
      const rcpt = `${rng.pick(data.dictionary)}@${localDomain}`;
      line(
        t,
        `NOQUEUE: reject: RCPT from ${who}: 550 5.1.1 <${rcpt}>: Recipient address rejected: User unknown in local recipient table; from=<${rng.pick(data.inbound.spamSenders)}> to=<${rcpt}> proto=ESMTP helo=<${helo}>`,
      );
    }
    line(t + 200, `disconnect from ${who} ehlo=1 mail=1 rcpt=0/${tries} quit=1 commands=3/${3 + tries}`);
  }
}

const SCANNER_NAMES = [
  "scanner.censys-scanner.com",
  "zg-0305b-12.stretchoid.com",
  "scan-47e.shadowserver.org",
  "worker-13.internet-measurement.com",
];

/** Picks one of the mailboxes of a domain. */
export const mailbox = (rng: Random, mx: Mx, locals: readonly string[]) => ({
  address: `${rng.pick(locals)}@${mx.domain}`,
  mx,
});

// ───────────────────────── generic lines: an inbound MX ─────────────────────────

/** The lines of an inbound MX over the input's range (the format without a profile). */
export function postfixLines(rng: Random, input: ProfileInput): Line[] {
  return run(rng, inboundPlan(input.ctx, input.count, input.fromMs, input.toMs));
}

const TLS_IN =
  "TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits) key-exchange X25519 server-signature RSA-PSS (2048 bits) server-digest SHA256";

function inboundPlan(ctx: NoiseContext, count: number, fromMs: number, toMs: number): Plan {
  const domain = data.internal.domain;
  const host = ctx.hostname;
  const locals = ctx.users.length ? ctx.users : data.internalMailboxes;
  const lmtp = (rng: Random, ms: number, emit: Emit) => inboundDelivery(rng, emit, ctx, locals, ms);
  const sources: Source[] = [
    { weight: 10, rhythm: "office", event: lmtp },
    { weight: 4, rhythm: "flat", event: (rng, ms, emit) => dnsblReject(rng, emit, ctx, domain, locals, ms) },
    { weight: 2, rhythm: "flat", event: (rng, ms, emit) => spfReject(rng, emit, ctx, domain, locals, ms) },
    { weight: 3, rhythm: "flat", event: (rng, ms, emit) => probe(rng, emit, host, domain, ms) },
    { weight: 4, rhythm: "office", event: (rng, ms, emit) => submission(rng, emit, ctx, locals, ms) },
  ];
  return { count, fromMs, toMs, sources };
}

/** postscreen's verdict on a new client, before smtpd sees it. */
function postscreen(rng: Random, emit: Emit, ctx: NoiseContext, ip: string, ms: number, pass: boolean): number {
  const host = ctx.hostname;
  const pid = rng.int(900, 1100);
  const port = rng.int(30000, 65000);
  emit(ms, postfixLine(ms, host, "postscreen", pid, `CONNECT from [${ip}]:${port} to [${ctx.ip}]:25`));
  if (pass)
    emit(
      ms + 6,
      postfixLine(ms + 6, host, "postscreen", pid, `PASS ${rng.chance(0.7) ? "OLD" : "NEW"} [${ip}]:${port}`),
    );
  return port;
}

function inboundDelivery(rng: Random, emit: Emit, ctx: NoiseContext, locals: readonly string[], ms: number) {
  const host = ctx.hostname;
  const ip = internetAddress(rng, 0.2);
  const mta = rng.pick(data.inbound.mtas);
  postscreen(rng, emit, ctx, ip, ms, true);
  const pid = rng.int(40100, 49900);
  const who = `${mta}[${ip}]`;
  const id = queueId(rng, ms + 80);
  const rcpt = `${rng.pick(locals)}@${data.internal.domain}`;
  const sender = rng.pick(data.inbound.senders);
  const size = rng.int(4000, 180000);
  const line = (dt: number, daemon: string, p: number, text: string) =>
    emit(ms + dt, postfixLine(ms + dt, host, daemon, p, text));
  line(10, "smtpd", pid, `connect from ${who}`);
  line(40, "smtpd", pid, `Anonymous TLS connection established from ${who}: ${TLS_IN}`);
  line(80, "smtpd", pid, `${id}: client=${who}`);
  line(120, "cleanup", pid + 3, `${id}: message-id=<${rng.hex(24)}@${mta}>`);
  line(150, "qmgr", QMGR_PID, `${id}: from=<${sender}>, size=${size}, nrcpt=1 (queue active)`);
  line(210, "smtpd", pid, `disconnect from ${who} ehlo=2 starttls=1 mail=1 rcpt=1 data=1 quit=1 commands=7`);
  const done = rng.int(250, 900);
  line(
    done,
    "lmtp",
    pid + 6,
    `${id}: to=<${rcpt}>, relay=${host}[private/dovecot-lmtp], delay=${secs(done - 80)}, delays=0.07/0.01/0.01/${((done - 170) / 1000).toFixed(2)}, dsn=2.0.0, status=sent (250 2.0.0 <${rcpt}> ${rng.hex(6)}${rng.hex(16)} Saved)`,
  );
  line(done + 2, "qmgr", QMGR_PID, `${id}: removed`);
}

function dnsblReject(
  rng: Random,
  emit: Emit,
  ctx: NoiseContext,
  domain: string,
  locals: readonly string[],
  ms: number,
) {
  const host = ctx.hostname;
  const ip = internetAddress(rng, 0.3);
  const pid = rng.int(900, 1100);
  const port = postscreen(rng, emit, ctx, ip, ms, false);
  const rbl = rng.pick(data.inbound.rbls);
  emit(ms + 5, postfixLine(ms + 5, host, "postscreen", pid, `DNSBL rank ${rng.int(3, 6)} for [${ip}]:${port}`));
  const rcpt = `${rng.pick(locals)}@${domain}`;
  emit(
    ms + 900,
    postfixLine(
      ms + 900,
      host,
      "postscreen",
      pid,
      `NOQUEUE: reject: RCPT from [${ip}]:${port}: 550 5.7.1 Service unavailable; client [${ip}] blocked using ${rbl}; from=<${rng.pick(data.inbound.spamSenders)}>, to=<${rcpt}>, proto=ESMTP, helo=<${rng.pick(data.inbound.spamHelos)}>`,
    ),
  );
  emit(ms + 1100, postfixLine(ms + 1100, host, "postscreen", pid, `DISCONNECT [${ip}]:${port}`));
}

function spfReject(rng: Random, emit: Emit, ctx: NoiseContext, domain: string, locals: readonly string[], ms: number) {
  const host = ctx.hostname;
  const ip = internetAddress(rng, 0.3);
  postscreen(rng, emit, ctx, ip, ms, true);
  const pid = rng.int(40100, 49900);
  const helo = rng.pick(data.inbound.spamHelos);
  const sender = rng.pick(data.inbound.spamSenders);
  const rcpt = `${rng.pick(locals)}@${domain}`;
  const why = `Message rejected due to: SPF fail - not authorized. Please see http://www.openspf.net/Why?s=mfrom;id=${sender};ip=${ip};r=<UNKNOWN>`;
  emit(ms + 10, postfixLine(ms + 10, host, "smtpd", pid, `connect from unknown[${ip}]`));
  emit(ms + 700, syslogLine(ms + 700, host, `policyd-spf[${pid + 2}]`, `550 5.7.23 ${why}`));
  emit(
    ms + 702,
    postfixLine(
      ms + 702,
      host,
      "smtpd",
      pid,
      `NOQUEUE: reject: RCPT from unknown[${ip}]: 550 5.7.23 <${rcpt}>: Recipient address rejected: ${why}; from=<${sender}> to=<${rcpt}> proto=ESMTP helo=<${helo}>`,
    ),
  );
  emit(
    ms + 900,
    postfixLine(
      ms + 900,
      host,
      "smtpd",
      pid,
      `disconnect from unknown[${ip}] ehlo=1 mail=1 rcpt=0/1 quit=1 commands=3/4`,
    ),
  );
}

/** Staff sending out through the submission port (587, SASL over STARTTLS). */
function submission(rng: Random, emit: Emit, ctx: NoiseContext, locals: readonly string[], ms: number) {
  const ip = ctx.peers.length ? rng.pick(ctx.peers) : "10.0.20.15";
  const local = rng.pick(locals);
  const mx = rng.pick(data.customers);
  const msg: Message = {
    client: { name: "unknown", ip },
    helo: `[${ip}]`,
    sender: `${local}@${data.internal.domain}`,
    recipients: [mailbox(rng, mx, data.customerMailboxes)],
    messageId: `${rng.hex(32)}@${data.internal.domain}`,
    size: rng.int(3000, 900000),
    starttls: true,
    sasl: `${local}@${data.internal.domain}`,
    service: "submission/smtpd",
  };
  session(rng, emit, ctx.hostname, msg, ms, () => (rng.chance(0.03) ? "deferred" : "sent"), "");
}
