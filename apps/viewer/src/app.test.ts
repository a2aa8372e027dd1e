import type { FastifyInstance } from "fastify";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildViewerApp, themeOf } from "./app";
import { TRANSCRIPT_PAGE_SIZE } from "./pages";
import { STYLES } from "./styles";
import { engineLog, largeLog } from "./test-support/logs";

const CONSOLE = "http://127.0.0.1:3000";
const LOG_NAME = "2026-03-14T09-00-00-000Z_s1-dmz_r_8Kq2vX9a.json";

let root: string;
let logsDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "analystbench-viewer-"));
  logsDir = path.join(root, "logs");
  mkdirSync(logsDir);
  app = await buildViewerApp({ logsDir, frameOrigins: [CONSOLE] });
});
afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const write = (name: string, log: unknown) => writeFileSync(path.join(logsDir, name), JSON.stringify(log));
const get = (url: string) => app.inject({ method: "GET", url });
/** The page's text as a person reads it: tags dropped, entities decoded. */
const textOf = (body: string) =>
  body
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the Host header", () => {
  it("answers only to loopback names, so a rebound DNS name cannot read the logs", async () => {
    write(LOG_NAME, engineLog());
    for (const host of ["evil.example", "evil.example:7860", "127.0.0.1.evil.example", "localhost.evil:7860"]) {
      const res = await app.inject({ method: "GET", url: "/", headers: { host } });
      expect(res.statusCode, host).toBe(421);
      expect(res.body).not.toContain("s1-dmz");
    }
    for (const host of ["127.0.0.1:7860", "localhost:7860", "[::1]:7860"])
      expect((await app.inject({ method: "GET", url: "/", headers: { host } })).statusCode, host).toBe(200);
  });
});

describe("the log list", () => {
  it("lists each log with task, model, status, score, start and samples, newest first", async () => {
    write(LOG_NAME, engineLog());
    writeFileSync(path.join(logsDir, "broken.json"), "{ not json");
    utimesSync(path.join(logsDir, LOG_NAME), new Date("2020-01-01"), new Date("2020-01-01"));
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const text = textOf(res.body);
    // The run's score as the console and the reports say it: a mean per sample, not "7/10".
    expect(text).toContain(
      `DMZ ${LOG_NAME} openai/gpt-4.1-mini error 7 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted 2026-11-21 10:15:00Z 2`,
    );
    expect(text).toContain("broken.json broken.json — unreadable");
    expect(text.indexOf("broken.json")).toBeLessThan(text.indexOf(LOG_NAME));
    expect(res.body).toContain(`href="/logs/${LOG_NAME}?theme=light"`);
  });

  it("says so when there are no logs, and lists no temporary files, symlinks or other files", async () => {
    writeFileSync(path.join(root, "secret.json"), JSON.stringify(engineLog()));
    symlinkSync(path.join(root, "secret.json"), path.join(logsDir, "link.json"));
    writeFileSync(path.join(logsDir, `.${LOG_NAME}.123.abcdef.tmp`), "{}");
    writeFileSync(path.join(logsDir, "notes.txt"), "hello");
    const res = await get("/");
    expect(textOf(res.body)).toContain("No evaluation logs yet");
    expect(res.body).not.toContain("link.json");
    expect((await get("/logs/link.json")).statusCode).toBe(404);
  });
});

