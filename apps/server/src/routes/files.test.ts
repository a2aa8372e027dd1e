import { DirectoryListingSchema, FileContentSchema, FILE_PREVIEW_LIMIT_BYTES } from "@analystbench/contracts";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverPathsIn } from "../test-support/server-paths";
import { createTestApp, type TestApp } from "../test-support/test-app";

/**
 * A data dir with a workspace, a sibling "workspaceX" sharing its name as prefix, a secret beside
 * them, and symlinks inside the workspace pointing out of it and within it.
 */
const SECRET = "TOP-SECRET-OUTSIDE-THE-ROOT";
let dataDir: string;
let ws: string;
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-files-")));
  ws = path.join(dataDir, "workspace");
  mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
  mkdirSync(path.join(ws, "Zeta"));
  mkdirSync(path.join(ws, "alpha"));
  writeFileSync(path.join(ws, "results/s1-dmz/report.md"), "# Report\n\nAll good.\n");
  writeFileSync(path.join(ws, "b.txt"), "bee");
  writeFileSync(path.join(ws, "A.json"), '{"a":1}');
  writeFileSync(path.join(ws, "file10.log"), "ten");
  writeFileSync(path.join(ws, "file9.log"), "nine");
  writeFileSync(path.join(ws, "blob.bin"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  writeFileSync(path.join(ws, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
  writeFileSync(path.join(ws, "big.txt"), "x".repeat(FILE_PREVIEW_LIMIT_BYTES + 1));
  writeFileSync(path.join(ws, "empty.txt"), "");
  writeFileSync(path.join(ws, "page.html"), "<script>alert(1)</script>");
  writeFileSync(path.join(ws, 'Résumé "final" ✓.md'), "unicode");
  writeFileSync(path.join(ws, "%2e%2e"), "literal percent name");
  mkdirSync(path.join(dataDir, "workspaceX"));
  writeFileSync(path.join(dataDir, "workspaceX/secret.txt"), SECRET);
  writeFileSync(path.join(dataDir, "secret.txt"), SECRET);
  symlinkSync(path.join(dataDir, "secret.txt"), path.join(ws, "link-out.txt"));
  symlinkSync(path.join(dataDir, "workspaceX"), path.join(ws, "link-out-dir"));
  symlinkSync(path.join(ws, "b.txt"), path.join(ws, "link-in.txt"));
  symlinkSync(path.join(ws, "nowhere"), path.join(ws, "link-broken"));
  utimesSync(path.join(ws, "b.txt"), new Date("2026-01-02T03:04:05Z"), new Date("2026-01-02T03:04:05Z"));
  t = await createTestApp({ workspaceDir: ws });
  auth = { authorization: `Bearer ${await t.login()}` };
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url, headers: auth });
const q = (p: string) => encodeURIComponent(p);

describe("GET /api/files", () => {
  it("lists the root: directories first, then files by name (numeric-aware), with sizes, times and paths", async () => {
    const res = await get("/api/files");
    expect(res.statusCode).toBe(200);
    const body = DirectoryListingSchema.parse(res.json());
    expect(body.currentPath).toBe("");
    const names = body.items.map((i) => i.name);
    expect(names.slice(0, 3)).toEqual(["alpha", "results", "Zeta"]);
    expect(names.indexOf("file9.log")).toBeLessThan(names.indexOf("file10.log"));
    expect(names.indexOf("A.json")).toBeLessThan(names.indexOf("b.txt"));
    expect(body.items.find((i) => i.name === "b.txt")).toEqual({
      name: "b.txt",
      type: "file",
      size: 3,
      modified: "2026-01-02T03:04:05.000Z",
      path: "b.txt",
    });
  });

  it("shows links that stay inside and hides links that leave the root or lead nowhere", async () => {
    const names = DirectoryListingSchema.parse((await get("/api/files?path=")).json()).items.map((i) => i.name);
    expect(names).toContain("link-in.txt");
    expect(names).not.toContain("link-out.txt");
    expect(names).not.toContain("link-out-dir");
    expect(names).not.toContain("link-broken");
  });

  it("lists a subdirectory with paths relative to the root", async () => {
    for (const p of [
      "results/s1-dmz",
      "results/s1-dmz/",
      "./results/s1-dmz",
      "results//s1-dmz",
      "results/../results/s1-dmz",
    ]) {
      const body = DirectoryListingSchema.parse((await get(`/api/files?path=${q(p)}`)).json());
      expect(body.currentPath).toBe("results/s1-dmz");
      expect(body.items.map((i) => i.path)).toEqual(["results/s1-dmz/report.md"]);
    }
  });

  it("answers 404 for a missing directory and 400 for a file", async () => {
    expect((await get("/api/files?path=nope")).statusCode).toBe(404);
    const res = await get("/api/files?path=b.txt");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "NOT_A_DIRECTORY" });
  });

  it("needs a session", async () => {
    expect((await t.app.inject({ url: "/api/files" })).statusCode).toBe(401);
  });
});

