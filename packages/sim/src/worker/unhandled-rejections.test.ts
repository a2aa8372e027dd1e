import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keepGoingOnUnhandledRejections } from "./unhandled-rejections";

const MODULE = fileURLToPath(new URL("./unhandled-rejections.ts", import.meta.url));

/** Runs `body` as a module in a process of its own (through tsx), after `setup`. */
function run(setup: string, body: string) {
  const script = `import { keepGoingOnUnhandledRejections } from ${JSON.stringify(MODULE)};\n${setup}\n${body}`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
}

const LATE_FAILURE = `Promise.reject(new TypeError("late")); setTimeout(() => console.log("still here"), 50);`;

describe("keepGoingOnUnhandledRejections", () => {
  it("keeps the thread going when a promise fails with no handler, and says what failed", () => {
    const kept = run("keepGoingOnUnhandledRejections();", LATE_FAILURE);
    expect(kept.stdout).toBe("still here\n");
    expect(kept.stderr).toBe("simulation worker: a promise failed with no handler (TypeError); the worker goes on\n");
    expect(kept.status).toBe(0);
    // Node's default, without it: the failure ends the process.
    const ended = run("void keepGoingOnUnhandledRejections;", LATE_FAILURE);
    expect(ended.stdout).toBe("");
    expect(ended.status).not.toBe(0);
  });

  it("names a failure by its error's name, kept to a name's characters, or by the value's type", () => {
    const lines: string[] = [];
    const handlers: ((reason: unknown) => void)[] = [];
    const target = { on: (_event: string, handler: (reason: unknown) => void) => handlers.push(handler) };
    keepGoingOnUnhandledRejections(target as unknown as NodeJS.EventEmitter, (line) => lines.push(line));
    const odd = Object.assign(new Error("x"), { name: "Evil\nname: <script>" });
    for (const reason of [new RangeError("r"), odd, "text", undefined]) handlers[0]!(reason);
    expect(lines.map((l) => l.match(/\((.*)\)/)![1])).toEqual(["RangeError", "Evilnamescript", "string", "undefined"]);
  });
});
