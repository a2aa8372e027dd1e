import { TEST_CASE_MODELS } from "@analystbench/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ModelSelector } from "./model-selector";

afterEach(() => vi.unstubAllGlobals());

const model = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  provider: name.split("/")[0],
  api: "chat",
  keyEnv: null,
  keyPresent: true,
  priced: false,
  problem: null,
  ...more,
});

const open = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("combobox", { name: "LLM Model" }));

describe("ModelSelector", () => {
  it("offers the spec's models first, then the configured models that can run, once each", async () => {
    let fetched = false;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/models": () => {
          fetched = true;
          return json({
            models: [
              model("builtin/reference", { api: "builtin" }),
              model("openai/gpt-4o", { api: "responses" }),
              model("anthropic/claude-sonnet-4-5", { api: "anthropic", keyEnv: "ANTHROPIC_API_KEY" }),
              model("anthropic/claude-haiku-4-5", {
                api: "anthropic",
                keyPresent: false,
                problem: "ANTHROPIC_API_KEY is not set",
              }),
              model("ollama/llama3.1:8b"),
            ],
          });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ModelSelector value="gpt-4o" onChange={() => {}} />);
    // The configured models arrive after the first render.
    await waitFor(() => expect(fetched).toBe(true));
    await open(user);
    await screen.findByRole("option", { name: "anthropic/claude-sonnet-4-5" });
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    // The spec's list first, in its order (its content is tested with the Test Cases page).
    expect(options.slice(0, TEST_CASE_MODELS.length)).toEqual([...TEST_CASE_MODELS]);
    expect(options.slice(TEST_CASE_MODELS.length)).toEqual(["anthropic/claude-sonnet-4-5", "ollama/llama3.1:8b"]);
  });

  it("keeps the spec's list when the server cannot say what is configured", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/models": () => json({ error: "boom", code: "X" }, 500) }));
    const user = userEvent.setup();
    renderWithProviders(<ModelSelector value="gpt-4o" onChange={() => {}} />);
    await open(user);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([...TEST_CASE_MODELS]);
  });
});
