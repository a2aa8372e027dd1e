import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { type Emit, type Plan, SECOND, type Source } from "./engine";
import { clients, internetAddress } from "./internet";

/**
 * BIND 9 query log of the company's resolver (profile `resolver`), as the content's own lines
 * print it (`print-time iso8601-utc; print-category yes; print-severity yes`):
 * "2026-03-18T08:09:09.794Z queries: info: client @0x7f1cff6af628 10.0.20.143#52249 (name): query:
 * name IN A +E(0)K (10.0.20.10)". Desktops look up what people use (Microsoft 365, Google,
 * developer sites, the intranet), servers their updates and peers, the CI and the artifact
 * repository their registries, Windows clients the domain's SRV records; each lookup asks for A
 * and AAAA (browsers HTTPS too). With `external` > 0 the resolver answers the internet, which
 * finds open resolvers quickly: scanners ask for version.bind and amplification-sized answers.
 */

const DESKTOP = [
  "login.microsoftonline.com",
  "outlook.office365.com",
  "teams.microsoft.com",
  "graph.microsoft.com",
  "www.office.com",
  "kestrelfreight-my.sharepoint.com",
  "www.google.com",
  "fonts.googleapis.com",
  "fonts.gstatic.com",
  "www.gstatic.com",
  "accounts.google.com",
  "github.com",
  "api.github.com",
  "objects.githubusercontent.com",
  "stackoverflow.com",
  "developer.mozilla.org",
  "www.npmjs.com",
  "docs.npmjs.com",
  "nodejs.org",
  "update.code.visualstudio.com",
  "marketplace.visualstudio.com",
  "hub.docker.com",
  "slack.com",
  "app.slack.com",
  "edge.microsoft.com",
  "www.bing.com",
  "ocsp.digicert.com",
  "ocsp.sectigo.com",
  "ctldl.windowsupdate.com",
  "settings-win.data.microsoft.com",
  "www.linkedin.com",
  "www.bbc.co.uk",
  "news.ycombinator.com",
  "firefox.settings.services.mozilla.com",
  "incoming.telemetry.mozilla.org",
  "safebrowsing.googleapis.com",
  "track.kestrelfreight.com",
  "hr.kestrelfreight.com",
  "www.kestrelfreight.com",
];
const INTERNAL = [
  "dc01.kestrel.internal",
  "git.kestrel.internal",
  "ci.kestrel.internal",
  "nexus.kestrel.internal",
  "intranet.kestrel.internal",
  "mail-relay-01.kestrel.internal",
  "fs-01.kestrel.internal",
  "wpad.kestrel.internal",
];
const SERVER = [
  "archive.ubuntu.com",
  "security.ubuntu.com",
  "ntp.ubuntu.com",
  "api.snapcraft.io",
  "connectivity-check.ubuntu.com",
  "motd.ubuntu.com",
  "changelogs.ubuntu.com",
  "esm.ubuntu.com",
  "dc01.kestrel.internal",
  "siem-01.kestrel.internal",
  "packages.wazuh.com",
];
const CI = [
  "git.kestrel.internal",
  "nexus.kestrel.internal",
  "updates.jenkins.io",
  "get.jenkins.io",
  "git-01.kestrel.internal",
  "artifacts-01.kestrel.internal",
];
const REGISTRY = [
  "registry.npmjs.org",
  "repo1.maven.org",
  "repo.maven.apache.org",
  "pypi.org",
  "files.pythonhosted.org",
  "registry-1.docker.io",
  "auth.docker.io",
  "production.cloudflare.docker.com",
];
const SRV = [
  "_ldap._tcp.dc._msdcs.kestrel.internal",
  "_kerberos._udp.kestrel.internal",
  "_ldap._tcp.Default-First-Site-Name._sites.dc._msdcs.kestrel.internal",
  "_kerberos._tcp.dc._msdcs.kestrel.internal",
];
/** What open-resolver scanners ask. */
const PROBES: [string, string, string][] = [
  ["version.bind", "CH", "TXT"],
  ["dnsscan.shadowserver.org", "IN", "A"],
  ["isc.org", "IN", "ANY"],
  ["sl", "IN", "ANY"],
  ["peacecorps.gov", "IN", "ANY"],
  ["openresolverproject.org", "IN", "A"],
  ["google.com", "IN", "A"],
  ["researchscan541.eecs.umich.edu", "IN", "A"],
];

