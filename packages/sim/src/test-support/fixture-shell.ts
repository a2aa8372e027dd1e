import { beforeAll } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../environment";
import { fixtureWorld } from "./fixture-world";

/**
 * The shell on the fixture world's Web Server, built once for the calling test file (after running
 * `setup` there, if given): `sh(cmd)` resolves to the command's output followed by `[exit code]`.
 */
export function fixtureShell(setup?: string): (cmd: string) => Promise<string> {
  let env: SimEnvironment;
  beforeAll(async () => {
    env = await buildEnvironment(fixtureWorld());
    if (setup) await env.exec("Web Server", setup);
  });
  return async (cmd) => {
    const r = await env.exec("Web Server", cmd);
    return `${r.output}[${r.exitCode}]`;
  };
}
