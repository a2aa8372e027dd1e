#!/usr/bin/env node
/**
 * `npm run bench:console`: how much JavaScript the console makes a browser fetch. Builds apps/web
 * (`--no-build` reads the existing apps/web/dist instead), then reads dist/index.html for the
 * initial set (the module script and the chunks it modulepreloads) and prints its gzipped size
 * against the target (≤ 200 kB), what it holds by package (from the source maps), the largest
 * lazily loaded chunks with the page or component that loads them (from Vite's manifest), where
 * the heavy libraries ended up, and the total. Exits 1 when the initial JS is over the target.
 * `--dist DIR` reads another build instead (one of an older commit, to compare).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const TARGET_KB = 200;
const LARGEST = 8;
const ROOT = path.resolve(import.meta.dirname, "..");
const distArg = process.argv.indexOf("--dist");
/** `--dist DIR` reads another build (implies --no-build), e.g. one of an older commit to compare. */
const DIST = distArg > 0 ? path.resolve(process.argv[distArg + 1] ?? "") : path.join(ROOT, "apps/web/dist");
/** Libraries whose place in the bundle the console's size depends on. */
const WATCHED = ["react-dom", "react-router", "zod", "highlight.js", "recharts", "react-markdown", "micromark"];

/** Kilobytes of 1,000 bytes, as Vite's own build report counts them. */
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const gz = (buf) => gzipSync(buf).length;

if (!process.argv.includes("--no-build") && distArg < 0) {
  process.stdout.write("Building apps/web… ");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) {
    console.error(`failed:\n${build.stdout}${build.stderr}`);
    process.exit(1);
  }
  console.log("done.");
}
if (!existsSync(path.join(DIST, "index.html"))) {
  console.error("apps/web/dist/index.html is missing: run without --no-build, or `npm run build` first.");
  process.exit(1);
}

// --- The initial set, as index.html declares it -------------------------------------------------

/** The attributes of every <script> and <link> tag of the page. */
function tags(html) {
  return [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, name, attrs]) => ({
    name: name.toLowerCase(),
    attrs: Object.fromEntries(
      [...attrs.matchAll(/([\w-]+)(?:\s*=\s*"([^"]*)")?/g)].map(([, k, v]) => [k.toLowerCase(), v ?? ""]),
    ),
  }));
}

const html = readFileSync(path.join(DIST, "index.html"), "utf8");
const toFile = (url) => url.replace(/^\//, "");
const entryFiles = tags(html)
  .filter((t) => t.name === "script" && t.attrs.type === "module" && t.attrs.src)
  .map((t) => toFile(t.attrs.src));
const preloadFiles = tags(html)
  .filter((t) => t.name === "link" && t.attrs.rel === "modulepreload" && t.attrs.href)
  .map((t) => toFile(t.attrs.href));
const initialCss = tags(html)
  .filter((t) => t.name === "link" && t.attrs.rel === "stylesheet" && t.attrs.href)
  .map((t) => toFile(t.attrs.href));
if (entryFiles.length === 0) {
  console.error("index.html has no module script: is apps/web/dist a Vite build?");
  process.exit(1);
}

// --- Every chunk, its sizes and, from the manifest, what it imports ------------------------------

const jsFiles = readdirSync(path.join(DIST, "assets"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => `assets/${f}`);
const sizes = new Map(
  jsFiles.map((file) => {
    const buf = readFileSync(path.join(DIST, file));
    return [file, { raw: buf.length, gzip: gz(buf) }];
  }),
);

const manifestPath = path.join(DIST, ".vite/manifest.json");
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : null;
/** Chunk file → { name, imports, dynamicImports, isDynamicEntry } with files, not manifest keys. */
const chunks = new Map();
if (manifest) {
  const fileOf = (key) => manifest[key]?.file;
  for (const entry of Object.values(manifest)) {
    if (!entry.file.endsWith(".js")) continue;
    chunks.set(entry.file, {
      name: entry.name ?? path.basename(entry.file, ".js"),
      imports: (entry.imports ?? []).map(fileOf).filter(Boolean),
      dynamicImports: (entry.dynamicImports ?? []).map(fileOf).filter(Boolean),
      isDynamicEntry: entry.isDynamicEntry === true,
    });
  }
}

/** A chunk and everything it imports statically (what loading it fetches). */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of chunks.get(file)?.imports ?? []) closure(dep, seen);
  return seen;
}

