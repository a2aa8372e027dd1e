import { TEST_CASES, caseVariant } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { buildEnvironment } from "./environment";

/**
 * The done-when of variants, on the evidence as an analyst reads it: every file of every host of
 * variant 7 (generated logs and installed trees included, produced here on read) holds none of the
 * published case's identifiers. A memorising model finds nothing it remembers to grep for.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `value` standing whole (not inside a longer name, address or hash). */
const pattern = (value: string) => new RegExp(`(^|[^A-Za-z0-9_-])${escape(value)}($|[^A-Za-z0-9_-])`);
const NOT_CONTENT = [/^\/proc(\/|$)/, /^\/dev(\/|$)/, /^\/bin\//, /^\/usr\/bin\//];

describe("variant 7's evidence", () => {
  for (const testCase of TEST_CASES.filter((c) => c.source.builtIn)) {
    it(`${testCase.id}: no published identifier in any file of any host`, async () => {
      const variant = caseVariant(testCase, 7, "test-secret");
      const env = await buildEnvironment(variant.world());
      const published = Object.entries(testCase.identifiers).map(([key, value]) => ({ key, re: pattern(value) }));
      const drawn = Object.entries(variant.identifiers).map(([key, value]) => ({ key, re: pattern(value) }));
      const found: string[] = [];
      const drawnSeen = new Set<string>();
      let files = 0;
      for (const host of env.hosts)
        for (const p of host.fs.getAllPaths()) {
          if (NOT_CONTENT.some((re) => re.test(p))) continue;
          const st = await host.fs.lstat(p);
          if (st.isDirectory || st.isSymbolicLink) continue;
          files++;
          const text = Buffer.from(await host.fs.readFileBuffer(p)).toString("utf8");
          for (const { key, re } of published) if (re.test(text)) found.push(`${key} in ${p} on ${host.spec.hostname}`);
          for (const { key, re } of drawn) if (!drawnSeen.has(key) && re.test(text)) drawnSeen.add(key);
        }
      expect(files).toBeGreaterThan(50);
      expect(found).toEqual([]);
      // The files were read and hold the story: the variant's own identifiers are there instead.
      expect(drawnSeen.size).toBeGreaterThan(0);
    }, 120_000);
  }
});
