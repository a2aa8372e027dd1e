import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error";

/**
 * Answers only requests addressed to this server by one of its own names. A page on any site can
 * point a DNS name it controls at 127.0.0.1 (DNS rebinding) and then talk to the console as if it
 * were same-origin; the Host header it sends still carries the attacker's name, so refusing
 * unknown names closes that door.
 */
export function registerHostCheck(app: FastifyInstance, allowedHosts: readonly string[]): void {
  const allowed = new Set(allowedHosts.map(normaliseHostName));
  app.addHook("onRequest", async (request) => {
    const name = hostNameOf(request.headers.host ?? "");
    if (name !== null && allowed.has(name)) return;
    throw new HttpError(
      421,
      "UNKNOWN_HOST",
      "This server answers only to its own host names; add this name to ANALYSTBENCH_ALLOWED_HOSTS if it is yours.",
    );
  });
}

/** The host name of a Host header ("[::1]:3000" → "::1", "LocalHost:80" → "localhost"); null when malformed. */
export function hostNameOf(header: string): string | null {
  const value = header.trim();
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return normaliseHostName(bracketed[1]!);
  const plain = /^([A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return plain ? normaliseHostName(plain[1]!) : null;
}

/** Lower case, no trailing dot, no brackets: the form names are compared in. */
export function normaliseHostName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

/** One entry of ANALYSTBENCH_ALLOWED_HOSTS ("bench.example.com", "10.0.0.5", "::1"); null when it is not a host name. */
export function parseAllowedHost(entry: string): string | null {
  const value = entry.trim();
  if (/^\[?[0-9a-fA-F.]*:[0-9a-fA-F.]*:[0-9a-fA-F:.]*\]?$/.test(value)) return normaliseHostName(value);
  return /^[A-Za-z0-9.-]+$/.test(value) ? normaliseHostName(value) : null;
}

/** The default list: the listen address plus the loopback names. */
export function defaultAllowedHosts(listenHost: string): string[] {
  return [...new Set([listenHost, "localhost", "127.0.0.1", "::1"].map(normaliseHostName))];
}
