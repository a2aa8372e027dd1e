import { createHmac } from "node:crypto";
import { renderIdentifiers, templatizeIdentifiers, type Identifiers } from "./identifiers";

/**
 * Variants of a case: every value of its identifier table drawn again, so that a model which has
 * memorised the published case (variant 0) or its reports cannot answer variant N without
 * investigating. Draws are deterministic from a secret, the case, the variant and the key
 * (HMAC-SHA256), so variant N is the same on every machine that holds the same secret, and a
 * held-out set stays private by keeping its secret (ANALYSTBENCH_VARIANT_SECRET).
 *
 * A drawn value keeps the shape of the one it replaces: an address stays in its /24 (internal
 * zones) or in the documentation ranges (the "internet"), a domain keeps its subdomain labels and
 * top-level domain, a hash keeps its length, a name keeps its separators, digits and short
 * prefixes. Values the story depends on letter by letter (package names, non-ASCII homoglyphs)
 * are kept.
 */

/** Public by default: variants are reproducible by anyone unless a secret is set. */
export const PUBLIC_VARIANT_SECRET = "analystbench-public-variants";

export function variantSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.ANALYSTBENCH_VARIANT_SECRET?.trim() || PUBLIC_VARIANT_SECRET;
}

/** A stream of pseudo-random numbers in [0, 1) for one identifier of one variant. */
function drawer(secret: string, caseId: string, variant: number, key: string): () => number {
  let block = Buffer.alloc(0);
  let at = 0;
  let counter = 0;
  return () => {
    if (at + 4 > block.length) {
      block = createHmac("sha256", secret).update(`${caseId}\0${variant}\0${key}\0${counter++}`).digest();
      at = 0;
    }
    const n = block.readUInt32BE(at);
    at += 4;
    return n / 2 ** 32;
  };
}

type Draw = () => number;
const pick = <T>(draw: Draw, xs: readonly T[]): T => xs[Math.floor(draw() * xs.length)]!;

/** Plain words that read like names of products, companies and handles. */
const WORDS = (
  "amber anchor arbor aspen atlas axis beacon birch bolt border breeze bridge brook canyon cedar " +
  "cinder cipher circuit cliff cloud comet copper coral crest crown delta dune echo ember falcon " +
  "fathom fern field flint forge fox frost garnet glacier granite grove harbor hawk hazel heron " +
  "horizon iris island ivory jade juniper kite lagoon lantern larch ledger lumen lynx maple marble " +
  "meadow mesa metro mint mosaic nectar nimbus north oak onyx orbit otter palm pebble pepper pine " +
  "pixel plume polar prism pulse quartz quill radar raven reef ridge river robin rowan sable sage " +
  "signal slate solar spark spruce stone summit swift tango thistle tide timber topaz torch tundra " +
  "valley vapor vector velvet vista willow winter zenith zephyr"
).split(" ");

/** Words joined to about the length of `like`, in its case pattern (lower, UPPER or Capitalised). */
function word(draw: Draw, like: string): string {
  let out = pick(draw, WORDS);
  while (out.length < like.length - 3) out += pick(draw, WORDS);
  if (like === like.toUpperCase()) return out.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return out[0]!.toUpperCase() + out.slice(1);
  return out;
}

/** Short runs (svc, ext, ci, dev) and common words keep their meaning; longer names are redrawn. */
const KEPT_WORDS = new Set([
  "svc",
  "ext",
  "dev",
  "ops",
  "bot",
  "tmp",
  "cdn",
  "www",
  "api",
  "admin",
  "backup",
  "support",
  "sync",
  "deploy",
  "laptop",
  "desktop",
  "setup",
  "mirror",
  "relay",
  "files",
  "share",
  "cloud",
  "mail",
  "the",
]);

/** Letters redrawn as words, digits redrawn as digits, everything else kept. */
function reshape(draw: Draw, value: string): string {
  return value.replace(/[A-Za-z]+|[0-9]+/g, (run) => {
    if (/^[0-9]+$/.test(run)) return run.replace(/[0-9]/g, () => String(Math.floor(draw() * 10)));
    if (run.length <= 3 || KEPT_WORDS.has(run.toLowerCase())) return run;
    return word(draw, run);
  });
}