/** Each answered 400, 403 or 404 with {error, code} and never a byte of the secret. */
const TRAVERSALS: [string, number][] = [
  ["..", 403],
  ["../secret.txt", 403],
  ["../../../../etc/passwd", 403],
  ["results/../../secret.txt", 403],
  ["../workspaceX/secret.txt", 403],
  ["../workspaceX", 403],
  ["%2e%2e/secret.txt", 404], // decoded once by the query string: a literal "%2e%2e" folder, which is not there
  ["%252e%252e/secret.txt", 404],
  ["..%2fsecret.txt", 404],
  ["/etc/passwd", 400],
  [`${"/"}${"tmp"}`, 400],
  ["..\\secret.txt", 400],
  ["results\\..\\..\\secret.txt", 400],
  ["b.txt\u0000.md", 400],
  ["b.txt\n", 400],
  ["a/".repeat(600), 400],
  [`${"x".repeat(300)}.txt`, 400],
  ["link-out.txt", 403],
  ["link-out-dir/secret.txt", 403],
  ["link-out-dir", 403],
  ["link-broken", 404],
];

describe("no absolute server paths", () => {
  it.each([
    "/api/files",
    "/api/files?path=results",
    "/api/files?path=results/s1-dmz",
    "/api/files?path=link-in.txt",
    "/api/files?path=link-out-dir",
    "/api/files?path=missing",
    "/api/files?path={ws}",
    "/api/files/content?path=b.txt",
    "/api/files/content?path=link-out.txt",
    "/api/files/content?path=results",
    "/api/files/content?path=blob.bin",
    "/api/files/content?path=big.txt",
    `/api/files/content?path=${q("../workspaceX/secret.txt")}`,
    "/api/files/content?path={ws}/b.txt",
    "/api/files/download?path=b.txt",
    `/api/files/download?path=${q('Résumé "final" ✓.md')}`,
    "/api/files/download?path=link-in.txt",
    "/api/files/download?path=link-broken",
  ])("%s answers without the workspace's or data dir's absolute path, in body and headers", async (url) => {
    // The workspace exists only once beforeAll ran: "{ws}" asks for its absolute path.
    const res = await get(url.replace("{ws}", q(ws)));
    expect(res.statusCode).toBeLessThan(500);
    expect(serverPathsIn(res.body, [dataDir, ws])).toEqual([]);
    expect(serverPathsIn(res.headers, [dataDir, ws])).toEqual([]);
  });
});

