import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fnv1a, unit } from "./hash";

/** The numbers as first written: the texts joined, each hashed whole. */
function fnv1aJoined(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const unitJoined = (seed: string, key: string) =>
  fnv1aJoined(`${fnv1aJoined(`${seed}\u0000${key}`)}:${key}`) / 4294967296;

describe("the host model's stable numbers", () => {
  it("are FNV-1a as before, whatever the seed and key", () => {
    // Every simulated file time, process size and boot id comes from these: a change would change every world.
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
    const text = fc.string({ unit: fc.constantFrom("a", "/", ":", "\u0000", "é", "😀", "\ud800", "0", " ") });
    fc.assert(
      fc.property(text, text, (seed, key) => {
        expect(fnv1a(`${seed}${key}`)).toBe(fnv1aJoined(`${seed}${key}`));
        expect(unit(seed, key)).toBe(unitJoined(seed, key));
        // Again: the second time the seed's state is remembered.
        expect(unit(seed, key)).toBe(unitJoined(seed, key));
      }),
      { numRuns: 5_000 },
    );
  });

  it("stay the same when many seeds have come and gone", () => {
    for (let i = 0; i < 5_000; i++) unit(`seed-${i}`, "k");
    expect(unit("seed-1", "pkg:/usr/bin/ls")).toBe(unitJoined("seed-1", "pkg:/usr/bin/ls"));
  });
});
