import { createHmac } from "node:crypto";
import { renderIdentifiers, templatizeIdentifiers, type Identifiers } from "./identifiers";
import {
  camelName,
  drawTypo,
  foldHomoglyphs,
  homoglyphOrdinal,
  imitatedName,
  jsonEscaped,
  namesIn,
  placeHomoglyph,
} from "./lookalikes";
import { drawShiftWeeks, mapStrings, shiftTimes, shiftTimesInText, type TimeShift } from "./time-shift";

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
 * prefixes. Values the story depends on letter by letter are drawn with that relation (see
 * lookalikes.ts): a typo-squat stays a typo of the real package, an internal package keeps its
 * organisation's prefix, a homoglyph account imitates its (drawn) ASCII twin. Every date of the
 * variant moves by a whole number of weeks (time-shift.ts), dates inside drawn values included.
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

/** Versions (4.12.1) and dates (2026-03-13) in a file name tie it to the story: only its words change. */
const TIED_NUMBERS = /\d+\.\d+\.\d+|\d{4}-\d{2}-\d{2}/;

function drawArtifact(draw: Draw, value: string, atomic: Map<string, string>, shift?: TimeShift): string {
  if (/^[0-9a-f]{8,}$/.test(value)) return hex(draw, value.length, false);
  if (/^[0-9A-F]{8,}$/.test(value)) return hex(draw, value.length, true);
  if (/^AKIA[0-9A-Z]{16}$/.test(value)) {
    const alphabet = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"];
    return `AKIA${Array.from({ length: 16 }, () => pick(draw, alphabet)).join("")}`;
  }
  const decoded = base64Text(value);
  if (decoded !== undefined) return Buffer.from(remapText(decoded, atomic)).toString("base64");
  if (/^v?\d+\.\d+\.\d+$/.test(value)) return drawVersion(draw, value);
  if (TIED_NUMBERS.test(value)) {
    // The version stays (the story cites it elsewhere); a date follows the variant's time shift.
    const ext = /\.[A-Za-z][A-Za-z0-9]{0,4}$/.exec(value)?.[0] ?? "";
    const stem = value.slice(0, value.length - ext.length);
    const words = stem.replace(/[A-Za-z]+/g, (run) =>
      run.length <= 3 || KEPT_WORDS.has(run.toLowerCase()) ? run : word(draw, run),
    );
    const redrawn = words === stem ? forceChange(draw, value) : `${words}${ext}`;
    return shift ? shiftTimesInText(redrawn, shift) : redrawn;
  }
  const dot = value.lastIndexOf(".");
  return dot > 0 ? `${reshape(draw, value.slice(0, dot))}${value.slice(dot)}` : reshape(draw, value);
}

/** A version near the published one: same major (same API), another minor and patch. */
function drawVersion(draw: Draw, value: string): string {
  const [major, minor, patch] = value.replace(/^v/, "").split(".").map(Number) as [number, number, number];
  const prefix = value.startsWith("v") ? "v" : "";
  for (let attempt = 0; attempt < 20; attempt++) {
    const m = Math.max(0, minor + Math.floor(draw() * 6) - 2);
    const p = Math.floor(draw() * 13);
    if (m !== minor || p !== patch) return `${prefix}${major}.${m}.${p}`;
  }
  return `${prefix}${major}.${minor + 1}.0`;
}

/**
 * A value whose runs reshape() keeps (ci-bot, tmp_cmd_out, rb-support) with its first run that is
 * no common word drawn again, or else its first run: the variant must not keep any identifier.
 */
function forceChange(draw: Draw, value: string): string {
  const runs = [...value.matchAll(/[A-Za-z]+/g)];
  const target = runs.find((r) => !KEPT_WORDS.has(r[0].toLowerCase())) ?? runs[0];
  if (!target) return value.replace(/[0-9]/, (d) => String((Number(d) + 1 + Math.floor(draw() * 9)) % 10));
  let drawn = word(draw, target[0]);
  while (drawn.toLowerCase() === target[0].toLowerCase()) drawn = word(draw, target[0]);
  return `${value.slice(0, target.index)}${drawn}${value.slice(target.index + target[0].length)}`;
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
  /** The variant's time shift: dates inside drawn values (a backup's file name) follow it. */
  shift?: TimeShift;
}