const initial = new Set([...entryFiles, ...preloadFiles]);
const missing = manifest ? [...new Set(entryFiles.flatMap((f) => [...closure(f)]))].filter((f) => !initial.has(f)) : [];
for (const f of missing) initial.add(f); // imported at start-up though not preloaded: fetched all the same

// --- What the chunks hold, by package, from their source maps ------------------------------------

const B64 = Object.fromEntries(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]),
);

/** Source-map `mappings` as [line, column, sourceIndex] segments (VLQ decoded). */
function* segments(mappings) {
  let source = 0;
  const lines = mappings.split(";");
  for (let line = 0; line < lines.length; line++) {
    let column = 0;
    for (const segment of lines[line].split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = B64[ch];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      yield [line, column, values.length > 1 ? source : -1];
    }
  }
}

function packageOf(source) {
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const [scope, name] = source.slice(nm + "node_modules/".length).split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  const pkg = /(?:^|\/)packages\/([^/]+)\//.exec(source);
  if (pkg) return `@analystbench/${pkg[1]}`;
  return "console code (apps/web/src)";
}

/** Minified bytes of a chunk by package: each generated column range goes to its source. */
function bytesByPackage(file) {
  const mapPath = path.join(DIST, `${file}.map`);
  const result = new Map();
  if (!existsSync(mapPath)) return result;
  const map = JSON.parse(readFileSync(mapPath, "utf8"));
  const lines = readFileSync(path.join(DIST, file), "utf8").split("\n");
  const segs = [...segments(map.mappings)];
  for (let i = 0; i < segs.length; i++) {
    const [line, column, source] = segs[i];
    const next = segs[i + 1];
    const end = next && next[0] === line ? next[1] : lines[line].length;
    const key = source >= 0 ? packageOf(map.sources[source]) : "bundler runtime";
    result.set(key, (result.get(key) ?? 0) + Math.max(0, end - column));
  }
  return result;
}

const holdings = new Map(jsFiles.map((f) => [f, bytesByPackage(f)]));

// --- Which page (or lazy component) loads each chunk ---------------------------------------------

const lazyEntries = [...chunks].filter(([, c]) => c.isDynamicEntry).map(([file]) => file);
/** The lazy entries whose loading fetches the chunk (the chunk excluded when it is one itself). */
function loadedBy(file) {
  return lazyEntries.filter((e) => closure(e).has(file)).map((e) => chunks.get(e).name);
}
/** Where a lazy entry is imported from: start-up code, or the lazy entries that fetch its importer. */
function openedFrom(file) {
  const from = new Set();
  for (const [importer, c] of chunks) {
    if (!c.dynamicImports.includes(file)) continue;
    if (initial.has(importer)) from.add("the start-up code");
    else for (const name of loadedBy(importer)) from.add(name);
  }
  return [...from];
}

// --- Report ---------------------------------------------------------------------------------------

const sum = (files, key) => files.reduce((n, f) => n + (sizes.get(f)?.[key] ?? 0), 0);
const initialFiles = [...initial];
const initialGzip = sum(initialFiles, "gzip");
const initialRaw = sum(initialFiles, "raw");
const ok = initialGzip <= TARGET_KB * 1000;

