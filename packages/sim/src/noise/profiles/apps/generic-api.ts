import type { Random } from "../../../random";
import type { ProfileInput } from "../../context";
import { MINUTE, SECOND, type Source } from "../engine";
import { internetAddress, population } from "../internet";
import type { Hit, WebApp } from "../web";

/**
 * A public web front end with an API behind it (the shipment-tracking portal and rate widget, the
 * drivers' mobile app, carriers' webhooks, partners' integrations), and a plain static website
 * (static-site: the same pages without the API).
 */

const STATIC = [
  ["/static/js/main.5e1b7c.js", 184_220],
  ["/static/js/vendor.8a21d0.js", 611_402],
  ["/static/js/rate-widget.3f9c1e.js", 211_873],
  ["/static/css/app.91d4e2.css", 48_913],
  ["/static/img/logo.svg", 6_204],
  ["/static/fonts/inter-var.woff2", 98_820],
  ["/favicon.ico", 15_086],
] as const;
const PAGES = ["/", "/track", "/quote", "/services", "/about", "/contact", "/careers", "/news", "/locations"];
const CARRIERS: { name: string; agent: string; prefix: string }[] = [
  { name: "dhl", agent: "DHL-Webhook/2.1", prefix: "165.72.200." },
  { name: "dpd", agent: "Apache-HttpClient/4.5.13 (Java/11.0.19)", prefix: "91.198.46." },
  { name: "ups", agent: "UPS-Track-Alert/1.0", prefix: "153.2.224." },
  { name: "gls", agent: "axios/1.6.7", prefix: "62.96.134." },
];
const PARTNERS = [
  "python-requests/2.31.0",
  "Go-http-client/2.0",
  "Microsoft.Data.Mashup (https://go.microsoft.com/fwlink/?LinkID=304225)",
  "PostmanRuntime/7.36.3",
];

function reference(rng: Random): string {
  return `KFS${rng.int(2_400_000, 2_499_999)}`;
}

/** A page and the assets the browser asks for (revalidated when it has them). */
function page(rng: Random, dt: number, path: string, referer: string, fresh: boolean, origin: string): Hit[] {
  const hits: Hit[] = [{ dt, method: "GET", path, status: 200, bytes: rng.int(6_000, 21_000), referer }];
  let t = dt + rng.int(60, 400);
  for (const [asset, size] of STATIC) {
    if (asset.includes("rate-widget") && path !== "/quote") continue;
    if (!fresh && rng.chance(0.7)) continue;
    const cached = !fresh || rng.chance(0.2);
    hits.push({
      dt: t,
      method: "GET",
      path: asset,
      status: cached ? 304 : 200,
      bytes: cached ? 0 : size,
      referer: `${origin}${path}`,
    });
    t += rng.int(5, 80);
  }
  // Someone with the developer tools open fetches the source maps too.
  if (fresh && rng.chance(0.015))
    for (const map of ["/static/js/main.5e1b7c.js.map", "/static/js/vendor.8a21d0.js.map"])
      hits.push({
        dt: (t += rng.int(200, 3_000)),
        method: "GET",
        path: map,
        status: 200,
        bytes: rng.int(400_000, 1_400_000),
        referer: "-",
      });
  return hits;
}