/**
 * The variant's time shift: whole weeks drawn like an identifier (so it is private with the
 * secret), measured from the published case's clock. Variant 0 does not move.
 */
export function variantTimeShift(caseId: string, variant: number, secret: string, referenceMs: number): TimeShift {
  if (variant === 0) return { weeks: 0, referenceMs };
  // "\0" cannot be part of an identifier key, so the shift never shares a draw with one.
  return { weeks: drawShiftWeeks(drawer(secret, caseId, variant, "\0time-shift")), referenceMs };
}

/** The order values are drawn in: a later value may be built on an earlier one. */
function drawOrder(key: string, value: string): number {
  if (/^(ip|domain|commit)_/.test(key)) return 0; // names and artifacts may contain them
  if (key.startsWith("package_")) return 1; // an installer's name is built on its package's
  if (/[^\x00-\x7f]/.test(value)) return 3; // a homoglyph follows its ASCII twin
  return 2;
}

/** The identifier table of variant `variant`; variant 0 is the table as published. */
export function drawIdentifiers(ids: Identifiers, ctx: VariantContext): Identifiers {
  if (ctx.variant === 0) return { ...ids };
  const out: Identifiers = {};
  const state: DrawState = {
    taken: addressesIn(ctx.text),
    atomic: new Map(),
    links: [],
    ids,
    out,
    ctx,
    names: undefined,
  };
  const entries = Object.entries(ids);
  for (const [key, value] of [...entries].sort((a, b) => drawOrder(...a) - drawOrder(...b))) {
    const draw = drawer(ctx.secret, ctx.caseId, ctx.variant, key);
    let drawn = drawValue(key, value, draw, state);
    // Every value of the table changes: a kept one would tell the published case apart.
    if (drawn === value || Object.values(ids).includes(drawn)) drawn = forceChange(draw, value);
    if (/^\d+\.\d+\.\d+\.\d+$/.test(drawn)) state.taken.add(drawn);
    state.atomic.set(value, drawn);
    const [label, drawnLabel] = [registrableLabel(value), registrableLabel(drawn)];
    if (key.startsWith("domain_") && label && drawnLabel && label.length >= 6) state.atomic.set(label, drawnLabel);
    state.links.push(...derivedForms(key, value, drawn));
    out[key] = drawn;
  }
  return Object.fromEntries(entries.map(([k]) => [k, out[k]!]));
}

/** What drawing one value may consult: the values drawn so far and the case's own names. */
interface DrawState {
  /** Addresses in use. */
  taken: Set<string>;
  /** Published value → drawn value, for values built on others. */
  atomic: Map<string, string>;
  /** Other spellings of drawn values (WarehouseUI for warehouse-ui), published → drawn. */
  links: [string, string][];
  ids: Identifiers;
  out: Identifiers;
  ctx: VariantContext;
  /** The case's names (namesIn(ctx.text)), read once when a package needs them. */
  names: Set<string> | undefined;
}

function drawValue(key: string, value: string, draw: Draw, state: DrawState): string {
  const { taken, atomic, out } = state;
  if (/[^\x00-\x7f]/.test(value)) return drawHomoglyph(draw, value, state);
  if (key.startsWith("package_")) return drawPackage(draw, value, state);
  if (key.startsWith("version_")) return drawVersion(draw, value);
  if (/^commit_\d+_short$/.test(key))
    return (out[key.replace(/_short$/, "")] ?? hex(draw, 40, false)).slice(0, value.length);
  if (key.startsWith("commit_")) return hex(draw, value.length, false);
  if (key.startsWith("ip_") && /^\d+\.\d+\.\d+\.\d+$/.test(value)) return drawAddress(draw, value, taken);
  if (key.startsWith("domain_")) return drawDomainOrHost(draw, value, atomic);
  // A name built on a value already drawn (noc-probe@… beside noc-probe.net, WarehouseUI-Setup-…
  // beside warehouse-ui) keeps that link; its dates follow the time shift.
  const linked = applyLinks(remapText(value, atomic), state.links);
  if (linked !== value) return state.ctx.shift ? shiftTimesInText(linked, state.ctx.shift) : linked;
  if (key.startsWith("user_")) return drawName(draw, value, atomic);
  return drawArtifact(draw, value, atomic, state.ctx.shift);
}