describe("one log", () => {
  beforeEach(() => write(LOG_NAME, engineLog()));

  it("shows the header: task, model, status, scores, tokens and duration", async () => {
    const res = await get(`/logs/${LOG_NAME}`);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain(`DMZ s1-dmz · ${LOG_NAME}`);
    expect(text).toMatch(
      /Model openai\/gpt-4\.1-mini Status error Score 7 mean per sample \(−10…\+10\), 2 samples × 1 epoch; 1 invalid, not counted Tokens [\d,]+ \([\d,]+ in, [\d,]+ out\) Duration \d/,
    );
    expect(text).toContain("mean_total 7");
    expect(text).toContain("safe_solve_rate 1");
    expect(text).toContain("1 of 2 samples failed");
  });

  it("shows the whole transcript: system, user and assistant messages and every tool call with arguments and output", async () => {
    const text = textOf((await get(`/logs/${LOG_NAME}`)).body);
    for (const role of ["System", "User", "Assistant"]) expect(text).toContain(role);
    expect(text).toContain("You are a DevSecOps analyst at Kestrel Freight");
    expect(text).toContain("get_network_topology");
    expect(text).toContain('"command_with_args": "cat /var/log/nginx/crm.access.log"');
    expect(text).toContain('GET /.git/HEAD HTTP/1.1" 200 23');
    expect(text).toContain("truncated: 16384 of 48213 bytes kept");
    expect(text).toContain("Unterminated string in JSON at position 88 (arguments as sent:"); // the malformed call
    const body = (await get(`/logs/${LOG_NAME}`)).body;
    expect(body.match(/<details class="tool-call/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("shows each checkpoint's grade with rationale, evidence and the judge's verdict", async () => {
    const body = (await get(`/logs/${LOG_NAME}`)).body;
    expect(body.match(/data-checkpoint="\d"/g)).toEqual([
      'data-checkpoint="1"',
      'data-checkpoint="2"',
      'data-checkpoint="3"',
      'data-checkpoint="4"',
    ]);
    const text = textOf(body);
    expect(text).toContain("Checkpoint grades");
    expect(text).toMatch(/plus \+1/);
    expect(text).toMatch(/Evidence \(\d+\)/);
    expect(text).toContain("Judge openai/gpt-4.1");
  });

  it("shows the environment diff from the sample's metadata", async () => {
    const text = textOf((await get(`/logs/${LOG_NAME}`)).body);
    expect(text).toContain("Environment diff");
    expect(text).toContain("/root/ir-notes.txt created");
    expect(text).toContain("echo 'suspect 203.0.113.77' > /root/ir-notes.txt");
  });

  it("opens the other samples, with their errors and limits", async () => {
    const text = textOf((await get(`/logs/${LOG_NAME}?sample=1`)).body);
    expect(text).toContain("Sample dmz-mail-open-relay");
    expect(text).toMatch(/Token limit reached/);
    expect(text).toContain("Not scored");
  });

  it("may be framed by the console's origin only, and runs no script", async () => {
    for (const url of ["/", `/logs/${LOG_NAME}`, "/styles.css", "/logs/missing.json"]) {
      const res = await get(url);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain(`frame-ancestors ${CONSOLE}`);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      expect(res.headers["x-frame-options"]).toBeUndefined();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    const unframable = await buildViewerApp({ logsDir });
    const res = await unframable.inject({ method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    await unframable.close();
    // An origin that is not one (a header injection attempt) is dropped, not copied into the header.
    const odd = await buildViewerApp({ logsDir, frameOrigins: ["http://x:1; script-src *", CONSOLE] });
    expect((await odd.inject({ method: "GET", url: "/" })).headers["content-security-policy"]).toMatch(
      /frame-ancestors http:\/\/127\.0\.0\.1:3000$/,
    );
    await odd.close();
  });
});

describe("everything from a log is text", () => {
  it("escapes markup in task names, messages, tool arguments and outputs, grades and file names", async () => {
    const log = engineLog() as { eval: Record<string, unknown>; samples: Record<string, unknown>[] };
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    log.eval.task_display_name = evil;
    log.eval.model = evil;
    const sample = log.samples[0]!;
    const messages = sample.messages as Record<string, unknown>[];
    messages[1]!.content = evil;
    const assistant = messages.find((m) => m.role === "assistant" && Array.isArray(m.tool_calls))!;
    (assistant.tool_calls as Record<string, unknown>[])[0]!.arguments = { command_with_args: evil };
    const tool = messages.find((m) => m.role === "tool")!;
    tool.content = evil;
    const score = (sample.scores as Record<string, Record<string, Record<string, unknown>>>).analystbench_checkpoints!;
    (score.metadata!.checkpoints as Record<string, unknown>[])[0]!.rationale = evil;
    const name = "2026-03-14T09-00-00-000Z_s1-dmz_r_x'onload=alert(1).json";
    write(name, log);
    for (const url of ["/", `/logs/${encodeURIComponent(name)}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/<script|<img/i);
      expect(res.body).not.toContain("'onload");
      expect(res.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    }
  });
});

describe("unknown and traversal-shaped names", () => {
  it.each([
    "missing.json",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2fsecret.json",
    "..%5Csecret.json",
    "%00.json",
    "x".repeat(5000),
  ])("answers 404 for /logs/%s", async (name) => {
    writeFileSync(path.join(root, "secret.json"), JSON.stringify(engineLog()));
    const res = await get(`/logs/${name}`);
    // Over-long names stop at the router (414); every other name finds nothing in the listing.
    if (name.length > 1000) expect(res.statusCode).toBe(414);
    else {
      expect(res.statusCode).toBe(404);
      expect(textOf(res.body)).toContain("There is no such log");
    }
    expect(res.body).not.toContain("Kestrel");
  });

  it("shows why an unreadable log cannot be shown", async () => {
    writeFileSync(path.join(logsDir, "half.json"), '{"version": 2, "status": "sta');
    const res = await get("/logs/half.json");
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain("This log cannot be shown. The file is not valid JSON");
  });

  it("says an evaluation still running has no samples yet", async () => {
    const log = engineLog();
    write(LOG_NAME, { ...log, status: "started", results: null, samples: null });
    const text = textOf((await get(`/logs/${LOG_NAME}`)).body);
    expect(text).toContain("started");
    expect(text).toContain("This evaluation is still running");
  });
});

describe("large logs", () => {
  it("pages a 2,000-event transcript (1,000 tool calls) so a page never holds more than the page size", async () => {
    const log = largeLog(1000);
    const events = ((log.samples as Record<string, unknown>[])[0]!.events as unknown[]).length;
    expect(events).toBeGreaterThanOrEqual(2000);
    write(LOG_NAME, log);

    let t = performance.now();
    const first = await get(`/logs/${LOG_NAME}`);
    const firstMs = performance.now() - t;
    t = performance.now();
    const last = await get(`/logs/${LOG_NAME}?page=21`);
    const cachedMs = performance.now() - t;

    expect(first.statusCode).toBe(200);
    expect(first.body.match(/<li class="msg /g)?.length).toBe(TRANSCRIPT_PAGE_SIZE);
    expect(textOf(first.body)).toContain("Items 1–50 of 1002 · page 1 of 21");
    expect(textOf(last.body)).toContain("Items 1001–1002 of 1002 · page 21 of 21");
    expect(textOf(last.body)).toContain("grep -c ' 200 ' /var/log/nginx/access.log.999");
    // Beyond the last page shows the last page.
    expect(textOf((await get(`/logs/${LOG_NAME}?page=999`)).body)).toContain("page 21 of 21");
    console.log(
      `large log: ${events} events, ${(JSON.stringify(log).length / 1048576).toFixed(1)} MB; first page ${firstMs.toFixed(0)} ms ` +
        `(read and parse included), a later page ${cachedMs.toFixed(0)} ms; page HTML ${(first.body.length / 1024).toFixed(0)} KB`,
    );
    expect(cachedMs).toBeLessThan(1000);
  });
});

// ---------------------------------------------------------------------------- theme

/** Every href of a page, entities decoded (as the browser follows them). */
const hrefsOf = (body: string) => [...body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** The WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    return [n >> 16, (n >> 8) & 255, n & 255]
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The colour variables of one theme's block in the stylesheet. */
function paletteOf(selector: string): Record<string, string> {
  const block = STYLES.slice(STYLES.indexOf(`${selector} {`)).split("}")[0]!;
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1]!, m[2]!]));
}

describe("the theme", () => {
  const LOGS = `/logs/${LOG_NAME}`;
  beforeEach(() => {
    write(LOG_NAME, engineLog());
    writeFileSync(path.join(logsDir, "half.json"), '{"status": "sta');
  });

  /** One URL of each kind of page: list, log, another sample, a transcript page, unreadable, unknown log, unknown route. */
  const PAGES = [
    "/",
    LOGS,
    `${LOGS}?sample=1`,
    `${LOGS}?page=2`,
    "/logs/half.json",
    "/logs/missing.json",
    "/no/such/page",
  ];
  const withTheme = (url: string, value: string) => `${url}${url.includes("?") ? "&" : "?"}theme=${value}`;

  it.each(PAGES)("theme=dark makes %s dark, and every link on it keeps theme=dark", async (url) => {
    const res = await get(withTheme(url, "dark"));
    expect(res.body).toContain('<html lang="en" data-theme="dark">');
    expect(res.body).toContain('<meta name="color-scheme" content="dark" />');
    expect(res.body).toContain('<link rel="stylesheet" href="/styles.css" />');
    const links = hrefsOf(res.body).filter((h) => h.startsWith("/") && h !== "/styles.css");
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(new URL(href, "http://x").searchParams.getAll("theme"), href).toEqual(["dark"]);
  });

  it("links a long log's samples and transcript pages with the theme too", async () => {
    write(LOG_NAME, largeLog(60));
    const links = hrefsOf((await get(`${LOGS}?theme=dark`)).body).filter((h) => h.startsWith("/logs/"));
    expect(links).toContain(`${LOGS}?sample=0&page=2&theme=dark#transcript`);
    expect(links).toContain(`${LOGS}?sample=1&theme=dark`);
  });

  /** The theme parameters of the page's links to logs. */
  const logLinkThemes = (body: string) =>
    hrefsOf(body)
      .filter((h) => h.startsWith("/logs/"))
      .map((h) => new URL(h, "http://x").searchParams.getAll("theme").join(","));

  it.each(["light", "", "x"])("theme=%s, or none, is light", async (value) => {
    for (const url of [withTheme("/", value), "/"]) {
      const res = await get(url);
      expect(res.body).toContain('data-theme="light"');
      expect(logLinkThemes(res.body)).toEqual(["light", "light"]);
    }
  });

  it("accepts either letter case and surrounding spaces", async () => {
    for (const value of ["DARK", "Dark", "%20dark%20"])
      expect((await get(`/?theme=${value}`)).body).toContain('data-theme="dark"');
    expect((await get("/?theme=LIGHT")).body).toContain('data-theme="light"');
  });

  it.each([
    ["markup", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["an attribute breakout", "dark%22%20onload%3D%22alert(1)"],
    ["a NUL", "dark%00"],
    ["a longer word", "darkness"],
    ["a header injection", "dark%0d%0aSet-Cookie:%20x=1"],
  ])("ignores %s: the default theme, and the value appears nowhere, escaped or not", async (_label, value) => {
    for (const url of [`/?theme=${value}`, `${LOGS}?theme=${value}`, `/nope?theme=${value}`]) {
      const res = await get(url);
      expect(res.body).toContain('data-theme="light"');
      const decoded = decodeURIComponent(value);
      expect(res.body).not.toContain(decoded);
      expect(res.body).not.toContain(decoded.replace(/</g, "&lt;").replace(/"/g, "&quot;"));
      expect(res.body).not.toMatch(/<script|onload/i);
      expect(JSON.stringify(res.headers)).not.toContain("Set-Cookie: x");
    }
  });

  it("ignores the parameter given twice, whatever the values", async () => {
    for (const query of ["theme=dark&theme=dark", "theme=dark&theme=light", "theme[]=dark", "theme[x]=dark"]) {
      const res = await get(`/?${query}`);
      expect(res.body, query).toContain('data-theme="light"');
      expect(logLinkThemes(res.body)).toEqual(["light", "light"]);
    }
  });

  it("falls back to the viewer's default theme, dark when started so", async () => {
    const dark = await buildViewerApp({ logsDir, themeDefault: "dark" });
    try {
      for (const url of ["/", "/?theme=%3Cscript%3E", "/?theme=dark&theme=light"])
        expect((await dark.inject({ method: "GET", url })).body, url).toContain('data-theme="dark"');
      expect((await dark.inject({ method: "GET", url: "/?theme=light" })).body).toContain('data-theme="light"');
    } finally {
      await dark.close();
    }
  });

  it("themeOf reads only the two words from a query of any shape", () => {
    expect(themeOf({ theme: "dark" }, "light")).toBe("dark");
    expect(themeOf({ theme: ["dark"] }, "light")).toBe("light");
    expect(themeOf({ theme: { toString: () => "dark" } }, "light")).toBe("light");
    expect(themeOf(undefined, "dark")).toBe("dark");
    expect(themeOf(null, "light")).toBe("light");
  });

  it("the dark stylesheet paints the page, body included, dark, with readable text on every surface", () => {
    const dark = paletteOf(':root[data-theme="dark"]');
    const light = paletteOf(":root");
    // The frame shows the body's own background: it must be the theme's, not transparent.
    expect(STYLES).toMatch(/html, body \{ background: var\(--bg\); color: var\(--fg\); \}/);
    expect(STYLES).toMatch(/:root\[data-theme="dark"\] \{[^}]*color-scheme: dark;/);
    expect(contrast(dark.bg!, "#000000")).toBeLessThan(1.5);
    expect(contrast(light.bg!, "#ffffff")).toBeLessThan(1.1);
    // Text, tables, code blocks, links, the plus/zero/minus outcome badges, notices and the current sample.
    const pairs: [string, string][] = [
      ["fg", "bg"],
      ["fg", "card"],
      ["fg", "code"],
      ["fg", "hover"],
      ["muted", "bg"],
      ["muted", "card"],
      ["muted", "code"],
      ["accent", "bg"],
      ["accent", "card"],
      ["accent", "info-bg"],
      ["ok", "ok-bg"],
      ["fg", "neutral-bg"],
      ["bad", "bad-bg"],
      ["warn", "warn-bg"],
      ["info", "info-bg"],
    ];
    for (const palette of [dark, light])
      for (const [fg, bg] of pairs)
        expect(contrast(palette[fg]!, palette[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it("serves the stylesheet with both palettes", async () => {
    const res = await get("/styles.css?theme=dark");
    expect(res.headers["content-type"]).toMatch(/^text\/css/);
    expect(res.body).toBe(STYLES);
  });
});

// ---------------------------------------------------------------------------- resume

describe("resuming the framed page in another theme", () => {
  const framed = (url: string) => app.inject({ method: "GET", url, headers: { "sec-fetch-dest": "iframe" } });
  beforeEach(() => write(LOG_NAME, engineLog()));

  it("sends /resume to the page the frame showed last, with the new theme", async () => {
    expect((await framed(`/logs/${LOG_NAME}?sample=1&page=2&theme=light`)).statusCode).toBe(200);
    const res = await get("/resume?theme=dark");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/logs/${LOG_NAME}?sample=1&page=2&theme=dark`);
    // The list, once the frame went back to it.
    await framed("/?theme=dark");
    expect((await get("/resume?theme=light")).headers.location).toBe("/?theme=light");
  });

  it("is the list before any page was framed, and ignores pages opened in a tab of their own", async () => {
    expect((await get("/resume?theme=dark")).headers.location).toBe("/?theme=dark");
    await framed(`/logs/${LOG_NAME}`);
    await app.inject({ method: "GET", url: "/?theme=dark", headers: { "sec-fetch-dest": "document" } });
    expect((await get("/resume?theme=dark")).headers.location).toBe(`/logs/${LOG_NAME}?theme=dark`);
  });

  it("does not resume a log deleted since, nor one that never existed", async () => {
    await framed(`/logs/${LOG_NAME}?sample=1`);
    rmSync(path.join(logsDir, LOG_NAME));
    expect((await get("/resume?theme=dark")).headers.location).toBe("/?theme=dark");
    await framed("/logs/missing.json");
    expect((await get("/resume?theme=dark")).headers.location).toBe("/?theme=dark");
  });

  it("redirects only to its own pages, and takes a hostile theme as the default", async () => {
    const name = "x'\"<b>&y.json";
    write(name, engineLog());
    await framed(`/logs/${encodeURIComponent(name)}`);
    for (const theme of ["%3Cscript%3E", "dark&theme=light", "%0d%0aLocation:%20http://evil.example"]) {
      const location = String((await get(`/resume?theme=${theme}`)).headers.location);
      expect(location).toBe(`/logs/${encodeURIComponent(name)}?theme=light`);
      expect(location).not.toMatch(/^\/\/|evil|<|\s/);
    }
  });
});

// ---------------------------------------------------------------------------- paths

describe("no absolute server paths", () => {
  it("no page shows the logs directory, the workspace above it or its parent", async () => {
    const log = engineLog() as { eval: Record<string, unknown>; error?: unknown; samples: Record<string, unknown>[] };
    // A log that names files by absolute path: an error with a stack trace, a sample error.
    log.error = {
      message: `ENOENT: no such file or directory, open '${logsDir}/${LOG_NAME}'`,
      traceback: `at ${root}/bin/x.js`,
    };
    log.samples[0]!.error = { message: `could not read ${root}/private/secrets` };
    write(LOG_NAME, log);
    writeFileSync(path.join(logsDir, "half.json"), "{");
    const pages = [
      "/",
      `/logs/${LOG_NAME}`,
      `/logs/${LOG_NAME}?sample=1`,
      "/logs/half.json",
      "/logs/missing.json",
      "/x",
    ];
    for (const url of pages) {
      const res = await get(`${url}${url.includes("?") ? "&" : "?"}theme=dark`);
      expect(res.body, url).not.toContain(logsDir);
      expect(res.body, url).not.toContain(root);
      expect(textOf(res.body), url).toMatch(/AnalystBench Log Viewer logs /);
    }
    const text = textOf((await get(`/logs/${LOG_NAME}`)).body);
    expect(text).toContain(`ENOENT: no such file or directory, open 'logs/${LOG_NAME}'`);
    // root is the workspace's parent here: logs/ sits in root/logs, so root is the workspace.
    expect(textOf((await get(`/logs/${LOG_NAME}?sample=0`)).body)).toContain("could not read private/secrets");
  });
});
