import { describe, expect, it } from "vitest";
import { scenario1, scenario2 } from "./cases";

/** Who the content is about; every name and domain below is checked against it. */
const COMPANY = { name: "Kestrel Freight Systems", domain: "kestrel.internal", emailDomain: "kestrelfreight.com" };

/*
 * One company, one network. Both scenarios describe Kestrel Freight Systems, so a device that
 * appears in both must have one name, one address, one operating system and software version
 * and one state (misconfigured or not, and how), and every misconfigured device must belong to a
 * case. The inventory is read from the content itself — device tables, simulated hosts and what
 * they hold (/etc/hosts, /etc/os-release, the DNS zone export, the switch's interfaces),
 * Scenario 2's component tables, and every host name a log or a text mentions — so a device
 * added or renamed anywhere is checked without anyone updating a list here.
 */

type ScenarioLabel = "S1" | "S2";

/** One place where the content says something about a device. */
interface Sighting {
  scenario: ScenarioLabel;
  /** Where it was read, for the failure message. */
  source: string;
  host: string;
  ip?: string;
  /**
   * False for further addresses of a multi-homed device (a switch's VLAN interfaces, a
   * firewall's inside leg): they must not belong to anything else, but do not make the device's
   * main address ambiguous.
   */
  primary?: boolean;
  name?: string;
  os?: string;
  /** Text that names the software the device runs (OS string, roles, component description). */
  software?: string;
}

interface TableEntry {
  scenario: ScenarioLabel;
  name: string;
  host: string;
  ip: string;
  os: string;
  misconfig: { example: string; reason: string } | null;
}

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/;

/** Every string in a content value, however deep. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/** PRETTY_NAME of an os-release file. */
function prettyName(osRelease: string): string | undefined {
  return /^PRETTY_NAME="([^"]+)"/m.exec(osRelease)?.[1];
}

/** `10.0.30.10  git-01.kestrel.internal git-01` lines of a hosts file or an A record of a zone. */
function hostLines(content: string): { host: string; ip: string; kind: "hosts" | "zone" }[] {
  const out: { host: string; ip: string; kind: "hosts" | "zone" }[] = [];
  const domain = COMPANY.domain.replace(/\./g, "\\.");
  for (const m of content.matchAll(new RegExp(`^(${IPV4.source})\\s+([a-z0-9-]+)\\.${domain}\\b`, "gm")))
    out.push({ ip: m[1]!, host: m[2]!, kind: "hosts" });
  for (const m of content.matchAll(
    new RegExp(`^([a-z0-9-]+)\\.${domain}\\.\\s+\\d+\\s+IN\\s+A\\s+(${IPV4.source})\\s*$`, "gm"),
  ))
    out.push({ host: m[1]!, ip: m[2]!, kind: "zone" });
  return out;
}

/** Addresses of IOS layer-3 interfaces (`interface Vlan10` … ` ip address 10.0.10.1 255.255.255.0`). */
function interfaceAddresses(content: string): { iface: string; ip: string }[] {
  const out: { iface: string; ip: string }[] = [];
  for (const block of content.split(/\n(?=interface )/)) {
    const iface = /^interface (\S+)/.exec(block)?.[1];
    const ip = new RegExp(`^ ip address (${IPV4.source}) ${IPV4.source}$`, "m").exec(block)?.[1];
    if (iface && ip) out.push({ iface, ip });
  }
  return out;
}

/** Sightings in the files a simulated host holds. */
function fileSightings(scenario: ScenarioLabel, host: string, files: { path: string; content: string }[]): Sighting[] {
  const out: Sighting[] = [];
  for (const f of files) {
    if (f.path === "/etc/os-release") {
      const os = prettyName(f.content);
      if (os) out.push({ scenario, source: `/etc/os-release on ${host}`, host, os });
    }
    if (f.path === "/etc/hostname") {
      out.push({ scenario, source: `/etc/hostname on ${host}`, host: f.content.trim() });
    }
    for (const l of hostLines(f.content)) {
      const source = l.kind === "zone" ? `DNS zone export ${f.path} on ${host}` : `${f.path} on ${host}`;
      out.push({ scenario, source, host: l.host, ip: l.ip, primary: true });
    }
    for (const i of interfaceAddresses(f.content)) {
      out.push({ scenario, source: `${f.path} on ${host} (interface ${i.iface})`, host, ip: i.ip, primary: false });
    }
  }
  return out;
}