/**
 * A package drawn so that its story holds: a typo-squat becomes another typo of the package it
 * imitates (which is not drawn: it is a real package), an internal package keeps its
 * organisation's prefix or scope (kestrel-…, @kestrel/…), any other gets new words of its shape.
 */
function drawPackage(draw: Draw, value: string, state: DrawState): string {
  const names = (state.names ??= namesIn(state.ctx.text));
  const real = imitatedName(value, names);
  if (real) return drawTypo(draw, real, value, names);
  const org = organisationPrefix(value, state);
  for (let attempt = 0; attempt < 20; attempt++) {
    const rest = reshape(draw, value.slice(org.length));
    const drawn = `${org}${rest === value.slice(org.length) ? forceChange(draw, rest) : rest}`;
    if (drawn !== value && !names.has(drawn)) return drawn;
  }
  return forceChange(draw, value);
}

/**
 * The organisation part of an internal package's name: its npm scope (@kestrel/), or its first
 * part when the organisation names its accounts and domains after it too (kestrel-devops,
 * kestrelfreight-cdn.com beside kestrel-rate-tables), or nothing.
 */
function organisationPrefix(value: string, state: DrawState): string {
  const scope = /^@[^/]+\//.exec(value)?.[0];
  if (scope) return scope;
  const first = /^([a-z]{4,})-/.exec(value)?.[1];
  if (!first) return "";
  const others = Object.entries(state.ids).filter(([k, v]) => /^(domain|user)_/.test(k) && v !== value);
  const named = others.some(([, v]) => v.split(/[.@]/).some((label) => label.startsWith(first)));
  return named || state.ctx.text.includes(`@${first}/`) ? `${first}-` : "";
}

/**
 * A homoglyph name drawn with its ASCII twin: the twin gets new words (or its own drawn value when
 * the table holds it), and the look-alike letter goes to a drawn position of the new twin, so the
 * name still renders exactly as the account it impersonates.
 */
function drawHomoglyph(draw: Draw, value: string, state: DrawState): string {
  const twin = foldHomoglyphs(value);
  const known = state.atomic.get(twin);
  for (let attempt = 0; attempt < 50; attempt++) {
    const drawnTwin = known ?? drawName(draw, twin, state.atomic);
    if (drawnTwin === twin) continue;
    // The first tries insist on the published look-alike letter, which the story describes.
    const drawn = placeHomoglyph(draw, drawnTwin, value, attempt < 40 && known === undefined);
    if (drawn) {
      state.atomic.set(twin, drawnTwin);
      return drawn;
    }
  }
  return value;
}

/**
 * Other spellings of a drawn value that the case writes, published → drawn, replaced wherever
 * they stand (even inside a longer name: warehouse-ui-release, codesign-warehouse-ui.json):
 * - a package: its name, its product spelling (WarehouseUI) and its scoped name (@kestrel/…);
 * - a homoglyph: its ASCII twin, its JSON escape (svc-disp\u0430tch) and the letter's position in
 *   words ("fifth letter").
 */
function derivedForms(key: string, published: string, drawn: string): [string, string][] {
  const forms: [string, string][] = [];
  if (key.startsWith("package_")) {
    forms.push([published, drawn]);
    if (camelName(published) !== published) forms.push([camelName(published), camelName(drawn)]);
    const [org, rest] = [/^([a-z]{4,})-(.+)$/.exec(published), /^([a-z]{4,})-(.+)$/.exec(drawn)];
    if (org && rest && org[1] === rest[1]) forms.push([`@${org[1]}/${org[2]}`, `@${rest[1]}/${rest[2]}`]);
  }
  if (/[^\x00-\x7f]/.test(published)) {
    forms.push([foldHomoglyphs(published), foldHomoglyphs(drawn)], [jsonEscaped(published), jsonEscaped(drawn)]);
    const [before, after] = [homoglyphOrdinal(published), homoglyphOrdinal(drawn)];
    if (before && after && before !== after) forms.push([before, after]);
  }
  return forms.filter(([from, to]) => from !== to && from.length >= 3);
}

