import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

/**
 * Every protected route under every spelling a URL can take: percent-encoded letters (one, all,
 * upper- and lower-case hex, double-encoded), doubled slashes, dot segments, encoded slashes and
 * dots, case variants, trailing slashes and matrix parameters. Whatever the router makes of a
 * spelling, no handler may run without a session: the answer is a 401 or a plain not-found.
 * Requests go through `inject` and, since clients normalise URLs, also as raw bytes on a socket.
 */
const PUBLIC = new Set(["GET /api/health", "POST /api/auth/login"]);

let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "x");
const hex = (c: string, upper = false) => {
  const h = c.charCodeAt(0).toString(16);
  return `%${upper ? h.toUpperCase() : h}`;
};

/** Spellings of one path ("/api/runs/x"): each should reach the same handler or none. */
export function spellingsOf(path: string): string[] {
  const rest = path.slice("/api".length);
  const [first = "", ...tail] = rest.slice(1).split("/");
  const afterFirst = tail.length ? `/${tail.join("/")}` : "";
  const out = new Set<string>();
  for (let i = 1; i <= 3; i++) {
    out.add(`${path.slice(0, i)}${hex(path[i]!)}${path.slice(i + 1)}`);
    out.add(`${path.slice(0, i)}${hex(path[i]!, true)}${path.slice(i + 1)}`);
    out.add(`${path.slice(0, i)}%25${hex(path[i]!).slice(1)}${path.slice(i + 1)}`);
  }
  out.add(`/${[..."api"].map((c) => hex(c)).join("")}${rest}`);
  out.add(`/${[..."api"].map((c) => hex(c, true)).join("")}${rest}`);
  if (first) out.add(`/api/${[...first].map((c) => hex(c)).join("")}${afterFirst}`);
  if (first) out.add(`/api/${hex(first[0]!)}${first.slice(1)}${afterFirst}`);
  for (const v of [
    `/${path}`,
    `//${path.slice(1)}`,
    `/api/${rest}`,
    `${path}/`,
    `${path}//`,
    `/./${path.slice(1)}`,
    `/api/.${rest}`,
    `/x/..${path}`,
    `/api/x/..${rest}`,
    `/api/%2e${rest}`,
    `/api/%2E%2E/api${rest}`,
    `/%2e/api${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `${path}/.`,
    `${path};x=1`,
    `/api;x=1${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    path.toUpperCase(),
    `${path}%00`,
    `${path}%20`,
    `${path}?`,
    `${path}#x`,
    `/api\\${rest.slice(1)}`,
  ])
    out.add(v);
  out.delete(path);
  return [...out];
}

/** A router-level answer: no handler ran (404 JSON of the not-found handler, or the console shell). */
function isRouterLevel(status: number, body: string): boolean {
  if (status === 401 || status === 400 || status === 421) return true;
  if (status === 404)
    return /There is no API endpoint|"error":"Not found\."/.test(body) || !body.trimStart().startsWith("{");
  return status === 503 && body.includes("console has not been built");
}

function protectedRoutes() {
  return t.app.apiRoutes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
}

/** One raw HTTP/1.1 request on a socket: the target goes on the wire exactly as written. */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf("\r\n\r\n") + 4) });
    });
    const head = Object.entries({ host: `127.0.0.1:${port}`, connection: "close", ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\r\n");
    const body = method === "GET" || method === "HEAD" || method === "DELETE" ? "" : "{}";
    const length = body ? `\r\ncontent-type: application/json\r\ncontent-length: ${body.length}` : "";
    socket.write(`${method} ${target} HTTP/1.1\r\n${head}${length}\r\n\r\n${body}`);
  });
}

describe("no spelling of a protected route reaches its handler without a session", () => {
  it("covers every protected route with at least 30 spellings", () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(20);
    for (const r of protectedRoutes()) expect(spellingsOf(concrete(r.url)).length).toBeGreaterThanOrEqual(30);
  });

  it("through inject", async () => {
    const failures: string[] = [];
    let attempts = 0;
    for (const route of protectedRoutes()) {
      for (const url of spellingsOf(concrete(route.url))) {
        attempts++;
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: { "content-type": "application/json" },
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
        });
        if (!isRouterLevel(res.statusCode, res.body)) failures.push(`${route.method} ${url} → ${res.statusCode}`);
      }
    }
    console.log(
      `route spellings: ${attempts} requests over ${protectedRoutes().length} protected routes, ${failures.length} reached a handler`,
    );
    expect(failures).toEqual([]);
    expect(attempts).toBeGreaterThan(800);
  });

  it("as raw bytes on a socket, also with HEAD for every GET route", async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const methods = route.method === "GET" ? ["GET", "HEAD"] : [route.method];
      for (const method of methods)
        for (const url of spellingsOf(concrete(route.url))) {
          const res = await rawRequest(method, url);
          const ok = method === "HEAD" ? res.status === 0 || res.status >= 400 : isRouterLevel(res.status, res.body);
          if (!ok) failures.push(`${method} ${url} → ${res.status}`);
        }
    }
    expect(failures).toEqual([]);
  });

  it("still serves each spelling the router accepts to a signed-in user (the check is not just blocking everything)", async () => {
    const res = await t.app.inject({ url: "/%61pi/runs", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const unauth = await t.app.inject({ url: "/%61pi/runs" });
    expect(unauth.statusCode).toBe(401);
  });

  it("answers unknown API paths with 401 before sign-in under any spelling, so routes cannot be mapped", async () => {
    for (const url of ["/api/nope", "/%61pi/nope", "/ap%69/nope"]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe("Host header", () => {
  it("refuses a foreign Host with 421 before anything else, even on public routes", async () => {
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "127.0.0.1.evil.example",
      "localhost.evil",
      "[::2]:80",
      "",
      "a b",
    ]) {
      const res = await rawRequest("GET", "/api/health", { host });
      expect([400, 421], host).toContain(res.status);
    }
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "rebound.attacker.example" },
      payload: { username: "analyst", password: "correct horse battery staple" },
    });
    expect(login.statusCode).toBe(421);
    expect(login.json().error).toMatch(/ANALYSTBENCH_ALLOWED_HOSTS/);
  });

  it("serves the loopback names with any port and any case", async () => {
    for (const host of ["127.0.0.1", `127.0.0.1:${port}`, "LOCALHOST:80", "localhost.", "[::1]:3000"]) {
      const res = await t.app.inject({ url: "/api/health", headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });
});
