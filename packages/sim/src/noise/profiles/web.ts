import type { Random } from "../../random";
import { clfTime } from "../log-time";
import type { ProfileInput } from "../context";
import { type Emit, MINUTE, type Periodic, type Source, SECOND, weighted } from "./engine";
import {
  CRAWLERS,
  MONITORS,
  PROBE_PATHS,
  SCANNERS,
  botAddress,
  client,
  population,
  probePath,
  staffAgents,
} from "./internet";

/**
 * Web server access logs (nginx, Apache, an application's own) of one application: its staff or
 * users on the inside, and on the outside whatever the `external` share lets in: customers,
 * search crawlers, uptime monitors and the internet's scanners probing for other products' bugs.
 */

/** One request as the access log prints it. */
export interface Hit {
  /** Milliseconds after the visit's start. */
  dt: number;
  method: string;
  path: string;
  status: number;
  bytes: number;
  /** The page the request came from; "-" (nginx) or "" (Gitea) when none. */
  referer?: string;
  /** Authenticated user, when the server knows one (HTTP basic auth, Gitea's session user). */
  user?: string;
  /** HTTP/1.1 unless the client speaks HTTP/2 to an h2 listener. */
  proto?: string;
  /** Overrides the visitor's user agent (an asset fetched by a different client). */
  agent?: string;
}

/** Who is visiting, as the app sees them. */
export interface Visitor {
  ip: string;
  agent: string;
  /** Speaks HTTP/2 (browsers on TLS listeners). */
  h2: boolean;
}

/** One application's traffic. Each function returns one visit's requests. */
export interface WebApp {
  /** https://host of the app, for referers. */
  origin: string;
  /** Whether the listener is TLS with HTTP/2 (browsers then log HTTP/2.0). */
  h2: boolean;
  /** Gitea prints an empty referer as ""; nginx and Apache print "-". */
  emptyReferer?: string;
  /** A member of staff (or a service) using the app from inside. */
  staff: (rng: Random, input: ProfileInput, visitor: Visitor) => Hit[];
  /** Someone on the internet using the app as intended (a customer, remote staff). */
  visitor?: (rng: Random, input: ProfileInput, visitor: Visitor) => Hit[];
  /** Who those outside users are (default: the internet's population of the file). */
  visitors?: (rng: Random, input: ProfileInput) => { ip: string; agent: string }[];
  /** Extra sources of the app (mail tracking pixels, webhooks, CI clients). */
  sources?: (input: ProfileInput, line: (visitor: Visitor, ms: number, hit: Hit) => string) => Source[];
  /** What a crawler may fetch, and how the app answers. */
  crawl: (rng: Random) => Hit[];
  /** The app's health page, as monitors poll it. */
  health: { path: string; status: number; bytes: [number, number] };
  /** How the app answers for "/" (a scanner's first request). */
  root: (rng: Random) => { status: number; bytes: number };
  /** How the app answers a probe for a path it does not serve. */
  notFound: (rng: Random, path: string) => { status: number; bytes: number };
  /** Paths that exist on this server: scanners here are never shown fetching them. */
  serves?: (path: string) => boolean;
}

/** NCSA combined format with user, protocol and referer: nginx's and Apache's default. */
export function combinedLine(app: WebApp, v: Visitor, ms: number, h: Hit): string {
  const proto = h.proto ?? (app.h2 && v.h2 ? "HTTP/2.0" : "HTTP/1.1");
  const referer = h.referer ?? app.emptyReferer ?? "-";
  return `${v.ip} - ${h.user ?? "-"} [${clfTime(ms)}] "${h.method} ${h.path} ${proto}" ${h.status} ${h.bytes} "${referer}" "${h.agent ?? v.agent}"`;
}

/**
 * Shares of lines by kind of visitor, outside ones scaled by `external`, turned into shares of
 * events by the lines an event of each kind prints, about.
 */
const LINES_PER = { session: 80, crawl: 2.5, scan: 8 };
const OUTSIDE = { visitor: 0.3, crawler: 0.15, scanner: 0.12 };