/** Characters that continue a name on either side of a derived spelling (a hyphen does not). */
const WORD_CHAR = "A-Za-z0-9_";

/**
 * `text` with derived spellings replaced in one pass (so a replacement is never replaced again).
 * A spelling stands alone between characters that are no letters, digits or underscores, or
 * right after a regular expression's \b (\bsvc-dispatch\b in a grading pattern).
 */
function applyLinks(text: string, links: [string, string][]): string {
  return linker(links)(text);
}

/** applyLinks with its pattern compiled once, for mapping every string of a world. */
function linker(links: [string, string][]): (text: string) => string {
  if (!links.length) return (text) => text;
  const to = new Map(links);
  const sorted = [...to.keys()].sort((a, b) => b.length - a.length);
  const alternatives = sorted.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const pattern = new RegExp(`(?<=^|[^${WORD_CHAR}]|\\\\b)(?:${alternatives})(?=$|[^${WORD_CHAR}])`, "g");
  return (text) => text.replace(pattern, (found) => to.get(found)!);
}

/** A subdomain of a domain already drawn follows it, so t.x.net stays under x.net. */
function drawDomainOrHost(draw: Draw, value: string, atomic: Map<string, string>): string {
  for (const [before, after] of atomic) {
    if (value.endsWith(`.${before}`) && before.includes(".")) return `${value.slice(0, -before.length)}${after}`;
  }
  return value.includes(".") ? drawDomain(draw, value) : reshape(draw, value);
}

interface Substitutions {
  /** Whole values, published (as shifted) → drawn, by key. */
  from: Identifiers;
  to: Identifiers;
  /** Derived spellings replaced wherever they stand (derivedForms). */
  links: [string, string][];
}

/**
 * Pairs (published value → drawn value) including base64 spellings of addresses and domains,
 * which payloads carry to hide them: a drawn variant must not leave the published one decodable.
 * Published values are taken as the time shift left them (a dated backup's name moved already).
 */
function substitutions(ids: Identifiers, drawn: Identifiers, shift?: TimeShift): Substitutions {
  const from: Identifiers = {};
  const to: Identifiers = {};
  const links: [string, string][] = [];
  for (const [key, published] of Object.entries(ids)) {
    const value = shift ? shiftTimesInText(published, shift) : published;
    if (drawn[key] === value) continue;
    links.push(...derivedForms(key, published, drawn[key]!));
    if (key.startsWith("package_")) continue; // its name is among the derived spellings
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
  return { from, to, links };
}

/**
 * `text` with each base64 run that encodes printable text re-encoded after `remap` of that text,
 * so that no published identifier stays decodable inside a payload (ctx=<base64 of env>).
 */
function remapBase64(text: string, remap: (decoded: string) => string): string {
  if (text.length < 16) return text;
  return text.replace(/[A-Za-z0-9+/]{16,}={0,2}/g, (run) => {
    const plainText = base64Text(run);
    if (plainText === undefined) return run;
    const after = remap(plainText);
    return after === plainText ? run : Buffer.from(after).toString("base64");
  });
}

/** The second-level label of a domain (covstat-report of ingest.covstat-report.io). */
function registrableLabel(domain: string): string | undefined {
  const labels = domain.split(".");
  return labels.length >= 2 ? labels[labels.length - 2] : undefined;
}

/**
 * Every string in `value` with the published identifiers replaced by the variant's, and with its
 * dates moved by `shift` when one is given (before the identifiers: a drawn value is never read
 * as a date).
 */
export function remapIdentifiers<T>(value: T, ids: Identifiers, drawn: Identifiers, shift?: TimeShift): T {
  const moved = shift ? shiftTimes(value, shift) : value;
  const { from, to, links } = substitutions(ids, drawn, shift);
  if (Object.keys(from).length === 0 && links.length === 0) return moved;
  const link = linker(links);
  const plain = (text: string) => link(renderIdentifiers(templatizeIdentifiers(text, from), to));
  // A payload's base64 (an uploaded environment, a hidden command) decodes to the variant's values.
  const decoded = (text: string) => (shift ? plain(shiftTimesInText(text, shift)) : plain(text));
  return mapStrings(moved, (v) => plain(remapBase64(v, decoded)));
}
