import { type Generator, clientPort, peer, pid } from "../context";
import { isoSpaceTime, p3 } from "../log-time";

const DB_USERS = ["app", "reporting", "flyway", "grafana"];

/** PostgreSQL server log (log_line_prefix '%m [%p] '): connections, checkpoints, autovacuum. */
export const postgres: Generator = (rng, ctx, ms) => {
  const u = rng.pick(DB_USERS);
  const r = rng.next();
  const head = `${isoSpaceTime(ms)} UTC [${pid(rng)}]`;
  if (r < 0.4)
    return `${head} LOG:  connection authorized: user=${u} database=${rng.pick(["rates", "shipments", "reporting"])} application_name=${rng.pick(["psql", "PostgreSQL JDBC Driver", "grafana"])}`;
  if (r < 0.7)
    return `${head} LOG:  disconnection: session time: 0:00:0${rng.int(0, 9)}.${p3(rng.int(0, 999))} user=${u} database=rates host=${peer(rng, ctx)} port=${clientPort(rng)}`;
  if (r < 0.9)
    return `${head} LOG:  checkpoint complete: wrote ${rng.int(3, 900)} buffers (${(rng.next() * 5).toFixed(1)}%); 0 WAL file(s) added, 0 removed, 1 recycled`;
  return `${head} LOG:  automatic vacuum of table "rates.public.${rng.pick(["quotes", "lanes", "carriers"])}": index scans: 1`;
};
