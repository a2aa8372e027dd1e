import { type Generator, peer } from "../context";
import { USER_AGENTS, WEB_PATHS } from "../vocabulary";
import { combinedLogLine } from "./access-log";

/** nginx access.log. The status is drawn first so a 304 can carry an empty body. */
export const nginxAccess: Generator = (rng, ctx, ms) => {
  const status = rng.pick([200, 200, 200, 200, 200, 304, 301, 404, 200, 302]);
  return combinedLogLine({
    client: peer(rng, ctx),
    ms,
    method: rng.pick(["GET", "GET", "GET", "POST"]),
    path: rng.pick(WEB_PATHS),
    status,
    bytes: status === 304 ? 0 : rng.int(180, 48000),
    agent: rng.pick(USER_AGENTS),
  });
};