export function resolverPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const named = new Map((options.hosts ?? []).map((h) => [h.ip, h.name]));
  const all = clients(rng, ctx);
  const kindOf = (ip: string): "desktop" | "server" | "ci" | "registry" => {
    const name = named.get(ip) ?? "";
    if (/^ci|jenkins/.test(name)) return "ci";
    if (/artifact|nexus/.test(name)) return "registry";
    if (name && !/ws-|desktop|laptop|pc/.test(name)) return "server";
    return ip.startsWith("10.0.20.") || ip.startsWith("10.0.10.1") ? "desktop" : "server";
  };
  const desktops = all.filter((ip) => kindOf(ip) === "desktop");
  const machines = all.filter((ip) => kindOf(ip) !== "desktop");

  // named's client objects: heap addresses, 8-byte aligned, often from one arena.
  const handle = (r: Random) =>
    r.chance(0.5) ? `0x7f1c${r.hex(6)}${r.pick(["2", "6", "a", "e"])}8` : `0x7f${r.hex(9)}${r.pick(["0", "8"])}`;
  const query = (
    r: Random,
    ms: number,
    emit: Emit,
    client: string,
    name: string,
    type: string,
    klass = "IN",
    flags = r.chance(0.85) ? "+E(0)K" : "+E(0)",
  ) =>
    emit(
      ms,
      `${new Date(ms).toISOString()} queries: info: client @${handle(r)} ${client}#${r.int(1_024, 65_535)} (${name}): query: ${name} ${klass} ${type} ${flags} (${ctx.ip})`,
    );
  /** A lookup as a stub resolver makes it: A and AAAA together, HTTPS from browsers. */
  const lookup = (r: Random, ms: number, emit: Emit, client: string, name: string, browser: boolean) => {
    query(r, ms, emit, client, name, "A");
    if (r.chance(0.8)) query(r, ms + r.int(0, 3), emit, client, name, "AAAA");
    if (browser && r.chance(0.5)) query(r, ms + r.int(0, 5), emit, client, name, "HTTPS");
  };

  const sources: Source[] = [];
  if (desktops.length)
    sources.push({
      weight: 5,
      rhythm: "office",
      event: (r, ms, emit) => {
        const client = r.pick(desktops);
        let t = ms;
        const n = r.int(1, 6);
        for (let i = 0; i < n; i++) {
          const x = r.next();
          if (x < 0.12) query(r, t, emit, client, r.pick(SRV), "SRV");
          else lookup(r, t, emit, client, x < 0.3 ? r.pick(INTERNAL) : r.pick(DESKTOP), x >= 0.3);
          t += r.int(0, 40) * SECOND + r.int(0, 999);
        }
      },
    });
  if (machines.length)
    sources.push({
      weight: 3,
      rhythm: "flat",
      event: (r, ms, emit) => {
        const client = r.pick(machines);
        const kind = kindOf(client);
        const names = kind === "ci" ? CI : kind === "registry" ? REGISTRY : SERVER;
        const n = kind === "server" ? r.int(1, 2) : r.int(1, 5);
        for (let i = 0, t = ms; i < n; i++, t += r.int(50, 4_000)) lookup(r, t, emit, client, r.pick(names), false);
        // sshd and nginx resolve their clients' addresses.
        if (r.chance(0.1)) {
          const peer = r.pick(all).split(".").reverse().join(".");
          query(r, ms + 5, emit, client, `${peer}.in-addr.arpa`, "PTR");
        }
      },
    });
  const external = options.external ?? 0;
  if (external > 0)
    sources.push({
      weight: (8 * external) / Math.max(0.01, 1 - external),
      rhythm: "flat",
      event: (r, ms, emit) => {
        const from = internetAddress(r, 0.3);
        const [name, klass, type] = r.pick(PROBES);
        query(r, ms, emit, from, name, type, klass, r.pick(["-E(0)", "+", "-ED", "+E(0)"]));
        if (r.chance(0.3)) query(r, ms + r.int(100, 9_000), emit, from, r.pick(PROBES)[0], "A", "IN", "+");
      },
    });
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources };
}