const hex = (draw: Draw, n: number, upper: boolean) => {
  let out = "";
  for (let i = 0; i < n; i++) out += Math.floor(draw() * 16).toString(16);
  return upper ? out.toUpperCase() : out;
};

/** RFC 5737 documentation ranges: the content's "internet" addresses live there. */
const DOCUMENTATION_NETS = ["192.0.2", "198.51.100", "203.0.113"];

function drawAddress(draw: Draw, value: string, taken: Set<string>): string {
  const prefix = value.split(".").slice(0, 3).join(".");
  const internal = !DOCUMENTATION_NETS.includes(prefix);
  for (let attempt = 0; attempt < 200; attempt++) {
    const net = internal ? prefix : pick(draw, DOCUMENTATION_NETS);
    const candidate = `${net}.${20 + Math.floor(draw() * 220)}`;
    if (!taken.has(candidate)) return candidate;
  }
  return value;
}

/** The registrable part (last two labels) redrawn; subdomain labels and the TLD kept. */
function drawDomain(draw: Draw, value: string): string {
  const labels = value.split(".");
  if (labels.length < 2) return reshape(draw, value);
  const at = labels.length - 2;
  labels[at] = reshape(draw, labels[at]!).replace(/^[^a-z0-9]+/i, "");
  return labels.join(".");
}

function drawName(draw: Draw, value: string, atomic: Map<string, string>): string {
  const at = value.indexOf("@");
  if (at <= 0) return reshape(draw, value);
  const host = value.slice(at + 1);
  return `${reshape(draw, value.slice(0, at))}@${atomic.get(host) ?? host}`;
}

/** Versions (4.12.1) and dates (2026-03-13) in a file name tie it to the story: kept. */
const TIED_NUMBERS = /\d+\.\d+\.\d+|\d{4}-\d{2}-\d{2}/;

function drawArtifact(draw: Draw, value: string, atomic: Map<string, string>): string {
  if (/^[0-9a-f]{8,}$/.test(value)) return hex(draw, value.length, false);
  if (/^[0-9A-F]{8,}$/.test(value)) return hex(draw, value.length, true);
  if (/^AKIA[0-9A-Z]{16}$/.test(value)) {
    const alphabet = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"];
    return `AKIA${Array.from({ length: 16 }, () => pick(draw, alphabet)).join("")}`;
  }
  const decoded = base64Text(value);
  if (decoded !== undefined) return Buffer.from(remapText(decoded, atomic)).toString("base64");
  if (TIED_NUMBERS.test(value)) return value;
  const dot = value.lastIndexOf(".");
  return dot > 0 ? `${reshape(draw, value.slice(0, dot))}${value.slice(dot)}` : reshape(draw, value);
}

