/**
 * iptables' listing of a saved rule set (iptables-save format), laid out as iptables 1.8 prints
 * `-L` (print_header and print_firewall in iptables.c), and the `-S` form.
 */
export interface Chain {
  name: string;
  /** "-" for a user-defined chain. */
  policy: string;
  rules: string[];
}

/** One table's chains and rules from an iptables-save file. */
export function parseTable(saved: string, table: string): Chain[] | undefined {
  const section = saved.split(/^\*/m).find((t) => t.startsWith(`${table}\n`));
  if (section === undefined) return undefined;
  const chains: Chain[] = [];
  for (const line of section.split("\n")) {
    const head = /^:(\S+) (\S+)/.exec(line);
    if (head) chains.push({ name: head[1]!, policy: head[2]!, rules: [] });
    const rule = /^-A (\S+) (.*)$/.exec(line);
    if (rule) chains.find((c) => c.name === rule[1])?.rules.push(rule[2]!);
  }
  return chains;
}

/** `iptables -S`: policies, then user chains, then every rule, as iptables-save wrote them. */
export function listRules(chains: Chain[], only?: string): string {
  const shown = only ? chains.filter((c) => c.name === only) : chains;
  const out = [
    ...shown.filter((c) => c.policy !== "-").map((c) => `-P ${c.name} ${c.policy}`),
    ...shown.filter((c) => c.policy === "-").map((c) => `-N ${c.name}`),
    ...shown.flatMap((c) => c.rules.map((r) => `-A ${c.name} ${r}`)),
  ];
  return out.map((l) => `${l}\n`).join("");
}

