import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { isoSecondsTime } from "../log-time";
import { type Emit, HOUR, type Plan, type Source } from "./engine";
import { clients, DOCUMENTATION_POOL, internetAddress } from "./internet";

/**
 * The alert queue of the company's correlator (kestrel-correlator, profile `kestrel`): the rules
 * that fire every day on ordinary activity, each with the fields its real alerts carry, in the
 * order they print them. Almost all were reviewed and closed as benign; the last days are not all
 * triaged yet, as in any queue. The machines alerts name are `hosts` (servers, by name)
 * and `peers` (workstations, by address); the people are `users`.
 */

const NEW_DOMAINS = [
  "assets.kfs-marketing-events.com",
  "status.maersk-line-tracking.com",
  "cdn.segment-eu.io",
  "status.atlassian.com",
  "fonts.gstatic.com",
  "telemetry.jetbrains.com",
  "app.hubspot-eu1.com",
  "api.freightos-partners.com",
  "static.zdassets.com",
  "eu.posthog.com",
  "widget.trustpilot.com",
  "cdn.cookielaw.org",
  "js.stripe.com",
  "sentry.kestrel-analytics.io",
  "assets.msn.com",
  "edge.fullstory.com",
];
const COMPONENTS = [
  "@types/node@22.13.7",
  "@types/react@18.3.19",
  "eslint@9.29.0",
  "typescript-eslint@8.35.1",
  "vite@6.3.5",
  "aws-sdk@2.1692.0",
  "@aws-sdk/client-s3@3.826.0",
  "caniuse-lite@1.0.30001723",
  "electron-to-chromium@1.5.167",
  "undici-types@6.21.1",
  "prettier@3.5.4",
  "vitest@3.2.3",
];
const UPSTREAMS: [string, string][] = [
  ["repo.maven.apache.org", "Maven Central"],
  ["registry.npmjs.org", "npm registry"],
  ["files.pythonhosted.org", "PyPI"],
];
const PORTS = [22, 23, 445, 3389, 5900, 8443, 8080, 1433, 3306, 6379, 9200, 5432, 11211, 2375, 502];