/** "Git Server (Gitea 1.21, git-01)" → git-01: the host is the last item in the parentheses. */
function componentHost(component: string): string | undefined {
  const inner = /\(([^()]*)\)\s*$/.exec(component)?.[1];
  return inner?.split(",").at(-1)?.trim();
}

/** "198.51.100.6 (WAN, …); 10.0.10.254 (DMZ inside)" → the leading address of each part. */
function componentAddresses(ip: string): string[] {
  return ip
    .split(";")
    .map((part) => IPV4.exec(part)?.[0])
    .filter((a): a is string => a !== undefined);
}

function buildInventory() {
  const tables: TableEntry[] = [];
  const sightings: Sighting[] = [];

  for (const d of scenario1.devices) {
    tables.push({ scenario: "S1", name: d.name, host: d.host, ip: d.ip, os: d.os, misconfig: d.misconfig });
    sightings.push({
      scenario: "S1",
      source: "device table",
      host: d.host,
      ip: d.ip,
      primary: true,
      name: d.name,
      os: d.os,
      software: [d.os, ...d.roles].join("; "),
    });
    sightings.push(...fileSightings("S1", d.host, d.world.files));
  }

  for (const d of scenario2.reference.network_devices) {
    tables.push({ scenario: "S2", name: d.name, host: d.host, ip: d.ip, os: d.os, misconfig: d.misconfig });
    sightings.push({
      scenario: "S2",
      source: "network device table",
      host: d.host,
      ip: d.ip,
      primary: true,
      name: d.name,
      os: d.os,
      software: [d.os, ...d.roles].join("; "),
    });
  }
  for (const h of scenario2.hosts) {
    sightings.push({
      scenario: "S2",
      source: "simulated host",
      host: h.hostname,
      ip: h.ip,
      primary: true,
      name: h.role,
      os: h.os,
    });
    sightings.push(...fileSightings("S2", h.hostname, h.files));
  }
  // What narratives lay over the base hosts (and the evidence they place) is the same host.
  const hostOfRole = new Map(scenario2.hosts.map((h) => [h.role, h.hostname]));
  for (const n of scenario2.narratives) {
    for (const o of n.world.hosts) {
      const host = hostOfRole.get(o.role);
      if (host) sightings.push(...fileSightings("S2", host, o.files));
    }
    for (const p of n.implementation_blueprint.evidence_placement) {
      const host = hostOfRole.get(p.destination_host_role);
      if (host) sightings.push(...fileSightings("S2", host, [{ path: p.destination_path, content: p.content }]));
    }
  }
  const components = [
    ...scenario2.reference.sdlc_components.map((c) => ({ label: c.component, ip: c.ip, text: c.role })),
    ...scenario2.reference.environment_components.map((c) => ({ label: c.name, ip: c.ip, text: c.role })),
  ];
  for (const c of components) {
    const host = componentHost(c.label);
    if (!host) continue;
    componentAddresses(c.ip).forEach((ip, i) =>
      sightings.push({
        scenario: "S2",
        source: `component "${c.label}"`,
        host,
        ip,
        primary: i === 0,
        software: `${c.label}; ${c.text}`,
      }),
    );
  }
  return { tables, sightings };
}

const { tables, sightings } = buildInventory();
const inventoryHosts = new Set(sightings.map((s) => s.host));
const where = (s: Sighting) => `${s.scenario} ${s.source}`;

/** Group sightings by a key, keeping for each value the places that say it. */
function groupBy(
  items: Sighting[],
  key: (s: Sighting) => string | undefined,
  value: (s: Sighting) => string | undefined,
) {
  const out = new Map<string, Map<string, string[]>>();
  for (const s of items) {
    const k = key(s);
    const v = value(s);
    if (k === undefined || v === undefined) continue;
    const values = out.get(k) ?? new Map<string, string[]>();
    values.set(v, [...(values.get(v) ?? []), where(s)]);
    out.set(k, values);
  }
  return out;
}

/** The problems of every key that has more than one value. */
function conflicts(groups: Map<string, Map<string, string[]>>, what: string): string[] {
  const problems: string[] = [];
  for (const [k, values] of groups) {
    if (values.size < 2) continue;
    const list = [...values].map(([v, at]) => `${v} (${[...new Set(at)].join(", ")})`).join(" vs ");
    problems.push(`${k} has ${values.size} ${what}: ${list}`);
  }
  return problems.sort();
}