export function genericApi(_fileRng: Random, input: ProfileInput, api = true): WebApp {
  const origin = "https://www.kestrelfreight.com";
  const visit = (rng: Random): Hit[] => {
    const hits: Hit[] = [];
    let t = 0;
    let referer = rng.pick(["-", "-", "https://www.google.com/", "https://www.bing.com/", "https://www.linkedin.com/"]);
    const pages = rng.int(1, 6);
    for (let i = 0; i < pages; i++) {
      const path =
        i === 0 && api && rng.chance(0.5) ? rng.pick(["/track", `/track?ref=${reference(rng)}`]) : rng.pick(PAGES);
      hits.push(...page(rng, t, path, referer, i === 0, origin));
      if (api && path.startsWith("/track")) {
        // The tracking page asks the API, then refreshes it while it stays open.
        const id = reference(rng);
        const polls = rng.int(1, 6);
        for (let k = 0, at = t + rng.int(2, 30) * SECOND; k < polls; k++, at += rng.int(1, 3) * MINUTE)
          hits.push({
            dt: at,
            method: "GET",
            path: `/api/v1/track/${id}`,
            status: rng.chance(0.9) ? 200 : 404,
            bytes: rng.int(400, 3_800),
            referer: `${origin}/track`,
          });
      }
      if (api && path === "/quote" && rng.chance(0.4))
        hits.push({
          dt: t + rng.int(20, 200) * SECOND,
          method: "POST",
          path: "/api/v1/quotes",
          status: rng.chance(0.95) ? 200 : 422,
          bytes: rng.int(300, 1_600),
          referer: `${origin}/quote`,
        });
      referer = `${origin}${path}`;
      t += rng.int(5, 120) * SECOND;
    }
    return hits;
  };

  const sources = (
    _input: ProfileInput,
    line: (v: { ip: string; agent: string; h2: boolean }, ms: number, h: Hit) => string,
  ): Source[] => {
    if (!api) return [];
    const external = input.options.external ?? 0.9;
    const driver: Source = {
      weight: (0.3 * external) / 8,
      rhythm: "office",
      event: (rng, ms, emit) => {
        // A driver's phone on a mobile network: its jobs, location pings, delivery events.
        const v = { ip: internetAddress(rng, 0.12), agent: "okhttp/4.12.0", h2: false };
        const hits: Hit[] = [{ dt: 0, method: "GET", path: "/v1/drivers/me", status: 200, bytes: rng.int(600, 900) }];
        hits.push({
          dt: rng.int(300, 2_000),
          method: "GET",
          path: "/v1/jobs?status=assigned",
          status: 200,
          bytes: rng.int(1_200, 9_000),
        });
        let t = 0;
        const pings = rng.int(1, 8);
        for (let k = 0; k < pings; k++) {
          t += rng.int(1, 6) * MINUTE;
          hits.push({ dt: t, method: "POST", path: "/v1/drivers/location", status: 204, bytes: 0 });
          if (rng.chance(0.35))
            hits.push({
              dt: t + rng.int(2, 40) * SECOND,
              method: "POST",
              path: `/v1/jobs/J-${rng.int(480_000, 499_999)}/events`,
              status: 201,
              bytes: rng.int(60, 140),
            });
        }
        if (rng.chance(0.01))
          hits.push({ dt: 0, method: "POST", path: "/v1/drivers/register", status: 201, bytes: 27 });
        for (const h of hits) emit(ms + h.dt, line(v, ms + h.dt, h));
      },
    };
    const carrier: Source = {
      weight: (0.1 * external) / 2.5,
      rhythm: "flat",
      event: (rng, ms, emit) => {
        const c = rng.pick(CARRIERS);
        const v = { ip: `${c.prefix}${rng.int(2, 250)}`, agent: c.agent, h2: false };
        const events = rng.int(1, 4);
        for (let k = 0, at = ms; k < events; k++, at += rng.int(1, 20) * SECOND)
          emit(
            at,
            line(v, at, {
              dt: 0,
              method: "POST",
              path: `/v1/webhooks/carriers/${c.name}`,
              status: rng.chance(0.97) ? 202 : 400,
              bytes: rng.int(2, 40),
            }),
          );
      },
    };
    const partner: Source = {
      weight: (0.03 * external) / 2.5,
      rhythm: "flat",
      event: (rng, ms, emit) => {
        // A customer's integration pulling shipment updates with its API key.
        const who = population(rng, input.ctx)[rng.int(0, 19)]!;
        const v = { ip: who.ip, agent: PARTNERS[rng.int(0, 19) % PARTNERS.length]!, h2: false };
        let at = ms;
        const pages = rng.int(1, 4);
        for (let p = 1; p <= pages; p++, at += rng.int(300, 2_500))
          emit(
            at,
            line(v, at, {
              dt: 0,
              method: "GET",
              path: `/api/v1/shipments?updated_since=${new Date(ms - 15 * MINUTE).toISOString().slice(0, 19)}Z&page=${p}`,
              status: 200,
              bytes: rng.int(2_000, 60_000),
            }),
          );
      },
    };
    return [driver, carrier, partner];
  };

  return {
    origin,
    h2: true,
    // Inside staff use the same public pages (the office browses its own website).
    staff: (rng) => visit(rng),
    visitor: (rng) => visit(rng),
    sources,
    crawl: (rng) => {
      const hits: Hit[] = [{ dt: 0, method: "GET", path: "/robots.txt", status: 200, bytes: 67 }];
      if (rng.chance(0.3))
        hits.push({
          dt: rng.int(1, 5) * SECOND,
          method: "GET",
          path: "/sitemap.xml",
          status: 200,
          bytes: rng.int(2_100, 2_300),
        });
      const pages = rng.int(1, 6);
      for (let i = 0, t = 5 * SECOND; i < pages; i++, t += rng.int(2, 60) * SECOND)
        hits.push({ dt: t, method: "GET", path: rng.pick(PAGES), status: 200, bytes: rng.int(6_000, 21_000) });
      return hits;
    },
    health: { path: "/healthz", status: 200, bytes: [2, 2] },
    root: (rng) => ({ status: 200, bytes: rng.int(14_000, 16_000) }),
    notFound: (rng, path) =>
      path.endsWith(".php") && rng.chance(0.5) ? { status: 404, bytes: 146 } : { status: 404, bytes: 153 },
    serves: (path) => path === "/robots.txt" || path === "/favicon.ico" || path === "/sitemap.xml",
  };
}
