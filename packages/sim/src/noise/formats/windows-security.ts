import { type Generator, peer, user } from "../context";
import { usTime } from "../log-time";

/** A flattened export of the Windows Security log: logons, logoffs, Kerberos tickets. */
export const windowsSecurity: Generator = (rng, ctx, ms) => {
  const id = rng.pick([4624, 4624, 4634, 4672, 4768, 4769]);
  return `${usTime(ms)} EventID=${id} Computer=${ctx.hostname} Account=${user(rng, ctx)} LogonType=${rng.pick([3, 3, 2, 10])} Source=${peer(rng, ctx)} Result=Success`;
};
