import { describe, expect, it } from "vitest";
import { startFakeOpenAI } from "./fake-openai-server";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the fake model server's figures", () => {
  it("counts a hand-over from a call's end with the most in flight to the next call's start", async () => {
    const fake = await startFakeOpenAI({
      script: [
        { kind: "reply", content: "long", delayMs: 400 },
        { kind: "reply", content: "short", delayMs: 100 },
      ],
      fallback: { kind: "reply", content: "next", delayMs: 100 },
    });
    const call = () =>
      fetch(`${fake.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "go" }] }),
      }).then((r) => r.json());
    try {
      // Two in flight (the most), then: one ends, the next comes 60 ms later (a hand-over); that
      // one ends, and the long one ends before another comes (no hand-over).
      const before = Date.now();
      const long = call();
      await wait(20);
      await call();
      await wait(60);
      await call();
      await long;
      const after = Date.now();
      const { maxInFlight, handoverMs, firstCallAt, lastEndAt } = fake.stats();
      // The first call came as the client began, the last ended as it ended (on the wall clock,
      // which a client in another process compares with its own).
      expect(firstCallAt! - before).toBeGreaterThanOrEqual(-1);
      expect(firstCallAt! - before).toBeLessThan(50);
      expect(after - lastEndAt!).toBeGreaterThanOrEqual(-1);
      expect(after - lastEndAt!).toBeLessThan(50);
      // The first call is the first since stats were last read: read again, there is none.
      expect(fake.stats().firstCallAt).toBeNull();
      expect(maxInFlight).toBe(2);
      expect(handoverMs).toHaveLength(1);
      expect(handoverMs[0]).toBeGreaterThanOrEqual(55);
      expect(handoverMs[0]).toBeLessThan(400);
    } finally {
      await fake.close();
    }
  });
});

describe("the fake model server's streams", () => {
  it("streams text in events of 40 characters, or of as many as a behaviour asks", async () => {
    const content = "x".repeat(90);
    const fake = await startFakeOpenAI({
      script: [
        { kind: "reply", content },
        { kind: "reply", content, pieceChars: 4 },
      ],
    });
    const pieces = async () => {
      const res = await fetch(`${fake.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "go" }], stream: true }),
      });
      const events = (await res.text()).split("\n\n").filter((e) => e.startsWith("data: {"));
      const texts = events.map(
        (e) => (JSON.parse(e.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content,
      );
      return texts.filter((t): t is string => Boolean(t)).map((t) => t.length);
    };
    try {
      expect(await pieces()).toEqual([40, 40, 10]);
      expect(await pieces()).toEqual([...Array<number>(22).fill(4), 2]);
    } finally {
      await fake.close();
    }
  });
});
