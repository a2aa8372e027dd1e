import Fastify, { type FastifyInstance } from "fastify";
import { createLogStore } from "./log-store";
import {
  logHref,
  renderLog,
  renderLogList,
  renderNotFound,
  renderUnreadableLog,
  type PageContext,
  type Theme,
} from "./pages";
import { htmlPathScrubber, logsLabel } from "./shown-paths";
import { STYLES } from "./styles";

/**
 * The built-in log viewer: server-rendered pages over the eval logs in one directory. It has no
 * script and no sign-in (it listens on 127.0.0.1 only, like `inspect view`); it may be framed
 * only by the console's own origin.
 *
 * Every page follows the `theme` query parameter (light or dark) and keeps it in its links; no
 * page shows an absolute server path (shown-paths.ts).
 */
export interface ViewerOptions {
  logsDir: string;
  themeDefault?: Theme;
  /** Origins allowed to frame the viewer (the console's); none means no framing at all. */
  frameOrigins?: string[];
}

/** An origin such as http://127.0.0.1:3000: scheme, host and optional port, nothing else. */
export const ORIGIN_PATTERN = /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function viewerCsp(frameOrigins: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameOrigins.length ? frameOrigins.join(" ") : "'none'"}`,
  ].join("; ");
}

/**
 * The viewer has no sign-in, so it must answer only when addressed by a loopback name: a page on
 * another site that rebinds its own DNS name to 127.0.0.1 still sends that name as Host.
 */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/**
 * The page's theme from `?theme=`: light or dark, in any letter case. Anything else is the
 * default: a missing value, another word, markup, or the parameter given twice (the parser then
 * hands over an array), so nothing from the query ever reaches the page but these two words.
 */
export function themeOf(query: unknown, fallback: Theme): Theme {
  const t = (query as { theme?: unknown } | undefined)?.theme;
  if (typeof t !== "string") return fallback;
  const word = t.trim().toLowerCase();
  return word === "dark" || word === "light" ? word : fallback;
}

/** The page a frame showed last, by what selects it: the list, or a log with its sample and transcript page. */
type FramedPage = { name: null } | { name: string; sample: number; page: number };

/**
 * Whether a request loads a page into a frame, so /resume can return there. Browsers say so in
 * Sec-Fetch-Dest: a new tab ("document") or the console's reachability check ("empty") is not the
 * frame. A browser that sends no such header is taken for the frame: only the frame asks to resume.
 */
function isFramed(headers: Record<string, string | string[] | undefined>): boolean {
  const dest = headers["sec-fetch-dest"];
  return dest === undefined || dest === "iframe" || dest === "frame";
}

function positiveInt(value: unknown, fallback: number): number {
  return typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
}

export async function buildViewerApp(opts: ViewerOptions): Promise<FastifyInstance> {
  const frameOrigins = (opts.frameOrigins ?? []).filter((o) => ORIGIN_PATTERN.test(o));
  const csp = viewerCsp(frameOrigins);
  const store = createLogStore(opts.logsDir);
  const themeDefault = opts.themeDefault ?? "light";
  const scrub = htmlPathScrubber(opts.logsDir);
  /**
   * The console cannot read the address of the page in its frame (another origin, and the viewer
   * runs no script), so when its theme changes it loads /resume with the new theme instead of the
   * start page, and lands where the frame was. With several consoles open, the last page framed wins.
   */
  let lastFramed: FramedPage = { name: null };
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });

  app.addHook("onRequest", async (request, reply) => {
    if (LOOPBACK_HOST.test(request.headers.host ?? "")) return;
    await reply
      .code(421)
      .type("text/plain; charset=utf-8")
      .send("The log viewer answers only to 127.0.0.1 and localhost.");
  });

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Content-Security-Policy", csp);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cache-Control", "no-store");
    return payload;
  });

  const ctx = (query: unknown): PageContext => ({
    theme: themeOf(query, themeDefault),
    logsLabel: logsLabel(opts.logsDir),
  });

  app.get("/styles.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(STYLES));
  app.get("/favicon.ico", async (_request, reply) => reply.code(204).send());
  app.get("/healthz", async () => ({ ok: true }));

  app.get("/", async (request, reply) => {
    reply.type("text/html; charset=utf-8");
    if (isFramed(request.headers)) lastFramed = { name: null };
    return scrub(renderLogList(await store.list(), ctx(request.query)));
  });

  app.get("/resume", async (request, reply) => {
    const c = ctx(request.query);
    const last = lastFramed;
    // A log deleted since is not resumed: the list shows what is there now.
    const target = last.name !== null && (await store.find(last.name)) ? last : null;
    const params: Record<string, number> = {};
    if (target && target.sample > 0) params.sample = target.sample;
    if (target && target.page > 1) params.page = target.page;
    return reply.redirect(target ? logHref(target.name, c, params) : `/?theme=${c.theme}`, 303);
  });

  app.get<{ Params: { name: string }; Querystring: Record<string, string> }>("/logs/:name", async (request, reply) => {
    const c = ctx(request.query);
    reply.type("text/html; charset=utf-8");
    // The name only selects an entry of the listing; it never becomes a path.
    const entry = await store.find(request.params.name);
    if (!entry) return reply.code(404).send(scrub(renderNotFound(c)));
    const where = { sample: positiveInt(request.query.sample, 0), page: positiveInt(request.query.page, 1) };
    if (isFramed(request.headers)) lastFramed = { name: entry.name, ...where };
    const loaded = await store.load(entry);
    if (!loaded.ok) return scrub(renderUnreadableLog(entry.name, loaded.reason, c));
    return scrub(renderLog(entry.name, loaded.log, where, c));
  });

  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send(scrub(renderNotFound(ctx(request.query)))),
  );
  app.setErrorHandler(async (err: { statusCode?: number }, _request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) console.error(err);
    return reply
      .code(status)
      .type("text/plain; charset=utf-8")
      .send(status === 500 ? "The viewer failed to render this page; see its log." : "Bad request.");
  });
  return app;
}
