import type { Random } from "../../random";
import { perFile, type ProfileInput } from "../context";
import { syslogTime } from "../log-time";
import { type Emit, type Plan, SECOND, type Source } from "./engine";
import { clients, internetAddress } from "./internet";

/**
 * A FortiGate's traffic log forwarded by syslog (profile `fortigate` of the firewall format), key
 * by key as the content's own lines print it: desktops browsing out through the corp policy, the
 * servers of the dev VLAN reaching their few upstreams, the DNS forwarder and NTP, the internet's
 * scans of the WAN address denied by the local-in policy, and visitors reaching the DMZ's reverse
 * proxy. The device is the first of `hosts` (its name, and its WAN address as `ip`).
 */

/** Where desktops go, by provider: address prefixes and the names they serve. */
const DESTINATIONS: { prefixes: string[]; names: string[]; weight: number }[] = [
  {
    prefixes: ["13.107.42.", "13.107.6.", "52.97.146.", "40.99.10.", "52.112.95."],
    names: [
      "outlook.office365.com",
      "teams.microsoft.com",
      "login.microsoftonline.com",
      "graph.microsoft.com",
      "kestrelfreight-my.sharepoint.com",
    ],
    weight: 8,
  },
  {
    prefixes: ["142.250.180.", "142.250.187.", "172.217.16.", "216.58.212."],
    names: [
      "www.google.com",
      "fonts.gstatic.com",
      "www.gstatic.com",
      "accounts.google.com",
      "safebrowsing.googleapis.com",
    ],
    weight: 6,
  },
  {
    prefixes: ["104.16.", "104.18.", "172.64.", "104.21."],
    names: ["cdnjs.cloudflare.com", "www.npmjs.com", "discord.com", "registry.npmjs.org"],
    weight: 4,
  },
  {
    prefixes: ["140.82.121.", "185.199.108.", "185.199.110."],
    names: ["github.com", "api.github.com", "objects.githubusercontent.com"],
    weight: 3,
  },
  {
    prefixes: ["3.120.", "52.28.", "18.156.", "35.156."],
    names: ["app.slack.com", "edgeapi.slack.com", "wss-primary.slack.com", "api.freightos-partners.com"],
    weight: 4,
  },
  {
    prefixes: ["23.54.", "2.16.", "95.101."],
    names: ["www.bbc.co.uk", "www.apple.com", "download.microsoft.com"],
    weight: 3,
  },
  {
    prefixes: ["151.101.1.", "151.101.65."],
    names: ["stackoverflow.com", "developer.mozilla.org", "www.reddit.com"],
    weight: 2,
  },
];
const UPSTREAMS: Record<"ci" | "registry" | "server", { prefixes: string[]; names: string[] }> = {
  ci: { prefixes: ["52.202.51.", "34.231.147."], names: ["updates.jenkins.io", "get.jenkins.io"] },
  registry: {
    prefixes: ["104.16.0.", "104.16.3.", "151.101.128.", "151.101.0.", "54.227.20.", "104.18.121."],
    names: [
      "registry.npmjs.org",
      "repo.maven.apache.org",
      "files.pythonhosted.org",
      "pypi.org",
      "registry-1.docker.io",
      "production.cloudflare.docker.com",
    ],
  },
  server: {
    prefixes: ["185.125.190.", "91.189.91."],
    names: ["archive.ubuntu.com", "security.ubuntu.com", "api.snapcraft.io"],
  },
};
const SCANNED = [
  [23, "TELNET"],
  [22, "SSH"],
  [445, "SMB"],
  [3389, "RDP"],
  [8080, "tcp/8080"],
  [5900, "VNC"],
  [1433, "MS-SQL"],
  [3306, "MYSQL"],
  [6379, "tcp/6379"],
  [8443, "tcp/8443"],
  [502, "tcp/502"],
  [5060, "SIP"],
] as const;

const device = perFile("fortigate:device", (r) => ({ sessionBase: r.int(40_000_000, 90_000_000) }));

