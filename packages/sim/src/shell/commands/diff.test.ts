import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";

/** Expected outputs are GNU diffutils 3.8's. */
const sh = fixtureShell(
  "printf 'a\\nb\\nc\\nd\\n' > /tmp/1; printf 'a\\nB\\nc\\nd\\ne' > /tmp/2; touch -d '2026-03-18 09:00:00' /tmp/1 /tmp/2",
);

describe("diff", () => {
  it("prints the normal format by default", async () => {
    expect(await sh("diff /tmp/1 /tmp/2")).toBe("2c2\n< b\n---\n> B\n4a5\n> e\n\\ No newline at end of file\n[1]");
    expect(await sh("diff /tmp/1 /tmp/1 && echo same")).toBe("same\n[0]");
  });

  it("prints a unified diff with the files' times, and -q in a word", async () => {
    expect(await sh("diff -u /tmp/1 /tmp/2 | head -n 3")).toBe(
      "--- /tmp/1\t2026-03-18 09:00:00.000000000 +0000\n+++ /tmp/2\t2026-03-18 09:00:00.000000000 +0000\n@@ -1,4 +1,5 @@\n[0]",
    );
    expect(await sh("diff -q /tmp/1 /tmp/2")).toBe("Files /tmp/1 and /tmp/2 differ\n[1]");
  });

  it("says what is missing, and refuses an unknown option as diffutils does", async () => {
    expect(await sh("diff /nope /tmp/1")).toBe("diff: /nope: No such file or directory\n[2]");
    expect(await sh("diff -Q /tmp/1 /tmp/2")).toBe(
      "diff: invalid option -- 'Q'\ndiff: Try 'diff --help' for more information.\n[2]",
    );
  });
});
