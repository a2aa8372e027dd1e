import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consoleOrigins, createViewerProcess, findOnPath, type ViewerProcess } from "./viewer-process";

let dir: string;
let viewer: ViewerProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "analystbench-viewer-proc-"));
});
afterEach(async () => {
  await viewer?.stop();
  viewer = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen({ host: "127.0.0.1", port: 0 }, r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * A stand-in for Inspect AI's `inspect` command (the edge of this test): it records its argv,
 * serves the port it is given, and records the signal that stops it.
 */
function fakeInspect(binDir: string): string {
  const script = path.join(binDir, "inspect");
  writeFileSync(
    script,
    `#!${process.execPath}
const fs = require("node:fs");
const http = require("node:http");
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(path.join(binDir, "argv.json"))}, JSON.stringify(args));
const port = Number(args[args.indexOf("--port") + 1]);
const server = http.createServer((_q, s) => s.end("inspect view")).listen(port, "127.0.0.1");
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => {
  fs.writeFileSync(${JSON.stringify(path.join(binDir, "signal"))}, sig);
  server.close(() => process.exit(0));
});
`,
  );
  chmodSync(script, 0o755);
  return script;
}

describe("the viewer process", () => {
  it("runs `inspect view start --port <port> --log-dir <logs>` when asked to and present, and stops it with SIGINT", async () => {
    fakeInspect(dir);
    const logsDir = path.join(dir, "logs");
    viewer = createViewerProcess({
      logsDir,
      consolePort: 3000,
      frameOrigins: [],
      env: { PATH: `${dir}${path.delimiter}${process.env.PATH}`, ANALYSTBENCH_VIEWER: "inspect" },
    });
    expect(viewer.state().mode).toBe("inspect");
    const port = await freePort();
    const state = await viewer.start(port);
    expect(state).toMatchObject({ running: true, port, mode: "inspect" });
    expect(JSON.parse(readFileSync(path.join(dir, "argv.json"), "utf8"))).toEqual([
      "view",
      "start",
      "--port",
      String(port),
      "--log-dir",
      logsDir,
    ]);
    expect(await (await fetch(state.url)).text()).toBe("inspect view");
    await viewer.stop();
    expect(readFileSync(path.join(dir, "signal"), "utf8")).toBe("SIGINT");
  });

  it("uses the built-in viewer when ANALYSTBENCH_VIEWER=inspect but no inspect command exists", () => {
    viewer = createViewerProcess({
      logsDir: dir,
      consolePort: 3000,
      frameOrigins: [],
      env: { PATH: "/nonexistent", ANALYSTBENCH_VIEWER: "inspect" },
    });
    expect(viewer.state().mode).toBe("builtin");
  });

  it("reports a viewer that exits before it answers, with its reason, and stays stopped", async () => {
    const script = path.join(dir, "inspect");
    writeFileSync(
      script,
      `#!${process.execPath}\nconsole.error("inspect: no module named inspect_ai"); process.exit(3);\n`,
    );
    chmodSync(script, 0o755);
    viewer = createViewerProcess({
      logsDir: dir,
      consolePort: 3000,
      frameOrigins: [],
      env: { PATH: dir, ANALYSTBENCH_VIEWER: "inspect" },
    });
    await expect(viewer.start(await freePort())).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("no module named inspect_ai"),
    });
    expect(viewer.state()).toMatchObject({ running: false, error: expect.stringContaining("exited before") });
  });

  it("tells why a viewer failed without the server's absolute paths (relative to the workspace)", async () => {
    const workspace = path.join(dir, "workspace");
    const logsDir = path.join(workspace, "logs");
    const script = path.join(dir, "inspect");
    writeFileSync(
      script,
      `#!${process.execPath}\nconsole.error("Error: EACCES: permission denied, scandir '" + ${JSON.stringify(logsDir)} + "/x'"); process.exit(3);\n`,
    );
    chmodSync(script, 0o755);
    viewer = createViewerProcess({
      logsDir,
      consolePort: 3000,
      frameOrigins: [],
      env: { PATH: dir, ANALYSTBENCH_VIEWER: "inspect" },
    });
    const failure = (await viewer.start(await freePort()).catch((e: unknown) => e)) as Error;
    expect(failure.message).toContain("scandir 'logs/x'");
    expect(failure.message).not.toContain(dir);
    expect(JSON.stringify(viewer.state())).not.toContain(dir);
  });

  it("finds executables on PATH only in absolute directories", () => {
    fakeInspect(dir);
    expect(findOnPath("inspect", `relative${path.delimiter}${dir}`)).toBe(path.join(dir, "inspect"));
    expect(findOnPath("inspect", "relative")).toBeNull();
    expect(existsSync(path.join(dir, "argv.json"))).toBe(false);
  });

  it("allows the console under both loopback names, and only its own host otherwise", () => {
    expect(consoleOrigins("127.0.0.1", 3000)).toEqual(["http://127.0.0.1:3000", "http://localhost:3000"]);
    expect(consoleOrigins("10.1.2.3", 8080)).toEqual(["http://10.1.2.3:8080"]);
    expect(consoleOrigins("fe80::1", 8080)).toEqual(["http://[fe80::1]:8080"]);
  });
});