/**
 * Distribution and release of an OS string, so "Debian 12 (Postfix 3.7)" and the os-release
 * "Debian GNU/Linux 12 (bookworm)" compare equal and "Ubuntu 22.04.4 LTS" does not equal
 * "OpenVPN Access Server 2.13 on Ubuntu 22.04.4 LTS" only by wording.
 */
function osKey(os: string): string {
  const patterns: [RegExp, string][] = [
    [/\bubuntu (\d+\.\d+(?:\.\d+)?)/i, "Ubuntu"],
    [/\bdebian(?: gnu\/linux)? (\d+)/i, "Debian"],
    [/\brocky linux (\d+(?:\.\d+)?)/i, "Rocky Linux"],
    [/\bwindows server (\d{4})/i, "Windows Server"],
    [/\bios xe (\d+(?:\.\d+)*)/i, "IOS XE"],
    [/\bfortios (\d+(?:\.\d+)*)/i, "FortiOS"],
  ];
  for (const [re, family] of patterns) {
    const m = re.exec(os);
    if (m) return `${family} ${m[1]}`;
  }
  return os;
}

/**
 * "<Product> <version>" pairs in a software description, e.g. Jenkins 2.440.3, Nexus Repository
 * 3.68, strongSwan 5.9.8. The product is the word before the version; addresses are skipped.
 */
function softwareVersions(text: string): { product: string; version: string }[] {
  const out: { product: string; version: string }[] = [];
  for (const m of text.matchAll(/\b([A-Za-z][\w+-]*)[ /]v?(\d+\.\d+(?:\.\d+)?)(?![.\d])/g)) {
    out.push({ product: m[1]!.toLowerCase(), version: m[2]! });
  }
  return out;
}

/** 1.21 and 1.21.7 describe the same release; 1.18 and 1.24 do not. */
const sameRelease = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

