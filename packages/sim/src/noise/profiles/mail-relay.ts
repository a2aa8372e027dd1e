import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import data from "../formats/postfix-vocabulary.json";
import {
  type Client,
  type Message,
  type Mx,
  type Outcome,
  fill,
  mailbox,
  messageId,
  probe,
  session,
} from "../formats/postfix";
import type { Emit, Plan, Rhythm, Source } from "./engine";

/**
 * An outbound relay's mail.log (profile `relay` of the postfix format): the applications and
 * devices of `hosts` (each a name, "unknown" for a client without a PTR record, its address and,
 * as `user`, the envelope sender it uses) hand over their mail, which goes out to customers'
 * MXs or to the company's own tenant; the internet's scanners knock on port 25. The relay has no
 * DNSBL or SPF checks of its own (its main.cf has none), so rejects here are the far ends': a
 * mailbox that does not exist, a busy or greylisting MX, and, from `blocklisted` on, receivers
 * that check Spamhaus refusing the relay's public address.
 */

type SenderKind = keyof typeof data.senders;
type Sender = (typeof data.senders)[SenderKind];

/** How often each kind of client hands over a message, and when. */
const PACE: Record<SenderKind, { weight: number; rhythm: Rhythm }> = {
  "noreply-crm": { weight: 10, rhythm: "office" },
  notifications: { weight: 6, rhythm: "flat" },
  scanner: { weight: 2, rhythm: "office" },
  wazuh: { weight: 1, rhythm: "flat" },
  jenkins: { weight: 0.5, rhythm: "office" },
};

/** Receivers that refuse a blocklisted relay: the customers on Microsoft 365, never Kestrel's own tenant. */
const checksDnsbl = (mx: Mx) => mx.kind === "outlook" && mx.domain !== data.internal.domain;

export function relayPlan(rng: Random, input: ProfileInput): Plan {
  const host = input.ctx.hostname;
  const listedMs = input.options.blocklisted ? Date.parse(input.options.blocklisted) : Infinity;
  const outcome = (mx: Mx, ms: number): Outcome => {
    if (ms >= listedMs && checksDnsbl(mx)) return "blocklisted";
    const r = rng.next();
    return r < 0.012 ? "bounced" : r < 0.035 ? "deferred" : "sent";
  };
  const sources: Source[] = (input.options.hosts ?? []).flatMap((h) => {
    const kind = (h.user?.split("@")[0] ?? "") as SenderKind;
    const sender = data.senders[kind];
    if (!sender || !h.user) return [];
    const client: Client = { name: h.name, ip: h.ip };
    const pace = PACE[kind];
    const event = (r: Random, ms: number, emit: Emit) =>
      session(r, emit, host, message(r, client, h.user!, sender, ms), ms, outcome, data.publicIp);
    return [{ weight: pace.weight, rhythm: pace.rhythm, event }];
  });
  const localDomain = `${host}.${data.internal.domain}`;
  sources.push({ weight: 2.5, rhythm: "flat", event: (r, ms, emit) => probe(r, emit, host, localDomain, ms) });
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources };
}

/** A message of one client: its sender's subjects, recipients and Message-ID style. */
function message(rng: Random, client: Client, from: string, sender: Sender, ms: number): Message {
  const short = client.name.split(".")[0]!;
  const external = !client.ip.startsWith("10.");
  const recipients = Array.from({ length: rng.chance(0.12) ? 2 : 1 }, () => recipient(rng, sender));
  return {
    client,
    // Devices greet with their own short name in capitals, servers with their FQDN, as in the content's lines.
    helo:
      client.name === "unknown"
        ? `[${client.ip}]`
        : sender === data.senders.scanner
          ? short.toUpperCase()
          : client.name,
    sender: from,
    recipients,
    subject: fill(rng, rng.pick(sender.subjects), short.toUpperCase()),
    messageId: messageId(rng, sender.messageId, client.name === "unknown" ? client.ip : client.name, ms),
    size: rng.int(sender.size[0]!, sender.size[1]!),
    starttls: external,
  };
}

function recipient(rng: Random, sender: Sender) {
  if (sender.to === "customers") return mailbox(rng, rng.pick(data.customers), data.customerMailboxes);
  const internal = data.internal as Mx;
  if (sender.to === "soc") return { address: `soc@${internal.domain}`, mx: internal };
  return mailbox(rng, internal, data.internalMailboxes);
}
