import { describe, expect, it } from "vitest";
import { openInProcessSession } from "./session";
import { fixtureWorld } from "./test-support/fixture-world";

const sh = (command: string) => ({ device_role: "Web Server", command_with_args: command });

describe("the in-process session", () => {
  it("runs a turn's calls one at a time, so every change is credited to its command", async () => {
    const s = await openInProcessSession(fixtureWorld());
    await Promise.all(
      ["touch /tmp/a", "touch /tmp/b", "rm -f /tmp/a", "echo x > /tmp/c"].map((c) =>
        s.callTool("execute_shell_command", sh(c)),
      ),
    );
    const diff = await s.diff();
    expect(diff.files.map((f) => [f.path, f.commands])).toEqual([
      ["/tmp/b", ["touch /tmp/b"]],
      ["/tmp/c", ["echo x > /tmp/c"]],
    ]);
  });

  it("does not count writing to /dev/null as a change", async () => {
    const s = await openInProcessSession(fixtureWorld());
    await s.callTool("execute_shell_command", sh("grep -rn nothing /var/log 2>/dev/null; ls /nope 2>/dev/null"));
    const diff = await s.diff();
    expect(diff.commands.map((c) => c.changedState)).toEqual([false]);
    expect(diff.files).toEqual([]);
  });
});