describe("one company, one network: the devices both scenarios describe agree", () => {
  it("reads a real inventory from the content (both scenarios, every kind of source)", () => {
    // Guards the parsers: if a source stopped yielding anything, every rule below would pass vacuously.
    const sources = new Set(sightings.map((s) => `${s.scenario} ${s.source.replace(/ on .*| ".*"|\/.*/g, "")}`));
    for (const expected of [
      "S1 device table",
      "S1 DNS zone export",
      "S2 network device table",
      "S2 simulated host",
      "S2 component",
    ]) {
      expect(
        [...sources].some((s) => s.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    for (const path of ["/etc/os-release", "/etc/hosts"]) {
      for (const sc of ["S1", "S2"] as const) {
        expect(
          sightings.some((s) => s.scenario === sc && s.source.startsWith(path)),
          `${sc} ${path}`,
        ).toBe(true);
      }
    }
    expect(sightings.some((s) => s.primary === false && s.source.includes("interface Vlan"))).toBe(true);
    const shared = new Set(tables.filter((t) => t.scenario === "S1").map((t) => t.host));
    expect(tables.filter((t) => t.scenario === "S2" && shared.has(t.host)).length).toBeGreaterThanOrEqual(5);
  });

  it("gives each device one address, and each address one device", () => {
    const hostToIp = groupBy(
      sightings.filter((s) => s.primary),
      (s) => s.host,
      (s) => s.ip,
    );
    const ipToHost = groupBy(
      sightings,
      (s) => s.ip,
      (s) => s.host,
    );
    expect([...conflicts(hostToIp, "addresses"), ...conflicts(ipToHost, "devices")]).toEqual([]);
  });

  it("lists every internal device in the internal DNS zone", () => {
    // Scenario 1's zone export is what an outsider's AXFR of kestrel.internal returned: the
    // whole internal network. A device either scenario places on an internal VLAN is in it.
    const zone = new Set(sightings.filter((s) => s.source.startsWith("DNS zone export")).map((s) => s.host));
    const missing = new Set<string>();
    for (const s of sightings) {
      if (s.primary && s.ip?.startsWith("10.") && !zone.has(s.host)) missing.add(`${s.host} (${s.ip}, ${s.scenario})`);
    }
    expect([...missing].sort()).toEqual([]);
  });

  it("gives each device one name, and each name one device", () => {
    const named = sightings.filter((s) => s.name !== undefined);
    expect([
      ...conflicts(
        groupBy(
          named,
          (s) => s.host,
          (s) => s.name,
        ),
        "names",
      ),
      ...conflicts(
        groupBy(
          named,
          (s) => s.name,
          (s) => s.host,
        ),
        "hosts",
      ),
    ]).toEqual([]);
  });

  it("gives each device one operating system", () => {
    // The two device tables use one notation (OS and main software); they must match exactly.
    const exact = groupBy(
      sightings.filter((s) => s.source.endsWith("device table")),
      (s) => s.host,
      (s) => s.os,
    );
    // Every other source (simulated host, os-release) must name the same distribution release.
    const release = groupBy(
      sightings,
      (s) => s.host,
      (s) => (s.os === undefined ? undefined : osKey(s.os)),
    );
    expect([...conflicts(exact, "OS descriptions"), ...conflicts(release, "OS releases")]).toEqual([]);
  });

  it("gives each device one version of each piece of software it runs", () => {
    const problems: string[] = [];
    const byHost = new Map<string, Map<string, Map<string, string[]>>>();
    for (const s of sightings) {
      if (!s.software) continue;
      for (const { product, version } of softwareVersions(s.software)) {
        const products = byHost.get(s.host) ?? new Map<string, Map<string, string[]>>();
        const versions = products.get(product) ?? new Map<string, string[]>();
        versions.set(version, [...(versions.get(version) ?? []), where(s)]);
        products.set(product, versions);
        byHost.set(s.host, products);
      }
    }
    for (const [host, products] of byHost) {
      for (const [product, versions] of products) {
        const vs = [...versions.keys()];
        const clash = vs.flatMap((a) => vs.filter((b) => !sameRelease(a, b)).map((b) => [a, b] as const));
        if (clash.length > 0) {
          const list = [...versions].map(([v, at]) => `${v} (${[...new Set(at)].join(", ")})`).join(" vs ");
          problems.push(`${host} runs ${product} ${list}`);
        }
      }
    }
    expect(problems.sort()).toEqual([]);
  });

  it("gives each device in both device tables one state: the same misconfiguration, or none", () => {
    const problems: string[] = [];
    const s1 = new Map(tables.filter((t) => t.scenario === "S1").map((t) => [t.host, t]));
    for (const t of tables.filter((x) => x.scenario === "S2")) {
      const other = s1.get(t.host);
      if (!other) continue;
      const a = other.misconfig?.example ?? "baseline";
      const b = t.misconfig?.example ?? "baseline";
      if (a !== b || other.misconfig?.reason !== t.misconfig?.reason) {
        problems.push(`${t.host}: Scenario 1 says "${a}", Scenario 2 says "${b}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("puts every misconfigured device in a case", () => {
    // A device belongs to a case when a Scenario 1 task investigates it, or a Scenario 2 task's
    // graded facts name it.
    const s1Host = new Map(scenario1.devices.map((d) => [d.name, d.host]));
    const caseHosts = new Set(scenario1.llm_tasks.specifics.map((t) => s1Host.get(t.device)));
    for (const t of scenario2.llm_tasks.tasks) {
      const facts = t.checkpoints.flatMap((c) => c.grading.indicators.flatMap((i) => i.any_of));
      for (const h of inventoryHosts) if (facts.some((f) => new RegExp(`\\b${h}\\b`, "i").test(f))) caseHosts.add(h);
    }
    const orphans = tables
      .filter((t) => t.misconfig !== null && !caseHosts.has(t.host))
      .map((t) => `${t.scenario} ${t.name} (${t.host}) is marked misconfigured but no case covers it`);
    expect(orphans).toEqual([]);
  });

  it("names only devices of the inventory wherever a host is mentioned", () => {
    const problems = new Set<string>();
    const domain = COMPANY.domain.replace(/\./g, "\\.");
    // Host names end in a number (dc01, git-01); service aliases such as git.kestrel.internal do not.
    const fqdn = new RegExp(`\\b([a-z][a-z0-9-]*[0-9])\\.${domain}\\b`, "g");
    const remote = /\/var\/log\/remote\/([a-z0-9][a-z0-9.-]*)\//g;
    for (const [label, content] of [
      ["Scenario 1", scenario1],
      ["Scenario 2", scenario2],
    ] as const) {
      for (const text of strings(content)) {
        for (const m of text.matchAll(fqdn))
          if (!inventoryHosts.has(m[1]!)) problems.add(`${label} mentions ${m[0]}, which is no device`);
        for (const m of text.matchAll(remote)) {
          const h = m[1]!;
          // A cloud instance's default name spells its own (non-Kestrel) address.
          if (IPV4.test(h) || /^ip-\d+-\d+-\d+-\d+$/.test(h)) continue;
          if (!inventoryHosts.has(h)) problems.add(`${label} forwards logs of ${h} to the SIEM, which is no device`);
        }
      }
    }
    expect([...problems].sort()).toEqual([]);
  });

  it("leases VPN addresses only from the pool the VPN gateway is configured with", () => {
    // The gateway's configuration (strongSwan `addrs = first-last`) is the truth; every lease a
    // log of either scenario records (strongSwan or any other VPN's wording) must fall inside it.
    const toInt = (ip: string) => ip.split(".").reduce((n, o) => n * 256 + Number(o), 0);
    const pools = [...strings(scenario1), ...strings(scenario2)].flatMap((t) =>
      [...t.matchAll(new RegExp(`^\\s*addrs = (${IPV4.source})-(${IPV4.source})\\s*$`, "gm"))].map((m) => [
        toInt(m[1]!),
        toInt(m[2]!),
      ]),
    );
    expect(pools.length).toBeGreaterThan(0);
    const problems = new Set<string>();
    for (const [label, content] of [
      ["Scenario 1", scenario1],
      ["Scenario 2", scenario2],
    ] as const) {
      for (const text of strings(content)) {
        for (const m of text.matchAll(
          new RegExp(`(?:assigning virtual IP|pool returned IPv4=|leased) ?(${IPV4.source})`, "g"),
        )) {
          const ip = toInt(m[1]!);
          if (!pools.some(([a, b]) => ip >= a! && ip <= b!))
            problems.add(`${label} leases ${m[1]} outside the VPN pool`);
        }
      }
    }
    expect([...problems].sort()).toEqual([]);
  });

  it("gives each firewall one hardware identity in every log", () => {
    const serials = new Map<string, Set<string>>();
    for (const text of [...strings(scenario1), ...strings(scenario2)]) {
      for (const m of text.matchAll(/devname="([^"]+)" devid="([^"]+)"/g)) {
        serials.set(m[1]!, (serials.get(m[1]!) ?? new Set()).add(m[2]!));
      }
    }
    expect(serials.size).toBeGreaterThan(0);
    const problems = [...serials]
      .filter(([, ids]) => ids.size > 1)
      .map(([name, ids]) => `${name} logs as ${[...ids].join(" and ")}`);
    expect(problems).toEqual([]);
  });
});

/** "Kestrel …" names ending in a legal or corporate word that are not the company's own. */
function otherCompanyNames(text: string): string[] {
  return [
    ...text.matchAll(
      /\bKestrel(?: [A-Z][\w&-]*)* (?:Systems|Logistics|Freight|Group|Holdings|Ltd|Limited|Inc|Corp|GmbH|plc|LLC)\b/g,
    ),
  ]
    .map((m) => m[0])
    .filter((name) => !name.startsWith(COMPANY.name) && name !== "Kestrel Freight");
}

/**
 * Domains that look like the company's (a registrable domain containing "kestrel") but are not
 * among `allowed` or below one of them. A bucket named kestrel-… at amazonaws.com is the
 * company's resource on someone else's domain and does not count.
 */
function foreignKestrelDomains(text: string, allowed: string[]): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|uk|internal|local|lan|corp)\b/gi)) {
    const d = m[0].toLowerCase();
    const registrable = d
      .split(".")
      .slice(/\.co\.uk$/.test(d) ? -3 : -2)
      .join(".");
    if (registrable.includes("kestrel") && !allowed.some((a) => d === a || d.endsWith(`.${a}`))) out.push(d);
  }
  return out;
}

describe("one company: the same name and domains everywhere", () => {
  const texts = { "Scenario 1": [...strings(scenario1)], "Scenario 2": [...strings(scenario2)] };

  it("names the company in both scenarios' descriptions and instructions", () => {
    for (const s of [scenario1, scenario2]) {
      expect(s.description, s.id).toContain(COMPANY.name);
      expect(s.llm_tasks.general, s.id).toContain(COMPANY.name);
    }
  });

  it("never calls the company anything else", () => {
    const problems = new Set<string>();
    for (const [label, all] of Object.entries(texts)) {
      for (const text of all) for (const name of otherCompanyNames(text)) problems.add(`${label}: "${name}"`);
    }
    expect([...problems].sort()).toEqual([]);
  });

  it("uses only the company's own domains, or attackers' lookalikes that a case names", () => {
    const iocDomains = [...scenario1.llm_tasks.specifics, ...scenario2.llm_tasks.tasks].flatMap((t) => t.iocs.domains);
    // Microsoft 365 names a tenant's MX host after its domain with the dots replaced.
    const m365 = `${COMPANY.emailDomain.replace(/\./g, "-")}.mail.protection.outlook.com`;
    const allowed = [COMPANY.domain, COMPANY.emailDomain, m365, ...iocDomains];
    const problems = new Set<string>();
    for (const [label, all] of Object.entries(texts)) {
      for (const text of all) for (const d of foreignKestrelDomains(text, allowed)) problems.add(`${label}: ${d}`);
    }
    expect([...problems].sort()).toEqual([]);
  });
});

/** The matchers above must be able to say no: each is shown a contradiction it has to catch. */
describe("the consistency rules catch what they look for", () => {
  it("tells OS releases apart and equates notations of the same one", () => {
    expect(osKey("Debian 12 (Postfix 3.7)")).toBe(osKey("Debian GNU/Linux 12 (bookworm)"));
    expect(osKey("Ubuntu 22.04.4 LTS (Jenkins 2.440.3 LTS)")).toBe(osKey("Ubuntu 22.04.4 LTS"));
    expect(osKey("Ubuntu 22.04.4 LTS (rsync 3.2.7 daemon)")).not.toBe(osKey("Debian GNU/Linux 12 (bookworm)"));
    expect(osKey("Rocky Linux 9.4 (Blue Onyx)")).not.toBe(osKey("Rocky Linux 9.3 (Blue Onyx)"));
  });

  it("reads software versions and compares releases", () => {
    expect(softwareVersions("Gitea 1.21.7 at https://git-01.kestrel.internal; Nexus Repository 3.68 on :8081")).toEqual(
      [
        { product: "gitea", version: "1.21.7" },
        { product: "repository", version: "3.68" },
      ],
    );
    expect(softwareVersions("pool 10.0.10.150-10.0.10.169")).toEqual([]);
    expect(sameRelease("1.21", "1.21.7")).toBe(true);
    expect(sameRelease("2.440.3", "2.426.1")).toBe(false);
    expect(sameRelease("1.2", "1.21")).toBe(false);
  });

  it("reads hosts files, zone exports and switch interfaces", () => {
    expect(hostLines("10.0.30.10\tgit-01.kestrel.internal\tgit-01\n")).toEqual([
      { host: "git-01", ip: "10.0.30.10", kind: "hosts" },
    ]);
    expect(hostLines("git-01.kestrel.internal. 3600\tIN\tA\t10.0.30.10\n")).toEqual([
      { host: "git-01", ip: "10.0.30.10", kind: "zone" },
    ]);
    expect(interfaceAddresses("interface Vlan10\n description DMZ\n ip address 10.0.10.1 255.255.255.0\n!\n")).toEqual([
      { iface: "Vlan10", ip: "10.0.10.1" },
    ]);
    expect(componentHost("Git Server (Gitea 1.21, git-01)")).toBe("git-01");
    expect(componentAddresses("198.51.100.6 (WAN, 198.51.100.4/30 to ISP 198.51.100.5); 10.0.10.254 (inside)")).toEqual(
      ["198.51.100.6", "10.0.10.254"],
    );
  });

  it("flags another company name and a lookalike domain nobody named", () => {
    expect(otherCompanyNames("Invoice from Kestrel Logistics Ltd")).toEqual(["Kestrel Logistics Ltd"]);
    expect(otherCompanyNames("Kestrel Freight Systems Ltd, Kestrel Freight and Kestrel SSO")).toEqual([]);
    const allowed = [COMPANY.domain, COMPANY.emailDomain];
    expect(foreignKestrelDomains("mail from ops@kestrel-freight.net", allowed)).toEqual(["kestrel-freight.net"]);
    expect(foreignKestrelDomains("ci-01.kestrel.internal, a@kestrelfreight.com", allowed)).toEqual([]);
    expect(foreignKestrelDomains("kestrel-config-prod.s3.eu-central-1.amazonaws.com", allowed)).toEqual([]);
  });
});
