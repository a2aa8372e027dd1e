import { InMemoryFs } from "just-bash";
import { describe, expect, it } from "vitest";
import { fastCut, fastUniq, fastWcLines } from "./text-fast";

/** Expected outputs are GNU coreutils 9.1's; the differential test compares the same forms on exported hosts. */
const fs = new InMemoryFs();
fs.writeFileSync("/p", "root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33::/var/www:/usr/sbin/nologin\nplain\n");
const ctx = (stdin = "") => ({ fs, cwd: "/", stdin }) as unknown as Parameters<typeof fastCut>[1];
const out = async (r: Promise<{ stdout: string } | null>) => (await r)?.stdout ?? null;

describe("native wc -l, uniq and cut", () => {
  it("counts lines of a file or of stdin", async () => {
    expect(await out(fastWcLines(["-l", "/p"], ctx()))).toBe("3 /p\n");
    expect(await out(fastWcLines(["-l"], ctx("a\nb")))).toBe("1\n");
    expect(await out(fastWcLines(["-lw", "/p"], ctx()))).toBeNull();
    expect(await out(fastWcLines(["-l", "/missing"], ctx()))).toBeNull();
  });

  it("collapses adjacent lines, counting, duplicates only, uniques only, ignoring case", async () => {
    const input = "a\na\nB\nb\nc";
    expect(await out(fastUniq(["-c"], ctx(input)))).toBe("      2 a\n      1 B\n      1 b\n      1 c\n");
    expect(await out(fastUniq(["-d"], ctx(input)))).toBe("a\n");
    expect(await out(fastUniq(["-u"], ctx(input)))).toBe("B\nb\nc\n");
    expect(await out(fastUniq(["-ci"], ctx(input)))).toBe("      2 a\n      2 B\n      1 c\n");
    expect(await out(fastUniq(["-f", "1"], ctx(input)))).toBeNull();
  });

  it("cuts fields in their order, passes lines without the delimiter, and cuts bytes", async () => {
    expect(await out(fastCut(["-d:", "-f7,1", "/p"], ctx()))).toBe(
      "root:/bin/bash\nwww-data:/usr/sbin/nologin\nplain\n",
    );
    expect(await out(fastCut(["-d", ":", "-f", "5-", "/p"], ctx()))).toBe(
      "root:/root:/bin/bash\n:/var/www:/usr/sbin/nologin\nplain\n",
    );
    expect(await out(fastCut(["-c", "1-3,6", "/p"], ctx()))).toBe("roox\nwwwa\npla\n");
    expect(await out(fastCut(["-d:", "-s", "-f1", "/p"], ctx()))).toBeNull();
  });
});
