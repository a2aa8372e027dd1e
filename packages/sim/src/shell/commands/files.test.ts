import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";

/** Expected layouts are GNU stat 9.1's and file 5.44's; the differential test compares them on exported hosts. */
const sh = fixtureShell();

describe("stat", () => {
  it("prints GNU's default layout: blocks, device and inode, numeric and named owners, four times", async () => {
    const lines = (await sh("stat /var/www/crm/.env")).split("\n");
    expect(lines[0]).toBe("  File: /var/www/crm/.env");
    expect(lines[1]).toBe("  Size: 46        \tBlocks: 8          IO Block: 4096   regular file");
    expect(lines[2]).toMatch(/^Device: 8,1\tInode: \d+ +Links: 1$/);
    expect(lines[3]).toBe("Access: (0640/-rw-r-----)  Uid: (   33/www-data)   Gid: (   33/www-data)");
    expect(lines.slice(4, 8).map((l) => l.slice(0, 8))).toEqual(["Access: ", "Modify: ", "Change: ", " Birth: "]);
  });

  it("expands -c directives, numeric ids and link counts included", async () => {
    expect(await sh("stat -c '%n %U:%G %u:%g %a %s %b %h %F' /var/www/crm/.env /var/www")).toBe(
      "/var/www/crm/.env www-data:www-data 33:33 640 46 8 1 regular file\n/var/www root:root 0:0 755 4096 8 3 directory\n[0]",
    );
  });
});

describe("file", () => {
  it("pads several names to the longest, and reports a missing file in its output", async () => {
    expect(await sh("cd / && file etc/passwd var/www nope")).toBe(
      "etc/passwd: ASCII text\nvar/www:    directory\nnope:       cannot open `nope' (No such file or directory)\n[0]",
    );
  });
});
