import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ScriptsPage } from "./scripts-page";

afterEach(() => vi.unstubAllGlobals());

const SCRIPTS = {
  scenario1: {
    testCases: [
      {
        id: "s1-dmz",
        name: "DMZ Perimeter Services",
        description: "Internet-facing services drifted.",
        scriptPath: "s1-dmz",
        scenario: "scenario1",
        isScenario: true,
      },
      {
        id: "s1-corp",
        name: "Corporate LAN",
        description: "Weakened workstations.",
        scriptPath: "s1-corp",
        scenario: "scenario1",
        isScenario: true,
      },
    ],
  },
  scenario2: {
    testCases: [
      {
        id: "s2-typosquatting",
        name: "Typo-squatted npm Dependency",
        description: "Narrative 1.",
        scriptPath: "s2-typosquatting",
        scenario: "scenario2",
        isScenario: true,
      },
    ],
  },
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

const CONFIRM_TEXT =
  "CAREFUL! This operation might disrupt operations that are being performed by others on this platform. Are you sure you want to execute Clean Results?";

/** A text/event-stream body the test feeds line by line. */
function controllableStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    send: (event: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    close: () => controller.close(),
  };
}

describe("Test Cases page", () => {
  it("shows the groups in the spec's order with counts, cards, the warning banner and the default model", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/scripts": () => json(SCRIPTS) }));
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    expect(screen.getByText("Loading Scripts")).toBeInTheDocument();
    expect(await screen.findByText("DMZ Perimeter Services")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Test Cases" })).toBeInTheDocument();
    expect(
      screen.getByText("5 Network Security test cases (Scenario 1) and 8 Supply Chain test cases (Scenario 2)"),
    ).toBeInTheDocument();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Scenario 1 - Network Security2", "Scenario 2 - Supply Chain1", "Environment Control1"]);
    expect(screen.getByText("DO NOT TOUCH THESE")).toBeInTheDocument();
    expect(
      screen.getByText(
        "These controls affect the entire platform and may disrupt operations being performed by others.",
      ),
    ).toBeInTheDocument();
    const card = screen.getByTestId("test-case-clean-results");
    expect(within(card).getByText("Archives old results.")).toBeInTheDocument();
    expect(within(card).getByText("clean-results")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "LLM Model" })).toHaveTextContent("gpt-4o");
  });

  it("says so with the spec's toast when the list cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json({ error: "boom", code: "X" }, 500),
        "GET /api/runs": () => json({ runs: [] }),
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    expect(
      await screen.findByText("Failed to load available scripts", { selector: "[data-description]" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("asks before an Environment Control script; Cancel runs nothing, Yes, Execute runs it and reports the output file", async () => {
    const executed: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "POST /api/execute-script": (_url, init) => {
          executed.push(JSON.parse(String(init?.body)));
          return json({
            success: true,
            exitCode: 0,
            stdout: "Archived 2 files (1.00 KB) into archive/2026-11-21T10-15-00Z/.\n",
            stderr: "",
            workingDirectory: "/data/workspace",
            outputFile: "results/environment/2026-11-21T10-15-00Z_clean-results.md",
            error: null,
          });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await user.click(await screen.findByRole("button", { name: "Execute Clean Results" }));
    expect(screen.getByRole("dialog")).toHaveTextContent(CONFIRM_TEXT);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(executed).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Execute Clean Results" }));
    await user.click(screen.getByRole("button", { name: "Yes, Execute" }));
    expect(await screen.findByText("Execution completed successfully")).toBeInTheDocument();
    expect(executed).toEqual([{ scriptPath: "clean-results", scriptName: "Clean Results", scenario: "environment" }]);
    const output = screen.getByLabelText("Execution output") as HTMLTextAreaElement;
    expect(output.value).toContain("Archived 2 files (1.00 KB)");
    expect(output.value).toContain("Exit Code 0");
    expect(output).toHaveAttribute("readonly");
    expect(await screen.findByText("Script Completed")).toBeInTheDocument();
    expect(
      screen.getByText("Output saved to results/environment/2026-11-21T10-15-00Z_clean-results.md", {
        selector: "[data-description]",
      }),
    ).toBeInTheDocument();
  });

  it("shows the error block and the Execution Error toast when the server refuses", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "POST /api/execute-script": () =>
          json({ error: "Clean Results is still running; wait for it to finish.", code: "SCRIPT_BUSY" }, 409),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await user.click(await screen.findByRole("button", { name: "Execute Clean Results" }));
    await user.click(screen.getByRole("button", { name: "Yes, Execute" }));
    expect(await screen.findByText("Execution Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to execute Clean Results")).toBeInTheDocument();
    const output = (screen.getByLabelText("Execution output") as HTMLTextAreaElement).value;
    expect(output).toContain("✗ Error: Clean Results is still running; wait for it to finish.");
    expect(output).toContain("Exit Code -1 (Error)");
    expect(screen.getByText("Execution failed")).toBeInTheDocument();
  });

  it("streams a scenario run into the output, disables Execute meanwhile and can cancel it by run id", async () => {
    const stream = controllableStream();
    const bodies: unknown[] = [];
    const cancelled: string[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "POST /api/execute-scenario": (_url, init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return stream.response;
        },
        "POST /api/runs/run-42/cancel": (url) => {
          cancelled.push(url);
          return json({ ok: true });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await user.click(await screen.findByRole("button", { name: "Execute DMZ Perimeter Services" }));
    expect(bodies).toEqual([
      { scenarioId: "s1-dmz", scenarioName: "DMZ Perimeter Services", model: "gpt-4o", llm: "openai" },
    ]);
    stream.send({ event: "run", runId: "run-42" });
    stream.send({ message: "Turn 1" });
    stream.send({ command: "nmap -sV dmz-web" });
    stream.send({ data: "22/tcp open ssh" });
    const output = screen.getByLabelText("Execution output") as HTMLTextAreaElement;
    await waitFor(() => expect(output.value).toContain("Turn 1\nCommand: nmap -sV dmz-web\n22/tcp open ssh"));

    await user.click(screen.getByRole("button", { name: "Close" }));
    const running = screen.getByTestId("running-card");
    expect(running).toHaveTextContent("Running: DMZ Perimeter Services");
    for (const b of screen.getAllByRole("button", { name: /^Execute / })) expect(b).toBeDisabled();
    await user.click(within(running).getByRole("button", { name: "Cancel" }));
    expect(cancelled).toEqual(["/api/runs/run-42/cancel"]);
    await user.click(within(running).getByRole("button", { name: "View Output" }));
    expect(screen.getByLabelText("Execution output")).toBeInTheDocument();

    stream.send({
      event: "done",
      status: "completed",
      message: "Run completed: 7 mean per sample (−10…+10), 1 sample × 1 epoch.",
    });
    stream.close();
    expect(await screen.findByText("Execution completed successfully")).toBeInTheDocument();
    expect(screen.getByText("DMZ Perimeter Services executed successfully")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByTestId("running-card")).toHaveTextContent("Finished: DMZ Perimeter Services");
    for (const b of screen.getAllByRole("button", { name: /^Execute / })) expect(b).toBeEnabled();
  });

  it("appends a start failure as a line with a cross mark", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "POST /api/execute-scenario": () => new Response("nope", { status: 503 }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await user.click(await screen.findByRole("button", { name: "Execute Corporate LAN" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Execution output") as HTMLTextAreaElement).value).toContain(
        "✗ HTTP error! status 503",
      ),
    );
    expect(await screen.findByText("Failed to execute Corporate LAN")).toBeInTheDocument();
  });

  it("opened for a run, re-attaches to its stream and shows its output", async () => {
    const stream = controllableStream();
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs/run-9": () =>
          json({
            id: "run-9",
            caseId: "s1-dmz",
            caseName: "DMZ Perimeter Services",
            model: "builtin/reference",
            status: "completed",
            createdBy: "admin",
            createdAt: "2026-11-25T10:00:00.000Z",
            startedAt: null,
            finishedAt: null,
            suiteId: null,
            result: null,
            error: null,
          }),
        "GET /api/runs/run-9/events": () => stream.response,
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} target={{ kind: "run", id: "run-9", seq: 1 }} />);
    const output = (await screen.findByLabelText("Execution output")) as HTMLTextAreaElement;
    await waitFor(() => expect(output.value).toContain("DMZ Perimeter Services (s1-dmz) with builtin/reference"));
    stream.send({
      event: "done",
      status: "completed",
      message: "Run completed: 10 mean per sample (−10…+10), 2 samples × 1 epoch.",
    });
    stream.close();
    await waitFor(() =>
      expect(output.value).toContain("Run completed: 10 mean per sample (−10…+10), 2 samples × 1 epoch."),
    );
    expect(await screen.findByText("Execution completed successfully")).toBeInTheDocument();
  });

  it("opened for a case, highlights that case's card only", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/scripts": () => json(SCRIPTS) }));
    renderWithProviders(<ScriptsPage navigate={vi.fn()} target={{ kind: "case", id: "s2-typosquatting", seq: 2 }} />);
    await waitFor(() => expect(screen.getByTestId("test-case-s2-typosquatting")).toHaveAttribute("data-nav-highlight"));
    expect(screen.getByTestId("test-case-s1-dmz")).not.toHaveAttribute("data-nav-highlight");
  });

  it("opened for a run that does not exist, says so once in the output", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs/nope": () => json({ error: "There is no run nope.", code: "UNKNOWN_RUN" }, 404),
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} target={{ kind: "run", id: "nope", seq: 1 }} />);
    const output = (await screen.findByLabelText("Execution output")) as HTMLTextAreaElement;
    await waitFor(() => expect(output.value).toBe("✗ There is no run nope.\n"));
    expect(await screen.findByText("Execution failed")).toBeInTheDocument();
  });
  it("shows a group per directory of the user's cases: runnable cards, broken packages with their problems", async () => {
    const user = userEvent.setup();
    const executed: unknown[] = [];
    const stream = controllableStream();
    const withSources = {
      ...SCRIPTS,
      sources: [
        {
          name: "/srv/held-out",
          scenario1: { testCases: [] },
          scenario2: {
            testCases: [
              {
                id: "user-homoglyph",
                name: "Held-out Homoglyph",
                description: "A user's case.",
                scriptPath: "user-homoglyph",
                scenario: "scenario2",
                isScenario: true,
              },
            ],
          },
          broken: [
            {
              id: "broken-typo",
              folder: "broken-typo",
              problems: [
                'case.yaml, field narrative.world.hosts[0].files[14].content: the file "hosts/a.json" does not exist',
                "case.yaml, field task.prompt: Invalid input: expected string, received undefined",
              ],
            },
          ],
        },
        { name: "/srv/typo", scenario1: { testCases: [] }, scenario2: { testCases: [] }, broken: [] },
      ],
    };
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(withSources),
        "GET /api/runs": () => json({ runs: [] }),
        "POST /api/execute-scenario": (_url, init) => {
          executed.push(JSON.parse(String(init?.body)));
          return stream.response;
        },
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await screen.findByText("Held-out Homoglyph");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "Scenario 1 - Network Security2",
      "Scenario 2 - Supply Chain1",
      "Your cases·/srv/held-out11 broken",
      "Your cases·/srv/typo0",
      "Environment Control1",
    ]);
    const group = screen.getByRole("region", { name: /Your cases.*\/srv\/held-out/ });
    expect(within(group).getByLabelText("1 test case")).toBeInTheDocument();
    expect(within(group).getByLabelText("1 broken package")).toBeInTheDocument();

    const broken = within(group).getByTestId("broken-case-broken-typo");
    expect(within(broken).getByText("Failed its checks")).toBeInTheDocument();
    expect(
      within(within(broken).getByRole("list", { name: "Problems of broken-typo" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(withSources.sources[0]!.broken[0]!.problems);
    const blocked = within(broken).getByRole("button", { name: "Execute broken-typo" });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription("Cannot run until the package passes its checks.");

    const empty = screen.getByRole("region", { name: /Your cases.*\/srv\/typo/ });
    expect(within(empty).getByText(/No case packages found here/)).toBeInTheDocument();

    const card = within(group).getByTestId("test-case-user-homoglyph");
    expect(within(card).getByText("Scenario 2")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Execute Held-out Homoglyph" }));
    await waitFor(() => expect(executed).toHaveLength(1));
    expect(executed[0]).toMatchObject({ scenarioId: "user-homoglyph" });
    stream.close();
  });
});