/** The sources and schedules of a web log for `app`. */
export function webPlan(
  app: WebApp,
  input: ProfileInput,
  defaultExternal: number,
): { sources: Source[]; periodic: Periodic[] } {
  const external = input.options.external ?? defaultExternal;
  const emitVisit = (v: Visitor, ms: number, hits: Hit[], emit: Emit) => {
    for (const h of hits) emit(ms + h.dt, combinedLine(app, v, ms + h.dt, h));
  };
  const sources: Source[] = [];
  if (external < 1)
    sources.push({
      weight: (1 - external) / LINES_PER.session,
      rhythm: "office",
      event: (rng, ms, emit) => {
        const ip = client(rng, input.ctx);
        const v = { ip, agent: staffAgents(rng, input.ctx).get(ip) ?? "curl/7.81.0", h2: true };
        emitVisit(v, ms, app.staff(rng, input, v), emit);
      },
    });
  for (const s of app.sources?.(input, (v, ms, h) => combinedLine(app, v, ms, h)) ?? []) sources.push(s);
  if (external > 0) {
    const visitorApp = app.visitor;
    if (visitorApp)
      sources.push({
        weight: (OUTSIDE.visitor * external) / LINES_PER.session,
        rhythm: "consumer",
        event: (rng, ms, emit) => {
          const person = rng.pick(app.visitors?.(rng, input) ?? population(rng, input.ctx));
          const v = { ip: person.ip, agent: person.agent, h2: true };
          emitVisit(v, ms, visitorApp(rng, input, v), emit);
        },
      });
    sources.push({
      weight: (OUTSIDE.crawler * external) / LINES_PER.crawl,
      rhythm: "flat",
      event: (rng, ms, emit) => {
        const bot = weighted(rng, CRAWLERS);
        const v = { ip: botAddress(rng, bot), agent: bot.agent, h2: false };
        emitVisit(v, ms, app.crawl(rng), emit);
      },
    });
    sources.push({
      weight: (OUTSIDE.scanner * external) / LINES_PER.scan,
      rhythm: "flat",
      event: (rng, ms, emit) => {
        const [v, hits] = scan(rng, app);
        emitVisit(v, ms, hits, emit);
      },
    });
  }
  const periodic: Periodic[] = [];
  if (external > 0) {
    // One or two outside monitors poll the health page from their fixed addresses.
    for (const [i, bot] of MONITORS.slice(0, 2).entries()) {
      periodic.push({
        everyMs: (i === 0 ? 5 : 15) * MINUTE,
        offsetMs: (37 + i * 101) * SECOND,
        jitterMs: 4 * SECOND,
        lines: 1,
        event: (rng, ms, emit) => {
          const v = {
            ip: botAddress(rng, { ...bot, prefixes: bot.prefixes.slice(0, 1) }),
            agent: bot.agent,
            h2: false,
          };
          const bytes = rng.int(...app.health.bytes);
          emit(
            ms,
            combinedLine(app, v, ms, {
              dt: 0,
              method: i === 0 ? "HEAD" : "GET",
              path: app.health.path,
              status: app.health.status,
              bytes,
            }),
          );
        },
      });
    }
  }
  return { sources, periodic };
}

/** A scanner's run: a burst of probes seconds apart, from one address. */
function scan(rng: Random, app: WebApp): [Visitor, Hit[]] {
  const bot = weighted(rng, SCANNERS);
  const v = { ip: botAddress(rng, bot), agent: bot.agent, h2: false };
  const paths = PROBE_PATHS.filter((p) => !app.serves?.(p));
  const n = rng.chance(0.5) ? rng.int(1, 3) : rng.int(4, 24);
  const hits: Hit[] = [];
  let dt = 0;
  hits.push({ dt, method: "GET", path: "/", ...app.root(rng) });
  for (let i = 0; i < n; i++) {
    dt += rng.int(80, rng.chance(0.3) ? 30 * SECOND : 2500);
    const path = probePath(rng, paths);
    const answer = app.notFound(rng, path);
    hits.push({ dt, method: rng.chance(0.06) ? "POST" : "GET", path, ...answer });
  }
  return [v, hits];
}
