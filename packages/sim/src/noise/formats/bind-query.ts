import type { Random } from "../../random";
import { type Generator, peer } from "../context";
import { bindTime } from "../log-time";

/** Names internal clients resolve every day: package mirrors, SaaS, internal services. */
const NAMES = [
  "registry.npmjs.org",
  "github.com",
  "api.github.com",
  "objects.githubusercontent.com",
  "security.ubuntu.com",
  "archive.ubuntu.com",
  "ntp.ubuntu.com",
  "repo.maven.apache.org",
  "pypi.org",
  "files.pythonhosted.org",
  "login.microsoftonline.com",
  "outlook.office365.com",
  "www.google.com",
  "ocsp.digicert.com",
  "git.kestrel.internal",
  "nexus.kestrel.internal",
  "dc01.kestrel.internal",
];
/** Flags after the type: + recursion desired, E(0) EDNS version 0, K DNS cookie. */
const FLAGS = ["+E(0)K", "+E(0)K", "+E(0)K", "+", "+E(0)"];

function question(rng: Random, client: string): { name: string; type: string } {
  const r = rng.next();
  if (r < 0.08) return { name: `${client.split(".").reverse().join(".")}.in-addr.arpa`, type: "PTR" };
  if (r < 0.12) return { name: "_ldap._tcp.dc._msdcs.kestrel.internal", type: "SRV" };
  return { name: rng.pick(NAMES), type: rng.pick(["A", "A", "A", "AAAA", "AAAA", "HTTPS"]) };
}

/**
 * BIND 9 query log (`querylog yes`, channel with `print-time yes`). The client object address is
 * a heap pointer, so it is 8-byte aligned.
 */
export const bindQuery: Generator = (rng, ctx, ms) => {
  const client = peer(rng, ctx);
  const { name, type } = question(rng, rng.chance(0.5) ? client : peer(rng, ctx));
  const handle = `0x7f${rng.hex(9)}${rng.pick(["0", "8"])}`;
  return `${bindTime(ms)} client @${handle} ${client}#${rng.int(32768, 60999)} (${name}): query: ${name} IN ${type} ${rng.pick(FLAGS)} (${ctx.ip})`;
};
