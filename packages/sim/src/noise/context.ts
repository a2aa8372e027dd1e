import type { NoiseFormat, NoiseProfile } from "@analystbench/scenarios";
import type { Random } from "../random";

/**
 * What a generator may know about the host whose log it writes. Every other value comes from the
 * seeded random source, so the same content and seed give the same lines.
 */
export interface NoiseContext {
  hostname: string;
  ip: string;
  /** Internal addresses of other hosts (clients, peers). */
  peers: string[];
  /** Interactive users of the host. */
  users: string[];
  /** UIDs of the host's users by name, where known (auth logs print them). */
  uids?: Record<string, number>;
}

/**
 * Where a line falls in the file. Most formats ignore it; those that record one run of a program
 * (an npm log, a build's console) need it to print the run's opening and closing in place.
 */
export interface LinePosition {
  /** 0 for the oldest line. */
  index: number;
  /** Lines generated for the file. */
  count: number;
  /** The range the lines are spread over (a run's start and end). */
  fromMs: number;
  toMs: number;
}

/** One line of a format at `ms`. Draws only from `rng`, in a fixed order (see golden.test.ts). */
export type Generator = (rng: Random, ctx: NoiseContext, ms: number, line: LinePosition) => string;

export const pid = (rng: Random) => rng.int(800, 65000);
export const peer = (rng: Random, ctx: NoiseContext) => (ctx.peers.length ? rng.pick(ctx.peers) : "10.0.20.15");
export const user = (rng: Random, ctx: NoiseContext) => (ctx.users.length ? rng.pick(ctx.users) : "root");
export const clientPort = (rng: Random) => rng.int(40000, 65000);

/** Any address on the internet, as scanners and NAT gateways have (not filtered for reserved ranges). */
export const internetIp = (rng: Random) =>
  `${rng.int(11, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;

/** A version 4 UUID: "3f1c2a9e-7b4d-4e21-9c0a-5d6e7f8a9b0c". */
export function uuid(rng: Random): string {
  const h = rng.hex(32);
  const variant = "89ab"[rng.int(0, 3)]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Values fixed for a whole file (a build's commit, an account's ID, a daemon's PID) without state
 * in the generator: they come from a fork of the file's source under `label`, so every line of a
 * file sees the same ones and drawing them never shifts the lines' own draws. Kept per source and
 * context so that forking (a SHA-256) happens once per file, not once per line.
 */
export function perFile<T>(label: string, make: (r: Random, ctx: NoiseContext) => T) {
  const cache = new WeakMap<Random, WeakMap<NoiseContext, T>>();
  return (rng: Random, ctx: NoiseContext): T => {
    let byCtx = cache.get(rng);
    if (!byCtx) cache.set(rng, (byCtx = new WeakMap()));
    let value = byCtx.get(ctx);
    if (value === undefined) byCtx.set(ctx, (value = make(rng.fork(label), ctx)));
    return value;
  };
}

/**
 * A log's optional noise parameters (LogNoise in the schema, without count and range), plus the
 * environment's clock. None of them changes the generic formats' lines; each profile reads those
 * that apply to it.
 */
export interface NoiseOptions {
  profile?: NoiseProfile;
  external?: number;
  peers?: string[];
  hosts?: { name: string; ip: string; user?: string }[];
  users?: string[];
  names?: string[];
  keys?: Record<string, string>;
  verbose?: boolean;
  mfa?: boolean;
  origin?: { name: string; ip: string };
  window_days?: number;
  /** postfix/relay: the moment the relay's address was blocklisted. */
  blocklisted?: string;
  /** The environment's clock: a log holds nothing later, so nothing later is generated. */
  untilMs?: number;
}

/** What a profile generates from: the file's context (overrides applied), options and range. */
export interface ProfileInput {
  format: NoiseFormat;
  ctx: NoiseContext;
  options: NoiseOptions;
  /** Lines to generate over [fromMs, toMs]. */
  count: number;
  fromMs: number;
  toMs: number;
}
