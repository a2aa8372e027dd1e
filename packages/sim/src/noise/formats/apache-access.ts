import { type Generator, peer } from "../context";
import { USER_AGENTS, WEB_PATHS } from "../vocabulary";
import { combinedLogLine } from "./access-log";

/** Apache access_log (combined). */
export const apacheAccess: Generator = (rng, ctx, ms) =>
  combinedLogLine({
    client: peer(rng, ctx),
    ms,
    method: "GET",
    path: rng.pick(WEB_PATHS),
    status: rng.pick([200, 200, 200, 304, 404]),
    bytes: rng.int(180, 32000),
    agent: rng.pick(USER_AGENTS),
  });
