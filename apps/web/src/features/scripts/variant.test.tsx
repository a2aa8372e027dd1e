import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ScriptsPage } from "./scripts-page";

afterEach(() => vi.unstubAllGlobals());

const scenarioCase = (id: string, name: string, scenario: "scenario1" | "scenario2") => ({
  id,
  name,
  description: `${name}.`,
  scriptPath: id,
  scenario,
  isScenario: true,
});

const SCRIPTS = {
  scenario1: { testCases: [scenarioCase("s1-dmz", "DMZ Perimeter Services", "scenario1")] },
  scenario2: { testCases: [scenarioCase("s2-homoglyph-backdoor", "Homoglyph Backdoor", "scenario2")] },
  environment: {
    testCases: [
      {
        id: "clean-results",
        name: "Clean Results",
        description: "Archives old results.",
        scriptPath: "clean-results",
        scenario: "environment",
        isScenario: false,
      },
    ],
  },
};

/** The server's answers, with every execute-scenario body kept; streams end at once. */
function server() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    fakeFetch({
      "GET /api/scripts": () => json(SCRIPTS),
      "GET /api/runs": () => json({ runs: [] }),
      "POST /api/execute-scenario": (_url, init) => {
        posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return new Response(`data: ${JSON.stringify({ event: "run", runId: "r_abcdefghij", message: "Run" })}\n\n`, {
          headers: { "Content-Type": "text/event-stream" },
        });
      },
    }),
  );
  return posted;
}

const field = () => screen.getByRole("textbox", { name: "Variant" });
const output = () => (screen.getByLabelText("Execution output") as HTMLTextAreaElement).value;

describe("the Test Cases page's variant", () => {
  it("starts at 0 and sends no variant, so a run as published asks what it always asked", async () => {
    const posted = server();
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    const execute = await screen.findByRole("button", { name: "Execute DMZ Perimeter Services" });
    expect(field()).toHaveValue("0");
    await user.click(execute);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).not.toHaveProperty("variant");
    await waitFor(() => expect(output()).toMatch(/^▶ Executing DMZ Perimeter Services \(s1-dmz\) with gpt-4o\n/));
  });

  it("sends the variant typed, says it in the output header and the running card, and remembers it", async () => {
    const posted = server();
    const user = userEvent.setup();
    const first = renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await screen.findByText("Homoglyph Backdoor");
    await user.clear(field());
    await user.type(field(), "7");
    expect(localStorage.getItem("analystbench.variant")).toBe("7");
    await user.click(screen.getByRole("button", { name: "Execute Homoglyph Backdoor" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ scenarioId: "s2-homoglyph-backdoor", variant: 7 });
    await waitFor(() =>
      expect(output()).toMatch(/^▶ Executing Homoglyph Backdoor \(s2-homoglyph-backdoor\) with gpt-4o, variant 7\n/),
    );
    expect(screen.getByRole("dialog")).toHaveTextContent("s2-homoglyph-backdoor · variant 7");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByTestId("running-card")).toHaveTextContent(
      "s2-homoglyph-backdoor · variant 7 · run r_abcdefghij",
    );
    first.unmount();

    // A reload keeps it, and the next run starts with it.
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await screen.findByText("Homoglyph Backdoor");
    expect(field()).toHaveValue("7");
    await user.click(screen.getByRole("button", { name: "Execute DMZ Perimeter Services" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ scenarioId: "s1-dmz", variant: 7 });
  });

  const WRONG = "Use a whole number from 0 to 1,000,000";
  it.each([
    // What was typed, what the field says, and what was remembered on the way (the last valid prefix).
    ["", "Enter a variant: 0 is the case as published", null],
    ["-1", WRONG, null],
    ["1.5", WRONG, "1"],
    ["1000001", WRONG, "100000"],
    ["seven", WRONG, null],
  ])(
    "says what is wrong with %j and blocks the scenario cases' Execute until it is fixed",
    async (typed, message, kept) => {
      const posted = server();
      const user = userEvent.setup();
      renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
      await screen.findByText("Homoglyph Backdoor");
      await user.clear(field());
      if (typed) await user.type(field(), typed);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(field()).toHaveAttribute("aria-invalid", "true");
      expect(field()).toHaveAccessibleDescription(message);
      for (const name of ["Execute DMZ Perimeter Services", "Execute Homoglyph Backdoor"]) {
        const button = screen.getByRole("button", { name });
        expect(button).toBeDisabled();
        expect(button).toHaveAccessibleDescription(message);
      }
      // Environment Control takes no variant: it stays available.
      expect(screen.getByRole("button", { name: "Execute Clean Results" })).toBeEnabled();
      // Nothing invalid is remembered.
      expect(localStorage.getItem("analystbench.variant")).toBe(kept);

      await user.clear(field());
      await user.type(field(), "1000000");
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Execute DMZ Perimeter Services" }));
      await waitFor(() => expect(posted).toEqual([expect.objectContaining({ variant: 1_000_000 })]));
    },
  );

  it("shows a remembered variant that is not one as 0", async () => {
    localStorage.setItem("analystbench.variant", "banana");
    server();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await screen.findByText("Homoglyph Backdoor");
    expect(field()).toHaveValue("0");
    expect(within(screen.getByTestId("test-case-s1-dmz")).getByRole("button")).toBeEnabled();
  });
});