/** The text a base64 value encodes, when it is printable text (a hidden command or address). */
function base64Text(value: string): string | undefined {
  if (value.length < 16 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  const text = Buffer.from(value, "base64").toString("utf8");
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(text) ? text : undefined;
}

/** `text` with the values drawn so far replaced wherever they stand whole. */
function remapText(text: string, atomic: Map<string, string>): string {
  const from: Identifiers = {};
  const to: Identifiers = {};
  [...atomic].forEach(([before, after], i) => {
    from[`v${i}`] = before;
    to[`v${i}`] = after;
  });
  return renderIdentifiers(templatizeIdentifiers(text, from), to);
}

/** Every IPv4 address written anywhere in `text`: a drawn address must not collide with one. */
export function addressesIn(text: string): Set<string> {
  return new Set(text.match(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g) ?? []);
}

export interface VariantContext {
  caseId: string;
  variant: number;
  secret: string;
  /** Everything the case's world and tasks say, to avoid drawing a value already in use. */
  text: string;
}

/** The identifier table of variant `variant`; variant 0 is the table as published. */
export function drawIdentifiers(ids: Identifiers, ctx: VariantContext): Identifiers {
  if (ctx.variant === 0) return { ...ids };
  const out: Identifiers = {};
  const taken = addressesIn(ctx.text);
  const atomic = new Map<string, string>();
  const entries = Object.entries(ids);
  // Addresses, domains and commits first: names and artifacts may contain them.
  const order = (k: string) => (/^(ip|domain|commit)_/.test(k) ? 0 : 1);
  for (const [key, value] of [...entries].sort((a, b) => order(a[0]) - order(b[0]))) {
    const draw = drawer(ctx.secret, ctx.caseId, ctx.variant, key);
    const drawn = drawValue(key, value, draw, taken, atomic, out);
    if (/^\d+\.\d+\.\d+\.\d+$/.test(drawn)) taken.add(drawn);
    atomic.set(value, drawn);
    const [label, drawnLabel] = [registrableLabel(value), registrableLabel(drawn)];
    if (key.startsWith("domain_") && label && drawnLabel && label.length >= 6) atomic.set(label, drawnLabel);
    out[key] = drawn;
  }
  return Object.fromEntries(entries.map(([k]) => [k, out[k]!]));
}

function drawValue(
  key: string,
  value: string,
  draw: Draw,
  taken: Set<string>,
  atomic: Map<string, string>,
  out: Identifiers,
): string {
  if (/[^\x00-\x7f]/.test(value)) return value;
  if (key.startsWith("package_")) return value;
  if (/^commit_\d+_short$/.test(key))
    return (out[key.replace(/_short$/, "")] ?? hex(draw, 40, false)).slice(0, value.length);
  if (key.startsWith("commit_")) return hex(draw, value.length, false);
  if (key.startsWith("ip_") && /^\d+\.\d+\.\d+\.\d+$/.test(value)) return drawAddress(draw, value, taken);
  if (key.startsWith("domain_")) return drawDomainOrHost(draw, value, atomic);
  // A name built on a value already drawn (noc-probe@… beside noc-probe.net) keeps that link.
  const linked = remapText(value, atomic);
  if (linked !== value) return linked;
  if (key.startsWith("user_")) return drawName(draw, value, atomic);
  return drawArtifact(draw, value, atomic);
}

/** A subdomain of a domain already drawn follows it, so t.x.net stays under x.net. */
function drawDomainOrHost(draw: Draw, value: string, atomic: Map<string, string>): string {
  for (const [before, after] of atomic) {
    if (value.endsWith(`.${before}`) && before.includes(".")) return `${value.slice(0, -before.length)}${after}`;
  }
  return value.includes(".") ? drawDomain(draw, value) : reshape(draw, value);
}

/**
 * Pairs (published value → drawn value) including base64 spellings of addresses and domains,
 * which payloads carry to hide them: a drawn variant must not leave the published one decodable.
 */
function substitutions(ids: Identifiers, drawn: Identifiers): [Identifiers, Identifiers] {
  const from: Identifiers = {};
  const to: Identifiers = {};
  for (const [key, value] of Object.entries(ids)) {
    if (drawn[key] === value) continue;
    from[key] = value;
    to[key] = drawn[key]!;
    if (/^(ip|domain)_/.test(key)) {
      from[`${key}_b64`] = Buffer.from(value).toString("base64");
      to[`${key}_b64`] = Buffer.from(drawn[key]!).toString("base64");
    }
    // An analyst (and a solution path) greps a domain by its distinctive name: covstat-report.
    const [label, drawnLabel] = [registrableLabel(value), registrableLabel(drawn[key]!)];
    if (key.startsWith("domain_") && label && drawnLabel && label !== drawnLabel && label.length >= 6) {
      from[`${key}_label`] = label;
      to[`${key}_label`] = drawnLabel;
    }
  }
  return [from, to];
}

/** The second-level label of a domain (covstat-report of ingest.covstat-report.io). */
function registrableLabel(domain: string): string | undefined {
  const labels = domain.split(".");
  return labels.length >= 2 ? labels[labels.length - 2] : undefined;
}

/** Every string in `value` with the published identifiers replaced by the variant's. */
export function remapIdentifiers<T>(value: T, ids: Identifiers, drawn: Identifiers): T {
  const [from, to] = substitutions(ids, drawn);
  if (Object.keys(from).length === 0) return value;
  const map = (v: unknown): unknown => {
    if (typeof v === "string") return renderIdentifiers(templatizeIdentifiers(v, from), to);
    if (Array.isArray(v)) return v.map(map);
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = map(x);
      return out;
    }
    return v;
  };
  return map(value) as T;
}
