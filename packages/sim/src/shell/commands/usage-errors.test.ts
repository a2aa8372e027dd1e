import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";

/** Unknown commands and options are refused in the real tools' words (texts copied from them). */
const sh = fixtureShell();

describe("unknown commands and options", () => {
  it("says command not found as bash does", async () => {
    expect(await sh("frobnicate --now")).toBe("bash: frobnicate: command not found\n[127]");
  });

  it("completes the bundled tools' complaints with their usage hints and exit codes", async () => {
    expect(await sh("grep -Q x /etc/hostname")).toBe(
      "grep: invalid option -- 'Q'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n[2]",
    );
    expect(await sh("cut --bogus")).toBe(
      "cut: unrecognized option '--bogus'\nTry 'cut --help' for more information.\n[1]",
    );
    expect(await sh("awk -Q 1")).toBe("awk: not an option: -Q\n[2]");
    expect(await sh("sed -Q p 2>&1 | head -n 2")).toBe(
      "sed: invalid option -- 'Q'\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n[0]",
    );
    expect(await sh("find . -bogus")).toBe("find: unknown predicate `-bogus'\n[1]");
  });

  it("checks the options of ls, stat and chown", async () => {
    expect(await sh("ls -y")).toBe("ls: invalid option -- 'y'\nTry 'ls --help' for more information.\n[2]");
    expect(await sh("ls --bogus")).toBe(
      "ls: unrecognized option '--bogus'\nTry 'ls --help' for more information.\n[2]",
    );
    expect(await sh("ls -laQ /var/www/crm >/dev/null")).toBe("[0]");
    expect(await sh("stat -Q /etc/hostname")).toBe(
      "stat: invalid option -- 'Q'\nTry 'stat --help' for more information.\n[1]",
    );
    expect(await sh("stat")).toBe("stat: missing operand\nTry 'stat --help' for more information.\n[1]");
    expect(await sh("stat -c%a /var/www/crm/.env")).toBe("640\n[0]");
    expect(await sh("chown -Q root /etc/hostname")).toBe(
      "chown: invalid option -- 'Q'\nTry 'chown --help' for more information.\n[1]",
    );
  });
});
