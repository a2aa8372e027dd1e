import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { type Emit, type Line, MINUTE, type Periodic, type Plan, run, SECOND, type Source } from "./engine";
import { internetAddress } from "./internet";

/**
 * A Node.js API's pino log (profile `pino` of the json-app format), as the content's driver API
 * prints it: one JSON object per line, `level` 30/40/50, `time` in epoch milliseconds, the
 * request as `req` with the client address the reverse proxy forwards, and an "internal call"
 * line before each service-to-service request naming the calling principal and capability.
 * Drivers' phones (okhttp) poll their jobs and report locations, the dispatch and billing
 * services call the internal routes, and the proxy checks /healthz every minute. Request IDs are
 * pino's counter, in order through the file. The services are `hosts` (name = principal).
 */

const LEVEL = (status: number) => (status >= 500 ? 50 : status >= 400 ? 40 : 30);
const driver = (r: Random) => `D-${r.int(10_000, 14_999)}`;

export function pinoLines(rng: Random, input: ProfileInput): Line[] {
  const { ctx, options } = input;
  const host = options.origin?.name ?? ctx.hostname;
  const services = options.hosts ?? [
    { name: "svc-dispatch", ip: "10.0.10.23", user: "kestrel-dispatch/5.2.1 undici" },
    { name: "svc-billing", ip: "10.0.10.24", user: "kestrel-billing/7.4.0 undici" },
  ];
  const proxy = options.peers?.[0] ?? "10.0.10.20";
  const ID = "@@request-id@@";
  const request = (
    ms: number,
    emit: Emit,
    method: string,
    url: string,
    ip: string,
    agent: string,
    status: number,
    time: number,
  ) =>
    emit(
      ms,
      JSON.stringify({
        level: LEVEL(status),
        time: ms,
        pid: 1,
        hostname: host,
        req: { id: ID, method, url, remoteAddress: ip, userAgent: agent },
        res: { statusCode: status },
        responseTime: time,
        msg: "request completed",
      }),
    );
  const internal = (
    r: Random,
    ms: number,
    emit: Emit,
    service: { name: string; ip: string; user?: string },
    capability: string,
    method: string,
    url: string,
  ) => {
    emit(
      ms,
      JSON.stringify({
        level: 30,
        time: ms,
        pid: 1,
        hostname: host,
        reqId: ID,
        principal: service.name,
        realm: "services",
        capability,
        msg: "internal call",
      }),
    );
    const at = ms + r.int(5, 60);
    request(at, emit, method, url, service.ip, service.user ?? "undici", 200, r.int(8, 60));
  };

  const sources: Source[] = [
    {
      weight: 6,
      rhythm: "office",
      event: (r, ms, emit) => {
        const ip = internetAddress(r, 0.12);
        const agent = "okhttp/4.12.0";
        request(ms, emit, "GET", "/v1/drivers/me", ip, agent, r.chance(0.97) ? 200 : 401, r.int(4, 30));
        let t = ms + r.int(200, 2_000);
        request(t, emit, "GET", "/v1/jobs?status=assigned", ip, agent, 200, r.int(10, 90));
        const pings = r.int(1, 8);
        for (let k = 0; k < pings; k++) {
          t += r.int(1, 6) * MINUTE;
          request(t, emit, "POST", "/v1/drivers/location", ip, agent, 204, r.int(3, 20));
          if (r.chance(0.35))
            request(
              t + r.int(2, 40) * SECOND,
              emit,
              "POST",
              `/v1/jobs/J-${r.int(480_000, 499_999)}/events`,
              ip,
              agent,
              201,
              r.int(10, 70),
            );
        }
      },
    },
    {
      weight: 3,
      rhythm: "office",
      event: (r, ms, emit) => {
        const dispatch = services.find((s) => /dispatch/.test(s.name)) ?? services[0]!;
        if (r.chance(0.7)) internal(r, ms, emit, dispatch, "drivers:read", "GET", `/internal/drivers/${driver(r)}`);
        else
          internal(
            r,
            ms,
            emit,
            dispatch,
            "shipments:reassign",
            "POST",
            `/internal/shipments/SH-${r.int(7_700_000, 7_799_999)}/reassign`,
          );
      },
    },
  ];
  const periodic: Periodic[] = [
    {
      everyMs: MINUTE,
      offsetMs: 7 * SECOND,
      jitterMs: 900,
      lines: 1,
      event: (r, ms, emit) => request(ms, emit, "GET", "/healthz", proxy, "kube-probe/1.28", 200, r.int(0, 3)),
    },
    {
      // The billing run reads the payout accounts it will pay, once a night.
      everyMs: 24 * 60 * MINUTE,
      offsetMs: 2 * 60 * MINUTE + 15 * MINUTE,
      jitterMs: 10 * MINUTE,
      lines: 2,
      event: (r, ms, emit) => {
        const billing = services.find((s) => /billing/.test(s.name));
        if (!billing) return;
        const ids = Array.from({ length: 4 }, () => driver(r)).join(",");
        internal(r, ms, emit, billing, "drivers:read", "GET", `/internal/drivers/payout-accounts?ids=${ids}`);
      },
    },
  ];
  const plan: Plan = { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
  const lines = run(rng, plan);
  // pino numbers requests as they arrive: "req-" and a base-36 counter, the "internal call" line
  // carrying the number of the request that follows it.
  let counter = rng.int(80_000, 87_000);
  let pending: string | null = null;
  for (const l of lines) {
    if (!l.text.includes(ID)) continue;
    const internalCall = l.text.includes('"msg":"internal call"');
    let id: string;
    if (internalCall) id = pending = `req-${(counter++).toString(36)}`;
    else if (pending && l.text.includes('"realm"') === false && l.text.includes("/internal/")) {
      id = pending;
      pending = null;
    } else id = `req-${(counter++).toString(36)}`;
    l.text = l.text.replace(ID, id);
  }
  return lines;
}