export function alertsPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const servers = options.hosts ?? [{ name: ctx.hostname, ip: ctx.ip }];
  const edge = servers.find((h) => /fw|edge/.test(h.name)) ?? { name: "edge-fw01", ip: "198.51.100.6" };
  const jump = servers.find((h) => /jump/.test(h.name)) ?? servers[0]!;
  const nexus = servers.find((h) => /artifact|nexus/.test(h.name));
  const workstations = () => clients(rng, ctx);
  const users = ctx.users.length ? ctx.users : ["admin"];
  /** Chance an alert is still untriaged: most of the last day and a half, fewer the older. */
  const untriaged = (ms: number) => {
    const age = input.toMs - ms;
    return age < 36 * HOUR ? 0.65 : age < 96 * HOUR ? 0.3 : age < 168 * HOUR ? 0.08 : 0.02;
  };

  /** An alert's id: KFS-yymmdd-XXXX, the suffix four hex capitals. */
  const id = (r: Random, ms: number) => {
    const d = isoSecondsTime(ms);
    return `KFS-${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}-${r.hex(4).toUpperCase()}`;
  };
  /** Triage: closed with the rule's usual disposition, or not yet looked at. */
  const triage = (r: Random, ms: number, disposition: string) =>
    r.chance(untriaged(ms)) ? { status: "new" } : { status: "closed", disposition };
  const alert = (
    r: Random,
    ms: number,
    emit: Emit,
    rule: string,
    name: string,
    severity: string,
    body: object,
    disposition: string,
  ) =>
    emit(
      ms,
      JSON.stringify({
        "@timestamp": isoSecondsTime(ms),
        alert_id: id(r, ms),
        rule_id: rule,
        rule: name,
        severity,
        ...body,
        ...triage(r, ms, disposition),
      }),
    );
  const workstationHost = (r: Random) => r.pick(workstations());

  const sources: Source[] = [
    {
      weight: 9,
      rhythm: "flat",
      event: (r, ms, emit) =>
        alert(
          r,
          ms,
          emit,
          "KFS-FW-010",
          "Inbound scan blocked at edge",
          "low",
          {
            host: edge.name,
            src_ip: internetAddress(r, 0.3),
            dst_ip: edge.ip,
            dst_port: r.pick(PORTS),
            count: r.int(40, 2_400),
            source: `${edge.name}:syslog`,
          },
          "benign",
        ),
    },
    {
      weight: 3,
      rhythm: "office",
      event: (r, ms, emit) => {
        const ip = workstationHost(r);
        alert(
          r,
          ms,
          emit,
          "KFS-DNS-004",
          "DNS query to newly observed domain",
          "low",
          {
            host: ip,
            src_ip: ip,
            dst: r.pick(NEW_DOMAINS),
            source: "dc01:/var/log/named/queries.log",
          },
          "benign: SaaS vendor",
        );
      },
    },
    {
      weight: 1.5,
      rhythm: "office",
      event: (r, ms, emit) => {
        const ip = workstationHost(r);
        alert(
          r,
          ms,
          emit,
          "KFS-DNS-007",
          "High-entropy DNS labels",
          "medium",
          {
            host: ip,
            src_ip: ip,
            dst: r.chance(0.7)
              ? `d${r.hex(13)}.cloudfront.net`
              : `${r.hex(20)}.${r.pick(["s3.eu-central-1.amazonaws.com", "blob.core.windows.net", "r2.cloudflarestorage.com"])}`,
            count: r.int(2, 9),
            source: "dc01:/var/log/named/queries.log",
          },
          "benign: CDN hostname",
        );
      },
    },
    {
      weight: 2,
      rhythm: "office",
      event: (r, ms, emit) =>
        alert(
          r,
          ms,
          emit,
          "KFS-AUTH-002",
          "Repeated SSH authentication failures",
          "low",
          {
            host: jump.name,
            user: r.pick(users),
            src_ip: workstationHost(r),
            count: r.int(3, 6),
            source: `${jump.name}:/var/log/auth.log`,
          },
          r.pick(["benign: MFA prompt timeout", "benign: MFA prompt timeout", "benign: mistyped password"]),
        ),
    },
    {
      weight: 1.2,
      rhythm: "flat",
      event: (r, ms, emit) => {
        // Outside office hours only: evenings, nights and weekends.
        const d = new Date(ms);
        const hour = d.getUTCHours();
        if (hour >= 7 && hour < 19 && d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return;
        alert(
          r,
          ms,
          emit,
          "KFS-AUTH-005",
          "Interactive admin login outside business hours",
          "medium",
          {
            host: r.pick(servers).name,
            user: r.pick(users),
            src_ip: jump.ip,
            source: "remote auth.log",
          },
          r.pick(["expected: change window", "expected: change window", "expected: on-call"]),
        );
      },
    },
  ];
  if (nexus)
    sources.push(
      {
        weight: 1.5,
        rhythm: "office",
        event: (r, ms, emit) =>
          alert(
            r,
            ms,
            emit,
            "KFS-NEXUS-003",
            "Proxy served a component first published less than 72h ago",
            "low",
            {
              host: nexus.name,
              component: r.pick(COMPONENTS),
              repository: "npmjs-proxy",
              src_ip: workstationHost(r),
              source: `${nexus.name}:request.log`,
            },
            "benign: upstream maintainer release",
          ),
      },
      {
        weight: 0.12,
        rhythm: "flat",
        event: (r, ms, emit) => {
          const [sni, upstream] = r.pick(UPSTREAMS);
          alert(
            r,
            ms,
            emit,
            "KFS-NET-011",
            "Dev VLAN egress to non-allowlisted destination",
            "high",
            {
              host: nexus.name,
              src_ip: nexus.ip,
              dst_ip: r.pick(DOCUMENTATION_POOL),
              dst_port: 443,
              sni,
              bytes_out: r.int(1_800, 4_000),
              source: `${edge.name}:syslog`,
            },
            `benign: ${upstream} CDN address rotated, allowlist updated`,
          );
        },
      },
    );
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources };
}
