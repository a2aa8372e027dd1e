import { Bash, DefenseInDepthBox, defineCommand } from "just-bash";
import { describe, expect, it } from "vitest";
import { buildEnvironment } from "../environment";
import { fixtureWorld } from "../test-support/fixture-world";
import { DEFENCE_IN_DEPTH, holdDefenceInDepth } from "./create-shell";

/** A command of a script's own (untrusted, as a script is) that makes a function from text. */
const makesFunction = {
  ...defineCommand("make-function", async () => {
    try {
      return { stdout: `made ${new Function("return 7")()}\n`, stderr: "", exitCode: 0 };
    } catch (e) {
      return { stdout: `${(e as Error).name}\n`, stderr: "", exitCode: 1 };
    }
  }),
  trusted: false,
};

describe("holdDefenceInDepth", () => {
  it("keeps the defence applied between commands, blocks inside a command as before, and nothing outside", async () => {
    const box = DefenseInDepthBox.getInstance(DEFENCE_IN_DEPTH);
    const env = await buildEnvironment(fixtureWorld());
    const script = new Bash({ defenseInDepth: DEFENCE_IN_DEPTH, customCommands: [makesFunction] });
    // Not held, a command applies the patches and restores them when it ends.
    expect((await env.exec("Web Server", "cat /etc/hostname")).output).toBe("web-01\n");
    expect(box.isActive()).toBe(false);
    expect((await script.exec("make-function")).stdout).toBe("SecurityViolationError\n");
    const release = holdDefenceInDepth();
    try {
      expect((await env.exec("Web Server", "cat /etc/hostname")).output).toBe("web-01\n");
      expect(box.isActive()).toBe(true);
      expect((await script.exec("make-function")).stdout).toBe("SecurityViolationError\n");
      expect(box.isActive()).toBe(true);
      // The host's own code, outside any command, is not blocked.
      expect(new Function("return 3")()).toBe(3);
    } finally {
      release();
    }
    expect(box.isActive()).toBe(false);
  });
});
