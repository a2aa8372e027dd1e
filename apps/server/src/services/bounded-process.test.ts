import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { exitCodeOf, failureOf, runBoundedProcess } from "./bounded-process";

const node = (source: string, extra: Partial<Parameters<typeof runBoundedProcess>[0]> = {}) =>
  runBoundedProcess({
    argv: [process.execPath, "-e", source],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH },
    timeoutMs: 10_000,
    outputCapBytes: 1024 * 1024,
    ...extra,
  });

describe("runBoundedProcess", () => {
  it("keeps stdout and stderr apart and, combined, in the order they arrived", async () => {
    const run = await node(
      "process.stdout.write('one\\n'); setTimeout(() => { process.stderr.write('two\\n'); setTimeout(() => process.stdout.write('three\\n'), 50); }, 50);",
    );
    expect(run.stdout).toBe("one\nthree\n");
    expect(run.stderr).toBe("two\n");
    expect(run.combined).toBe("one\ntwo\nthree\n");
    expect(exitCodeOf(run)).toBe(0);
    expect(failureOf(run, "The script", "1 s")).toBeNull();
  });

  it("caps the output and says it was truncated", async () => {
    const run = await node("process.stdout.write('x'.repeat(100000))", { outputCapBytes: 1000 });
    expect(run.stdout).toHaveLength(1000);
    expect(run.truncated).toBe(true);
  });

  it("stops a process that runs too long, and says so", async () => {
    const run = await node("setInterval(() => {}, 1000)", { timeoutMs: 200 });
    expect(run.timedOut).toBe(true);
    expect(exitCodeOf(run)).toBe(-1);
    expect(failureOf(run, "The script", "1 s")).toBe(
      "The script ran longer than 1 s and was stopped with its child processes.",
    );
  });

  it("tells a failing exit code and a command that cannot start", async () => {
    const failed = await node("process.exit(3)");
    expect(failureOf(failed, "The evaluation", "1 min")).toBe("The evaluation exited with code 3.");
    const missing = await runBoundedProcess({
      argv: ["/nonexistent/analystbench-command"],
      cwd: tmpdir(),
      env: {},
      timeoutMs: 1000,
      outputCapBytes: 1024,
    });
    expect(exitCodeOf(missing)).toBe(-1);
    expect(failureOf(missing, "The script", "1 s")).toMatch(/^The script could not be started \(.*ENOENT/);
  });
});
