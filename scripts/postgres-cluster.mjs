/**
 * A throwaway Postgres cluster for the tests and benchmarks: Debian's postgresql binaries,
 * `initdb` into a fresh temporary directory, `pg_ctl start` on a free port of 127.0.0.1 with
 * its socket in that directory, trust authentication for one superuser. Nothing outside the
 * directory is touched, so it works beside (or without) the distribution's own cluster. Postgres
 * refuses to run as root: as root, the directory is given to the `postgres` user and the
 * commands run as that user (runuser).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const SUPERUSER = "analystbench";

/** The directory holding initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir() {
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest && existsSync(path.join(root, newest, "bin/initdb"))) return path.join(root, newest, "bin");
  throw new Error(
    "Postgres is not installed: these tests need Debian's postgresql package (apt-get install -y postgresql).",
  );
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts a cluster; resolves to its superuser URL (database "postgres") and a stop() that removes it. */
export async function startPostgresCluster() {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "analystbench-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = (tool, args) => {
    const [command, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url, port, stop };
}

function postgresUser() {
  const line = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).trim();
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}