console.log(`\nAnalystBench console JavaScript (${path.relative(ROOT, DIST) || DIST})\n`);
console.log(
  `Initial JS — index.html: ${entryFiles.length} module script, ${preloadFiles.length} modulepreload` +
    `${missing.length ? `, ${missing.length} more imported at start-up` : ""}:`,
);
for (const f of initialFiles.sort((a, b) => sizes.get(b).gzip - sizes.get(a).gzip)) {
  console.log(
    `  ${f.padEnd(38)} ${kb(sizes.get(f).gzip).padStart(9)} gzipped  ${kb(sizes.get(f).raw).padStart(9)} raw`,
  );
}
console.log(
  `  ${"total".padEnd(38)} ${kb(initialGzip).padStart(9)} gzipped  ${kb(initialRaw).padStart(9)} raw` +
    ` — target ≤ ${TARGET_KB} kB gzipped: ${ok ? `within target (${kb(TARGET_KB * 1000 - initialGzip)} to spare)` : "OVER TARGET"}`,
);
if (initialCss.length) {
  const css = initialCss.map((f) => gz(readFileSync(path.join(DIST, f))));
  console.log(`  (plus ${initialCss.length} stylesheet, ${kb(css.reduce((a, b) => a + b, 0))} gzipped)`);
}

const initialHoldings = new Map();
for (const f of initialFiles) {
  for (const [pkg, n] of holdings.get(f) ?? []) initialHoldings.set(pkg, (initialHoldings.get(pkg) ?? 0) + n);
}
if (initialHoldings.size) {
  console.log(`\nWhat the initial JS holds (minified bytes from the source maps; gzipped ≈ share of the total):`);
  const mapped = [...initialHoldings.values()].reduce((a, b) => a + b, 0);
  for (const [pkg, n] of [...initialHoldings].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    const share = n / mapped;
    console.log(
      `  ${pkg.padEnd(38)} ${kb(n).padStart(9)} raw  ≈ ${kb(share * initialGzip).padStart(8)} gzipped  ${(share * 100).toFixed(0).padStart(3)} %`,
    );
  }
}

const lazyFiles = jsFiles.filter((f) => !initial.has(f)).sort((a, b) => sizes.get(b).gzip - sizes.get(a).gzip);
console.log(`\nLargest lazy chunks (${lazyFiles.length} in all), fetched when a page or component first needs them:`);
for (const f of lazyFiles.slice(0, LARGEST)) {
  const c = chunks.get(f);
  let who = "(no manifest: run a build with this config)";
  if (c?.isDynamicEntry) {
    const from = openedFrom(f).filter((n) => n !== c.name);
    who = `${c.name} (lazy${from.length ? `; imported by ${from.join(", ")}` : ""})`;
  } else if (c) who = `shared by ${loadedBy(f).join(", ") || "nothing (unused)"}`;
  console.log(`  ${f.padEnd(38)} ${kb(sizes.get(f).gzip).padStart(9)} gzipped  ${who}`);
}

console.log(`\nWhere the heavy libraries are:`);
for (const lib of WATCHED) {
  const places = jsFiles
    .map((f) => [f, [...(holdings.get(f) ?? [])].filter(([pkg]) => pkg === lib).reduce((n, [, b]) => n + b, 0)])
    .filter(([, n]) => n > 0);
  const total = places.reduce((n, [, b]) => n + b, 0);
  if (places.length === 0) {
    console.log(`  ${lib.padEnd(16)} not in the bundle`);
    continue;
  }
  const byLabel = new Map();
  for (const [f, n] of places) {
    const c = chunks.get(f);
    const label = initial.has(f) ? "initial JS" : c?.isDynamicEntry ? c.name : `shared by ${loadedBy(f).join(", ")}`;
    byLabel.set(label, (byLabel.get(label) ?? 0) + n);
  }
  const where = [...byLabel].map(([label, n]) => (byLabel.size > 1 ? `${label} (${kb(n)})` : label)).join("; ");
  console.log(`  ${lib.padEnd(16)} ${kb(total).padStart(9)} raw  ${where}`);
}

const allGzip = sum(jsFiles, "gzip");
console.log(
  `\nTotal JS: ${jsFiles.length} files, ${kb(allGzip)} gzipped (${kb(sum(jsFiles, "raw"))} raw);` +
    ` ${kb(allGzip - initialGzip)} gzipped of it loads lazily.`,
);
if (!manifest) console.log("No .vite/manifest.json in the build: page attribution left out.");
if (!ok) process.exitCode = 1;
