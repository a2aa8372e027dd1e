import path from "node:path";
import { parseArgs } from "node:util";
import { buildViewerApp, ORIGIN_PATTERN } from "./app";

/**
 * `analystbench-viewer --port 7860 --logs <dir> [--theme-default light|dark] [--frame-origin <origin>]…`
 * Listens on 127.0.0.1 only. With --exit-on-stdin-close it also ends when its parent does (the
 * console gives it a stdin pipe), so a killed console never leaves a viewer behind.
 */
const USAGE =
  "usage: analystbench-viewer --port <1024-65535> --logs <dir> [--theme-default light|dark] [--frame-origin <origin>]... [--exit-on-stdin-close]";

function fail(sentence: string): number {
  console.error(`The log viewer cannot start: ${sentence}\n${USAGE}`);
  return 2;
}

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string", default: "7860" },
        logs: { type: "string" },
        "theme-default": { type: "string", default: "light" },
        "frame-origin": { type: "string", multiple: true, default: [] },
        "exit-on-stdin-close": { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return fail((e as Error).message);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port < 1024 || port > 65535)
    return fail(`--port must be a whole number from 1024 to 65535, not "${values.port}".`);
  if (!values.logs) return fail("--logs <dir> names the directory of eval logs to show.");
  const theme = values["theme-default"];
  if (theme !== "light" && theme !== "dark") return fail(`--theme-default is light or dark, not "${theme}".`);
  const bad = values["frame-origin"].find((o) => !ORIGIN_PATTERN.test(o));
  if (bad !== undefined) return fail(`--frame-origin must be an origin such as http://127.0.0.1:3000, not "${bad}".`);

  const logsDir = path.resolve(values.logs);
  const app = await buildViewerApp({ logsDir, themeDefault: theme, frameOrigins: values["frame-origin"] });
  try {
    await app.listen({ host: "127.0.0.1", port });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return fail(
      code === "EADDRINUSE"
        ? `port ${port} on 127.0.0.1 is already in use.`
        : `it could not listen on 127.0.0.1:${port} (${(e as Error).message}).`,
    );
  }
  console.log(`AnalystBench log viewer at http://127.0.0.1:${port}/ (logs: ${logsDir})`);

  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  if (values["exit-on-stdin-close"]) {
    process.stdin.on("end", stop);
    process.stdin.on("error", stop);
    process.stdin.resume();
  }
  // The listening socket keeps the process alive until a signal (or the parent's exit) ends it.
  return 0;
}