/** The words of a rule, with quoted values ("jump host: SSH") kept whole. */
function words(rule: string): string[] {
  return [...rule.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

const PORT_NAMES: Record<string, string> = {
  "21": "ftp",
  "22": "ssh",
  "23": "telnet",
  "25": "smtp",
  "53": "domain",
  "80": "http",
  "110": "pop3",
  "123": "ntp",
  "143": "imap2",
  "443": "https",
  "502": "mbap",
  "993": "imaps",
  "3306": "mysql",
  "5432": "postgresql",
  "8080": "http-alt",
};
const ICMP_NAMES: Record<string, string> = {
  "0": "echo-reply",
  "3": "destination-unreachable",
  "8": "echo-request",
  "11": "time-exceeded",
};

interface Parsed {
  target: string;
  proto: string;
  source: string;
  destination: string;
  inIface: string;
  outIface: string;
  /** What the matches and the target print after the addresses, each with its leading space. */
  extras: string;
}

interface Reading extends Parsed {
  numeric: boolean;
  log: { prefix: string; level: string };
  /** What the target prints, after the matches. */
  after: string[];
}

const port = (r: Reading, v: string) => (r.numeric ? v : (PORT_NAMES[v] ?? v));

/** Each option that takes a value, and how it reads in `iptables -L` (the extensions' print functions). */
const OPTIONS: Record<string, (r: Reading, v: string) => void> = {
  "-p": (r, v) => void (r.proto = v),
  "-s": (r, v) => void (r.source = v.replace(/\/32$/, "")),
  "-d": (r, v) => void (r.destination = v.replace(/\/32$/, "")),
  "-i": (r, v) => void (r.inIface = v),
  "-o": (r, v) => void (r.outIface = v),
  "-j": (r, v) => void (r.target = v),
  "-m": (r, v) => void (v === "tcp" || v === "udp" ? (r.extras += ` ${v}`) : undefined),
  "--ctstate": (r, v) => void (r.extras += ` ctstate ${v}`),
  "--state": (r, v) => void (r.extras += ` state ${v}`),
  "--dport": (r, v) => ports(r, "d", v),
  "--sport": (r, v) => ports(r, "s", v),
  "--dports": (r, v) => void (r.extras += ` multiport dports ${v}`),
  "--sports": (r, v) => void (r.extras += ` multiport sports ${v}`),
  "--icmp-type": (r, v) => void (r.extras += r.numeric ? ` icmptype ${v}` : ` icmp ${ICMP_NAMES[v] ?? v}`),
  "--comment": (r, v) => void (r.extras += ` /* ${v} */`),
  "--limit": (r, v) => void (r.extras += ` limit: avg ${v} burst 5`),
  "--log-prefix": (r, v) => void (r.log.prefix = v),
  "--log-level": (r, v) => void (r.log.level = v),
  "--reject-with": (r, v) => void r.after.push(` reject-with ${v}`),
  "--to-destination": (r, v) => void r.after.push(` to:${v}`),
};

/** `tcp dpt:22`, `tcp dpts:1000:2000`; the protocol is named once (-m tcp may have named it). */
function ports(r: Reading, side: "d" | "s", v: string): void {
  const kind = `${side}pt${v.includes(":") ? "s" : ""}`;
  r.extras += `${r.extras.endsWith(r.proto) ? "" : ` ${r.proto}`} ${kind}:${port(r, v)}`;
}

function describe(w: string[], numeric: boolean): Parsed {
  const r: Reading = {
    target: "",
    proto: "all",
    source: "0.0.0.0/0",
    destination: "0.0.0.0/0",
    inIface: "",
    outIface: "",
    extras: "",
    numeric,
    log: { prefix: "", level: "4" },
    after: [],
  };
  for (let i = 0; i < w.length; i++) {
    const handle = OPTIONS[w[i]!];
    if (handle) handle(r, w[++i] ?? "");
  }
  if (r.target === "LOG")
    r.after.unshift(` LOG flags 0 level ${r.log.level}${r.log.prefix ? ` prefix "${r.log.prefix}"` : ""}`);
  r.extras += r.after.join("");
  if (!numeric) for (const k of ["source", "destination"] as const) if (r[k] === "0.0.0.0/0") r[k] = "anywhere";
  return r;
}

export interface ListOptions {
  numeric: boolean;
  verbose: boolean;
  lineNumbers: boolean;
}

function header(o: ListOptions): string {
  let h = o.lineNumbers ? "num  " : "";
  if (o.verbose) h += " pkts bytes ";
  h += `${"target".padEnd(9)}  prot opt`;
  if (o.verbose) h += ` ${"in".padEnd(6)} ${"out".padEnd(6)} `;
  return `${h} ${"source".padEnd(19)}  ${"destination".padEnd(19)} `;
}

function row(rule: string, n: number, o: ListOptions): string {
  const p = describe(words(rule), o.numeric);
  let r = o.lineNumbers ? `${String(n).padEnd(4)} ` : "";
  if (o.verbose) r += "    0     0 ";
  r += `${p.target.padEnd(9)}  ${p.proto.padEnd(5)}-- `;
  if (o.verbose) {
    const iface = (name: string) => (name || (o.numeric ? "*" : "any")).padEnd(6);
    r += ` ${iface(p.inIface)} ${iface(p.outIface)} `;
  }
  return `${r} ${p.source.padEnd(19)}  ${p.destination.padEnd(19)} ${p.extras}`;
}

/** `iptables -L [chain] [-n] [-v] [--line-numbers]`, chains separated by a blank line. */
export function listChains(chains: Chain[], o: ListOptions, only?: string): string {
  const references = (name: string) =>
    chains.reduce((n, c) => n + c.rules.filter((r) => new RegExp(`-j ${name}(\\s|$)`).test(r)).length, 0);
  const blocks = (only ? chains.filter((c) => c.name === only) : chains).map((c) => {
    const title =
      c.policy === "-"
        ? `Chain ${c.name} (${references(c.name)} references)`
        : `Chain ${c.name} (policy ${c.policy}${o.verbose ? " 0 packets, 0 bytes" : ""})`;
    return [title, header(o), ...c.rules.map((r, i) => row(r, i + 1, o))].join("\n");
  });
  return blocks.length ? `${blocks.join("\n\n")}\n` : "";
}