describe("path confinement", () => {
  for (const endpoint of ["/api/files", "/api/files/content", "/api/files/download"]) {
    it(`${endpoint} refuses every traversal payload with a 4xx and a sentence`, async () => {
      for (const [payload, status] of TRAVERSALS) {
        const res = await get(`${endpoint}?path=${q(payload)}`);
        expect({ payload, status: res.statusCode }).toEqual({ payload, status });
        const body = res.json() as { error: string; code: string };
        expect(body.error).toMatch(/\.$/);
        expect(body.code).toMatch(/^[A-Z_]+$/);
        expect(res.body).not.toContain(SECRET);
      }
    });
  }

  it("answers raw, unencoded payloads in the URL with a 4xx as well", async () => {
    for (const url of [
      "/api/files/content?path=../secret.txt",
      "/api/files/content?path=%2e%2e/secret.txt",
      "/api/files/content?path=%2e%2e%2fsecret.txt",
      "/api/files/content?path=..%5csecret.txt",
      "/api/files/content?path=b.txt%00",
      "/api/files/content?path=../workspaceX/secret.txt",
      "/api/files/content?path=b.txt&path=../secret.txt",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it("follows a symlink that stays inside the root", async () => {
    const res = await get("/api/files/content?path=link-in.txt");
    expect(res.statusCode).toBe(200);
    expect(FileContentSchema.parse(res.json())).toMatchObject({ content: "bee", path: "b.txt" });
  });

  it("property: no generated path is ever answered with a 5xx or with a byte from outside", async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        "..",
        ".",
        "",
        "results",
        "s1-dmz",
        "workspace",
        "workspaceX",
        "secret.txt",
        "link-out-dir",
        "link-in.txt",
        "%2e%2e",
        "~",
      ),
      fc.string({ maxLength: 8 }),
    );
    const requested = fc.oneof(
      fc.array(segment, { maxLength: 8 }).map((s) => s.join("/")),
      fc.array(segment, { maxLength: 8 }).map((s) => `/${s.join("/")}`),
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(
        requested,
        fc.constantFrom("/api/files", "/api/files/content", "/api/files/download"),
        async (p, endpoint) => {
          const res = await get(`${endpoint}?path=${q(p)}`);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.body).not.toContain(SECRET);
          if (res.statusCode === 200 && endpoint === "/api/files") {
            for (const item of DirectoryListingSchema.parse(res.json()).items) {
              expect(item.path.startsWith("..") || item.path.startsWith("/")).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("GET /api/files/content", () => {
  it("returns the text of a file with its path, size and time", async () => {
    const res = await get("/api/files/content?path=results/s1-dmz/report.md");
    expect(res.statusCode).toBe(200);
    expect(FileContentSchema.parse(res.json())).toMatchObject({
      content: "# Report\n\nAll good.\n",
      path: "results/s1-dmz/report.md",
      size: 20,
    });
  });

  it("refuses binary files (NUL bytes or invalid UTF-8) with a clear message", async () => {
    for (const p of ["blob.bin", "latin1.txt"]) {
      const res = await get(`/api/files/content?path=${p}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: "BINARY_FILE",
        error: "This file is binary (not UTF-8 text) and cannot be previewed; download it instead.",
      });
    }
  });

  it("refuses files over the 1 MiB preview limit", async () => {
    const res = await get("/api/files/content?path=big.txt");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "FILE_TOO_LARGE" });
    expect(res.json().error).toMatch(/previews stop at 1 MB/);
  });

  it("refuses folders and a missing path", async () => {
    expect((await get("/api/files/content?path=results")).json()).toMatchObject({ code: "IS_A_DIRECTORY" });
    expect((await get("/api/files/content")).json()).toMatchObject({ code: "PATH_REQUIRED" });
  });

  it("reads a file whose name is a literal %2e%2e", async () => {
    const res = await get(`/api/files/content?path=${q("%2e%2e")}`);
    expect(res.json()).toMatchObject({ content: "literal percent name" });
  });
});

describe("GET /api/files/download", () => {
  it("streams the bytes as an attachment with the exact text type and nosniff", async () => {
    const res = await get("/api/files/download?path=results/s1-dmz/report.md");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("# Report\n\nAll good.\n");
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="report.md"; filename*=UTF-8''report.md`);
    expect(res.headers["content-length"]).toBe("20");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends binary files and HTML as application/octet-stream, byte for byte", async () => {
    const bin = await get("/api/files/download?path=blob.bin");
    expect(bin.headers["content-type"]).toBe("application/octet-stream");
    expect(bin.rawPayload.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]))).toBe(true);
    const html = await get("/api/files/download?path=page.html");
    expect(html.headers["content-type"]).toBe("application/octet-stream");
    expect(html.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("names non-ASCII files with an ASCII fallback and an RFC 6266 filename*", async () => {
    const res = await get(`/api/files/download?path=${q('Résumé "final" ✓.md')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="R_sum_ _final_ _.md"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%E2%9C%93.md`,
    );
  });

  it("downloads an empty file and refuses a folder", async () => {
    const empty = await get("/api/files/download?path=empty.txt");
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["content-length"]).toBe("0");
    expect(empty.body).toBe("");
    expect((await get("/api/files/download?path=results")).statusCode).toBe(400);
  });

  it("downloads files too large to preview", async () => {
    const res = await get("/api/files/download?path=big.txt");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(FILE_PREVIEW_LIMIT_BYTES + 1);
  });
});
