import type { ConfiguredModel } from "@analystbench/contracts";
import { describe, expect, it } from "vitest";
import { chosenModel, defaultModel } from "./remembered-model";

const configured = (name: string, keyPresent = true, problem: string | null = null): ConfiguredModel => ({
  name,
  provider: name.split("/")[0]!,
  api: name.startsWith("builtin/") ? "builtin" : "responses",
  keyEnv: name.startsWith("builtin/") ? null : "OPENAI_API_KEY",
  keyPresent,
  priced: true,
  problem,
});

const OFFERED = ["gpt-4o", "gpt-4o-mini", "builtin/reference", "builtin/naive", "acme/local-7b"];

describe("defaultModel", () => {
  it("is the spec's default when the server can run it", () => {
    expect(defaultModel([configured("openai/gpt-4o"), configured("builtin/reference")])).toBe("gpt-4o");
  });

  it("is the offline model when no key is configured, or the default has a configuration problem", () => {
    expect(defaultModel([configured("openai/gpt-4o", false), configured("builtin/reference")])).toBe(
      "builtin/reference",
    );
    expect(defaultModel([configured("openai/gpt-4o", true, "bad models file")])).toBe("builtin/reference");
    // Another provider's key does not make gpt-4o runnable.
    expect(defaultModel([configured("openai/gpt-4o", false), configured("anthropic/claude-x")])).toBe(
      "builtin/reference",
    );
    expect(defaultModel([])).toBe("builtin/reference");
  });

  it("is the spec's default while the configuration is unknown", () => {
    expect(defaultModel(undefined)).toBe("gpt-4o");
  });
});

describe("chosenModel", () => {
  const noKey = [configured("openai/gpt-4o", false)];

  it("keeps a remembered model the menu offers, spelled as the menu spells it", () => {
    expect(chosenModel("builtin/naive", OFFERED, noKey)).toBe("builtin/naive");
    expect(chosenModel("openai/gpt-4o-mini", OFFERED, noKey)).toBe("gpt-4o-mini");
    expect(chosenModel("acme/local-7b", OFFERED, noKey)).toBe("acme/local-7b");
  });

  it("falls back to the default when nothing is remembered or the model is no longer offered", () => {
    expect(chosenModel(null, OFFERED, noKey)).toBe("builtin/reference");
    expect(chosenModel("acme/retired", OFFERED, noKey)).toBe("builtin/reference");
    expect(chosenModel("acme/retired", OFFERED, [configured("openai/gpt-4o")])).toBe("gpt-4o");
    expect(chosenModel("", OFFERED, undefined)).toBe("gpt-4o");
  });
});
