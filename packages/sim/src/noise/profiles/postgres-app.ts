import type { Random } from "../../random";
import { perFile, type ProfileInput } from "../context";
import { isoSpaceTime, p3 } from "../log-time";
import { activity, type Emit, MINUTE, type Periodic, type Plan, SECOND, type Source } from "./engine";
import { clients } from "./internet";

/**
 * PostgreSQL 15 with `log_line_prefix = '%m [%p] %q%u@%d '` and connections logged (profile
 * `app-db`): test runs of the CI server and developers' psql sessions, each a connection received,
 * authorized and ended, with the statements the tests log; checkpoints every five minutes while
 * anything writes. The databases and roles are `names` ("role@database"); the clients `peers`.
 */

const TABLES = ["rate_quotes", "shipments", "customers", "invoices", "lanes", "fuel_indices"];

const server = perFile("app-db:server", (r) => ({ checkpointer: r.int(600, 1_200), pidBase: r.int(300_000, 380_000) }));

export function appDbPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const roles = (options.names ?? ["app_test@freightops_copy"]).map((n) => {
    const [user, db] = n.split("@");
    return { user: user!, db: db ?? user! };
  });
  const info = server(rng, ctx);
  const pid = (ms: number, r: Random) => info.pidBase + Math.floor((ms - input.fromMs) / (2 * MINUTE)) + r.int(0, 3);
  const at = (ms: number) => `${isoSpaceTime(ms)} UTC`;
  const ci = options.hosts?.[0]?.ip ?? "10.0.30.11";
  const people = clients(rng, ctx).filter((ip) => ip !== ci);

  /** One connection's lines: received, authorized, what it ran, its end. */
  const connection = (
    r: Random,
    ms: number,
    emit: Emit,
    host: string,
    app: string,
    length: number,
    statements: string[],
  ) => {
    const role = r.pick(roles);
    const p = pid(ms, r);
    const port = r.int(32_768, 60_999);
    emit(ms, `${at(ms)} [${p}] [unknown]@[unknown] LOG:  connection received: host=${host} port=${port}`);
    const auth = ms + r.int(2, 9);
    const ssl =
      app === "psql"
        ? ` application_name=${app}`
        : ` SSL enabled (protocol=TLSv1.3, cipher=TLS_AES_256_GCM_SHA384, bits=256)`;
    emit(
      auth,
      `${at(auth)} [${p}] ${role.user}@${role.db} LOG:  connection authorized: user=${role.user} database=${role.db}${ssl}`,
    );
    let t = auth;
    for (const s of statements) {
      t += r.int(1, Math.max(2, Math.floor(length / (statements.length + 1))));
      emit(t, `${at(t)} [${p}] ${role.user}@${role.db} LOG:  statement: ${s}`);
    }
    const end = Math.max(t + r.int(5, 200), auth + length);
    const span = end - ms;
    const h = Math.floor(span / 3_600_000);
    const m = Math.floor((span % 3_600_000) / 60_000);
    const s = Math.floor((span % 60_000) / 1000);
    emit(
      end,
      `${at(end)} [${p}] ${role.user}@${role.db} LOG:  disconnection: session time: ${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${p3(span % 1000)} user=${role.user} database=${role.db} host=${host} port=${port}`,
    );
  };

  const sources: Source[] = [
    {
      // A CI test suite: several short connections, each logging its fixture statements.
      weight: 2,
      rhythm: "office",
      event: (r, ms, emit) => {
        const n = r.int(2, 8);
        for (let i = 0, t = ms; i < n; i++, t += r.int(1, 20) * SECOND) {
          const table = r.pick(TABLES);
          const statements = r.chance(0.4) ? [`SELECT count(*) FROM ${table}`] : [];
          connection(r, t, emit, ci, "node-postgres", r.int(300, 4_000), statements);
        }
      },
    },
  ];
  if (people.length)
    sources.push({
      weight: 1,
      rhythm: "office",
      event: (r, ms, emit) => connection(r, ms, emit, r.pick(people), "psql", r.int(20, 1_200) * SECOND, []),
    });
  const periodic: Periodic[] = [
    {
      everyMs: 5 * MINUTE,
      jitterMs: 500,
      lines: 1.2,
      event: (r, ms, emit) => {
        if (!r.chance(Math.min(1, activity("office", ms) + 0.05))) return;
        emit(ms, `${at(ms)} [${info.checkpointer}] LOG:  checkpoint starting: time`);
        const write = r.int(1_200, 27_000);
        const end = ms + write + r.int(5, 40);
        const buffers = r.int(3, 400);
        emit(
          end,
          `${at(end)} [${info.checkpointer}] LOG:  checkpoint complete: wrote ${buffers} buffers (${((buffers / 16_384) * 100).toFixed(1)}%); 0 WAL file(s) added, 0 removed, ${r.int(0, 1)} recycled; write=${(write / 1000).toFixed(3)} s, sync=0.00${r.int(1, 9)} s, total=${((write + 20) / 1000).toFixed(3)} s; sync files=${r.int(2, 40)}, longest=0.00${r.int(1, 9)} s, average=0.001 s; distance=${r.int(20, 4_000)} kB, estimate=${r.int(300, 5_000)} kB`,
        );
      },
    },
  ];
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
}