export function fortigatePlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const fw = options.hosts?.[0] ?? { name: "edge-fw01", ip: "198.51.100.6" };
  const named = new Map((options.hosts ?? []).slice(1).map((h) => [h.ip, h.name]));
  const all = clients(rng, ctx);
  const kindOf = (ip: string) => {
    const name = named.get(ip) ?? "";
    if (/^ci|jenkins/.test(name)) return "ci" as const;
    if (/artifact|nexus/.test(name)) return "registry" as const;
    return ip.startsWith("10.0.20.") ? ("desktop" as const) : ("server" as const);
  };
  const desktops = all.filter((ip) => kindOf(ip) === "desktop");
  // Dev VLAN egress is allowlisted per host: only the CI server and the artifact repository (and
  // servers outside that VLAN) reach the internet.
  const servers = all.filter(
    (ip) => kindOf(ip) !== "desktop" && (kindOf(ip) !== "server" || !ip.startsWith("10.0.30.")),
  );
  const base = device(rng, ctx).sessionBase;
  const session = (ms: number, r: Random) => base + Math.floor((ms - input.fromMs) / 40) + r.int(0, 39);

  const head = (ms: number, logid: string, subtype: string) => {
    const d = new Date(ms).toISOString();
    return `${syslogTime(ms)} ${fw.name} date=${d.slice(0, 10)} time=${d.slice(11, 19)} devname="${fw.name}" devid="FG100FTK21004312" eventtime=${ms}000000 tz="+0000" logid="${logid}" type="traffic" subtype="${subtype}" level="notice" vd="root"`;
  };
  const vlan = (ip: string) =>
    ip.startsWith("10.0.20.")
      ? "vlan20-corp"
      : ip.startsWith("10.0.30.")
        ? "vlan30-dev"
        : ip.startsWith("10.0.40.")
          ? "vlan40-mgmt"
          : "vlan10-dmz";

  /** An outbound session: its close record (and sometimes its start record first). */
  const outbound = (
    r: Random,
    ms: number,
    emit: Emit,
    src: string,
    dst: string,
    port: number,
    hostname: string | null,
  ) => {
    const corp = src.startsWith("10.0.20.");
    const modern = r.chance(0.5);
    const [policyid, policyname] = corp
      ? modern
        ? [8, "corp-web-out"]
        : [5, "corp-egress-web"]
      : modern
        ? [21, "dev-https-out"]
        : [12, "dev-egress-https"];
    const sport = r.int(32_768, 60_999);
    const sid = session(ms, r);
    const service = port === 443 ? "HTTPS" : port === 80 ? "HTTP" : `tcp/${port}`;
    const common = `srcip=${src} srcport=${sport} srcintf="${vlan(src)}" srcintfrole="lan" dstip=${dst} dstport=${port} dstintf="wan1" dstintfrole="wan" sessionid=${sid} proto=6`;
    const policy = `policyid=${policyid}${modern ? ' policytype="policy"' : ""} policyname="${policyname}" service="${service}" trandisp="snat" transip=${fw.ip} transport=${sport}`;
    if (modern && r.chance(0.15))
      emit(ms, `${head(ms, "0000000015", "forward")} ${common} action="start" ${policy} appcat="unscanned"`);
    const duration = r.chance(0.7) ? r.int(1, 30) : r.int(31, 900);
    const end = ms + duration * SECOND;
    const sent = r.int(400, r.chance(0.9) ? 40_000 : 2_000_000);
    const rcvd = r.int(200, r.chance(0.8) ? 90_000 : 20_000_000);
    const packets = modern
      ? ""
      : ` sentpkt=${Math.max(3, Math.floor(sent / 900))} rcvdpkt=${Math.max(3, Math.floor(rcvd / 1_300))}`;
    const host = modern && hostname ? ` hostname="${hostname}"` : "";
    emit(
      end,
      `${head(end, "0000000013", "forward")} ${common} action="close" ${policy} duration=${duration} sentbyte=${sent} rcvdbyte=${rcvd}${packets}${host} appcat="unscanned"`,
    );
  };
  const pickDestination = (r: Random) => {
    let total = 0;
    for (const d of DESTINATIONS) total += d.weight;
    let x = r.next() * total;
    for (const d of DESTINATIONS) if ((x -= d.weight) < 0) return d;
    return DESTINATIONS[0]!;
  };
  const address = (r: Random, prefix: string) =>
    `${prefix}${prefix.split(".").length === 4 ? "" : `${r.int(0, 255)}.`}${r.int(1, 254)}`;

  const sources: Source[] = [];
  if (desktops.length)
    sources.push({
      weight: 6,
      rhythm: "office",
      event: (r, ms, emit) => {
        const src = r.pick(desktops);
        const d = pickDestination(r);
        const n = r.int(1, 5);
        for (let i = 0, t = ms; i < n; i++, t += r.int(0, 20) * SECOND)
          outbound(r, t, emit, src, address(r, r.pick(d.prefixes)), r.chance(0.93) ? 443 : 80, r.pick(d.names));
      },
    });
  if (servers.length)
    sources.push({
      weight: 2,
      rhythm: "flat",
      event: (r, ms, emit) => {
        const src = r.pick(servers);
        const kind = kindOf(src);
        const up = UPSTREAMS[kind === "desktop" ? "server" : kind];
        const n = kind === "registry" ? r.int(1, 6) : 1;
        for (let i = 0, t = ms; i < n; i++, t += r.int(0, 30) * SECOND)
          outbound(r, t, emit, src, address(r, r.pick(up.prefixes)), 443, r.pick(up.names));
      },
    });
  const dnsServer = options.hosts?.find((h) => /^dc/.test(h.name))?.ip;
  if (dnsServer)
    sources.push({
      weight: 2,
      rhythm: "flat",
      event: (r, ms, emit) => {
        const ntp = r.chance(0.15);
        const dst = ntp ? `185.125.190.${r.pick([56, 57, 58])}` : r.pick(["9.9.9.9", "149.112.112.112"]);
        const sport = r.int(1_024, 65_535);
        const duration = ntp ? 1 : r.int(1, 180);
        const end = ms + duration * SECOND;
        emit(
          end,
          `${head(end, "0000000013", "forward")} srcip=${dnsServer} srcport=${sport} srcintf="${vlan(dnsServer)}" srcintfrole="lan" dstip=${dst} dstport=${ntp ? 123 : 53} dstintf="wan1" dstintfrole="wan" sessionid=${session(ms, r)} proto=17 action="accept" policyid=3 policyname="${ntp ? "ntp-out" : "dns-forwarders"}" service="${ntp ? "NTP" : "DNS"}" trandisp="snat" transip=${fw.ip} transport=${sport} duration=${duration} sentbyte=${r.int(60, 2_400)} rcvdbyte=${r.int(90, 9_000)} sentpkt=${r.int(1, 20)} rcvdpkt=${r.int(1, 20)} appcat="unscanned"`,
        );
      },
    });
  // The internet knocking on the WAN address: denied by the local-in policy.
  sources.push({
    weight: 3 * (options.external ?? 1),
    rhythm: "flat",
    event: (r, ms, emit) => {
      const src = internetAddress(r, 0.3);
      const n = r.chance(0.6) ? 1 : r.int(2, 8);
      for (let i = 0, t = ms; i < n; i++, t += r.int(1, 90) * SECOND) {
        const [port, service] = r.pick(SCANNED);
        emit(
          t,
          `${head(t, "0001000014", "local")} srcip=${src} srcport=${r.int(1_024, 65_535)} srcintf="wan1" srcintfrole="wan" dstip=${fw.ip} dstport=${port} dstintf="root" dstintfrole="undefined" sessionid=${session(t, r)} proto=6 action="deny" policyid=0 policytype="local-in-policy" service="${service}" trandisp="noop" duration=0 sentbyte=0 rcvdbyte=0 sentpkt=0 rcvdpkt=0 appcat="unscanned" crscore=5 craction=262144 crlevel="low"`,
        );
      }
    },
  });
  const proxy = options.hosts?.find((h) => /proxy/.test(h.name));
  if (proxy)
    sources.push({
      weight: 2 * (options.external ?? 1),
      rhythm: "consumer",
      event: (r, ms, emit) => {
        const src = internetAddress(r, 0.15);
        const sport = r.int(1_024, 65_535);
        const duration = r.int(1, 120);
        const end = ms + duration * SECOND;
        emit(
          end,
          `${head(end, "0000000013", "forward")} srcip=${src} srcport=${sport} srcintf="wan1" srcintfrole="wan" dstip=${fw.ip} dstport=443 dstintf="vlan10-dmz" dstintfrole="dmz" sessionid=${session(ms, r)} proto=6 action="close" policyid=30 policyname="wan-to-rproxy-https" service="HTTPS" trandisp="dnat" tranip=${proxy.ip} tranport=443 duration=${duration} sentbyte=${r.int(800, 40_000)} rcvdbyte=${r.int(2_000, 900_000)} sentpkt=${r.int(6, 90)} rcvdpkt=${r.int(6, 700)} appcat="unscanned"`,
        );
      },
    });
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources };
}
