import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import {
  DEFAULT_VIEWER_PORT,
  VIEWER_PORT_MAX,
  VIEWER_PORT_MIN,
  type ViewerMode,
  type ViewerState,
} from "@analystbench/contracts";
import { killGroup } from "./bounded-process";
import { plainOutputEnv } from "./child-env";
import { workspacePathScrubber } from "@analystbench/contracts/server-paths";

/**
 * The log viewer as a child process of the server: started with a fixed argument vector (no
 * shell), always on 127.0.0.1, one at a time. Normally the built-in viewer (apps/viewer); with
 * ANALYSTBENCH_VIEWER=inspect and an `inspect` command on PATH, Inspect AI's own `inspect view`.
 * Stopping sends SIGTERM (SIGINT for Inspect, which shuts down cleanly on it), waits, then kills
 * the process group, and reaps the child.
 *
 * Its errors reach the console (ViewerState.error, the start's answer) with the tail of the
 * child's stderr; absolute paths there are rewritten relative to the workspace, the logs
 * directory's parent (@analystbench/contracts/server-paths).
 */
export class ViewerError extends Error {
  constructor(
    readonly status: 400 | 409 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ViewerProcessOptions {
  logsDir: string;
  /** The console's own port: never handed to the viewer. */
  consolePort: number | null;
  /** Origins allowed to frame the built-in viewer (the console's). */
  frameOrigins: string[];
  /** ANALYSTBENCH_VIEWER and PATH are read from here; the child inherits it. */
  env?: NodeJS.ProcessEnv;
  /** How long the viewer may take until its port answers. */
  startTimeoutMs?: number;
  /** How long it may take to exit after the polite signal before it is killed. */
  stopTimeoutMs?: number;
}

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
export const BUILTIN_VIEWER_ENTRY = path.join(REPO_ROOT, "apps/viewer/bin/viewer.mjs");
const STDERR_TAIL_BYTES = 4096;

/** The absolute path of an executable `name` on PATH, or null. */
export function findOnPath(name: string, pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? "").split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Resolves true when something accepts connections on 127.0.0.1:port. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Resolves null when the port can be bound on 127.0.0.1, else the error code. */
function portFree(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "EUNKNOWN"));
    server.listen({ host: "127.0.0.1", port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  child: ChildProcess;
  pid: number;
  port: number;
  mode: ViewerMode;
  exited: Promise<void>;
  /** Set while the server itself is stopping it, so the exit is not reported as a crash. */
  stopping: boolean;
}

export function createViewerProcess(opts: ViewerProcessOptions) {
  const env = opts.env ?? process.env;
  const startTimeoutMs = opts.startTimeoutMs ?? 20_000;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 5_000;
  const scrub = workspacePathScrubber(path.dirname(opts.logsDir));
  let current: Running | null = null;
  let lastPort = DEFAULT_VIEWER_PORT;
  let lastError: string | null = null;
  // Start and stop run one after the other, so two clicks never start two viewers.
  let queue: Promise<unknown> = Promise.resolve();
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const inspectCommand = () => (env.ANALYSTBENCH_VIEWER === "inspect" ? findOnPath("inspect", env.PATH) : null);

  function state(): ViewerState {
    const port = current?.port ?? lastPort;
    return {
      running: current !== null,
      port,
      url: `http://127.0.0.1:${port}/`,
      mode: current?.mode ?? (inspectCommand() ? "inspect" : "builtin"),
      error: lastError,
    };
  }

  function argvFor(port: number): { argv: string[]; mode: ViewerMode } {
    const inspect = inspectCommand();
    if (inspect)
      return { mode: "inspect", argv: [inspect, "view", "start", "--port", String(port), "--log-dir", opts.logsDir] };
    return {
      mode: "builtin",
      argv: [
        process.execPath,
        BUILTIN_VIEWER_ENTRY,
        `--port=${port}`,
        `--logs=${opts.logsDir}`,
        "--theme-default=light",
        ...opts.frameOrigins.map((o) => `--frame-origin=${o}`),
        "--exit-on-stdin-close",
      ],
    };
  }

  async function stopRunning(): Promise<void> {
    const run = current;
    if (!run) return;
    run.stopping = true;
    killGroup(run.pid, run.mode === "inspect" ? "SIGINT" : "SIGTERM");
    const exitedInTime = await Promise.race([run.exited.then(() => true), sleep(stopTimeoutMs).then(() => false)]);
    if (!exitedInTime) {
      killGroup(run.pid, "SIGKILL");
      await run.exited;
    }
    // Children it left in its group (Inspect's server workers) go with it.
    killGroup(run.pid, "SIGKILL");
    if (current === run) current = null;
  }

  async function start(port: number): Promise<ViewerState> {
    if (current) return state();
    if (!Number.isInteger(port) || port < VIEWER_PORT_MIN || port > VIEWER_PORT_MAX)
      throw new ViewerError(400, "INVALID_PORT", "The port must be a whole number from 1024 to 65535.");
    if (port === opts.consolePort)
      throw new ViewerError(
        400,
        "CONSOLE_PORT",
        `Port ${port} is the console's own port; choose another one for the viewer, such as ${DEFAULT_VIEWER_PORT}.`,
      );
    const busy = await portFree(port);
    if (busy === "EADDRINUSE")
      throw new ViewerError(
        409,
        "PORT_IN_USE",
        `Port ${port} is already in use by another program; stop it or choose another port.`,
      );
    if (busy) throw new ViewerError(400, "PORT_UNAVAILABLE", `Port ${port} cannot be used on 127.0.0.1 (${busy}).`);

    await mkdir(opts.logsDir, { recursive: true });
    const { argv, mode } = argvFor(port);
    lastPort = port;
    let stderrTail = "";
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: REPO_ROOT,
      env: plainOutputEnv(env),
      shell: false,
      detached: true,
      stdio: ["pipe", "ignore", "pipe"],
    });
    const exited = new Promise<void>((resolve) => {
      child.once("exit", (code, signal) => {
        if (current?.child === child) {
          if (!current.stopping)
            lastError = `The viewer stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}).`;
          current = null;
        }
        resolve();
      });
      child.once("error", () => resolve());
    });
    let spawnError: Error | null = null;
    child.once("error", (e) => (spawnError = e));
    child.stderr?.on("data", (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
    });
    // The built-in viewer exits when this pipe closes: with the server, however the server ends.
    child.stdin?.on("error", () => {});
    if (child.pid === undefined) {
      await exited;
      throw new ViewerError(
        503,
        "VIEWER_FAILED",
        scrub(`The viewer could not be started (${spawnError ?? "no process"}).`),
      );
    }
    const run: Running = { child, pid: child.pid, port, mode, exited, stopping: false };
    current = run;

    const deadline = Date.now() + (mode === "inspect" ? Math.max(startTimeoutMs, 60_000) : startTimeoutMs);
    let alive = true;
    void exited.then(() => (alive = false));
    while (alive && Date.now() < deadline) {
      if (await portAnswers(port)) {
        lastError = null;
        return state();
      }
      await sleep(100);
    }
    const why = scrub(stderrTail.trim().split("\n").slice(-3).join(" ").trim());
    await stopRunning();
    current = null;
    if (/already in use|EADDRINUSE/i.test(why))
      throw new ViewerError(409, "PORT_IN_USE", `Port ${port} is already in use by another program.`);
    lastError = alive
      ? `The viewer did not answer on port ${port} in time and was stopped.`
      : `The viewer exited before it answered on port ${port}${why ? `: ${why}` : "."}`;
    throw new ViewerError(503, "VIEWER_FAILED", lastError);
  }

  return {
    state,
    /** Starts the viewer and resolves once its port answers; harmless when it already runs. */
    start: (port: number) => serialize(() => start(port)),
    /** Stops it and reaps the process; harmless when it is not running. */
    stop: () =>
      serialize(async () => {
        await stopRunning();
        lastError = null;
        return state();
      }),
    /** The child's pid while it runs (tests prove it is gone after stop). */
    pid: () => current?.pid ?? null,
  };
}

export type ViewerProcess = ReturnType<typeof createViewerProcess>;

/** The origins a browser may show the console under, for the viewer's frame-ancestors. */
export function consoleOrigins(host: string, port: number): string[] {
  const loopback = ["127.0.0.1", "localhost", "0.0.0.0", "::", "::1"];
  if (loopback.includes(host)) return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  return [`http://${host.includes(":") ? `[${host}]` : host}:${port}`];
}
