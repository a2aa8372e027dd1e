import { type Generator, peer } from "../context";
import { isoTime } from "../log-time";

const APP_PATHS = ["/api/v1/health", "/api/v1/shipments", "/api/v1/rates/quote", "/api/v1/tracking/events", "/metrics"];

/** A JSON-lines application request log (pino/zap style). Keys are drawn in the order printed. */
export const jsonApp: Generator = (rng, ctx, ms) =>
  JSON.stringify({
    time: isoTime(ms),
    level: rng.pick(["info", "info", "info", "debug", "warn"]),
    msg: "request completed",
    method: rng.pick(["GET", "GET", "POST"]),
    path: rng.pick(APP_PATHS),
    status: rng.pick([200, 200, 200, 201, 304, 404]),
    duration_ms: rng.int(1, 240),
    remote: peer(rng, ctx),
  });
