import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { captureDownloads } from "@/test/saved-downloads";
import { ViewerPage } from "./viewer-page";

const STOPPED = { running: false, port: 7860, url: "http://127.0.0.1:7860/", mode: "builtin", error: null };
const RUNNING = { ...STOPPED, running: true };
const TASKS = [
  {
    id: "s1-dmz",
    name: "DMZ Perimeter Services",
    description: "Internet-facing services.",
    file: "scenarios/s1-dmz.yaml",
  },
  {
    id: "s2-typosquatting",
    name: "Typo-squatted npm Dependency",
    description: "A build pulled a squatted package.",
    file: "scenarios/s2-typosquatting.yaml",
  },
];
const LOG = {
  id: "r_abc",
  name: "2026-11-21T10-15-00-000Z_s1-dmz_r_abc.json",
  task: "s1-dmz",
  model: "builtin/reference",
  score: "10/10",
  status: "completed",
  inspectStatus: "success",
  modified: "2026-11-21T10:15:00Z",
  size: 1536,
  path: "logs/2026-11-21T10-15-00-000Z_s1-dmz_r_abc.json",
};
const FAILED_LOG = { ...LOG, id: "r_def", name: "b.json", status: "failed", score: null, path: "logs/b.json" };

type Routes = Parameters<typeof fakeFetch>[0];
interface Call {
  key: string;
  init: RequestInit | undefined;
}

const saved = captureDownloads();
let calls: Call[];
let routes: Routes;
let viewerAnswers: boolean;

function install(extra: Routes = {}) {
  const all: Routes = {
    "GET /api/inspect/viewer": () => json(STOPPED),
    "GET /api/inspect/scenarios": () => json({ scenarios: TASKS }),
    "GET /api/inspect/results": () => json({ files: [LOG, FAILED_LOG] }),
    "HEAD http://127.0.0.1:7860/": () => {
      if (!viewerAnswers) throw new TypeError("Failed to fetch");
      return new Response(null, { status: 200 });
    },
    ...extra,
  };
  routes = all;
  const fetcher = fakeFetch(all);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    calls.push({ key: `${init?.method ?? "GET"} ${url.split("?")[0]}`, init });
    return fetcher(input, init);
  });
}

const count = (key: string) => calls.filter((c) => c.key === key).length;

beforeEach(() => {
  calls = [];
  viewerAnswers = true;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<ViewerPage />);
  return user;
}

describe("Inspect Viewer page", () => {
  it("has the four tabs and Refresh All, and shows a stopped viewer with its port, URL and start button", async () => {
    install();
    setup();
    expect(screen.getByRole("heading", { name: "Inspect AI Viewer" })).toBeInTheDocument();
    for (const name of ["Viewer", /Execute/, /Tasks/, /Logs/])
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh All" })).toBeInTheDocument();
    expect(await screen.findByText("Inspect AI Viewer Not Running")).toBeInTheDocument();
    expect(screen.getByTestId("viewer-status")).toHaveTextContent("Stopped");
    expect(screen.getByLabelText("Port")).toHaveValue("7860");
    expect(screen.getByRole("link", { name: "http://127.0.0.1:7860/" })).toHaveAttribute(
      "href",
      "http://127.0.0.1:7860/",
    );
    expect(screen.getAllByRole("button", { name: "Start Viewer" })).toHaveLength(2);
    expect(screen.queryByTitle("Inspect AI Viewer")).not.toBeInTheDocument();
  });

  it("starts the viewer, checks it 3 s later with a no-cors HEAD, then embeds it 800 px high with the light theme", async () => {
    install({ "POST /api/inspect/viewer/start": () => json(RUNNING) });
    const user = setup();
    await screen.findByText("Inspect AI Viewer Not Running");
    await user.click(screen.getAllByRole("button", { name: "Start Viewer" })[0]!);
    const start = calls.find((c) => c.key === "POST /api/inspect/viewer/start")!;
    expect(JSON.parse(String(start.init?.body))).toEqual({ port: 7860 });
    expect(screen.getAllByRole("button", { name: /Starting\.\.\./ })[0]).toBeDisabled();
    expect(count("HEAD http://127.0.0.1:7860/")).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    const frame = await screen.findByTitle("Inspect AI Viewer");
    const head = calls.find((c) => c.key === "HEAD http://127.0.0.1:7860/")!;
    expect(head.init).toMatchObject({ method: "HEAD", mode: "no-cors" });
    expect(JSON.stringify(head.init)).not.toContain("Bearer");
    expect(screen.getByTestId("viewer-status")).toHaveTextContent("Running");
    expect(frame).toHaveAttribute("src", "http://127.0.0.1:7860/?theme=light");
    expect(frame.style.height).toBe("800px");
    expect(screen.getByRole("link", { name: /Open in New Tab/ })).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("button", { name: "Stop Viewer" })).toBeInTheDocument();
    expect(screen.getByTestId("viewer-port")).toHaveTextContent("7860");
  });

  it("says 'Viewer not running' when the check after a start finds nothing", async () => {
    install({ "POST /api/inspect/viewer/start": () => json(RUNNING) });
    viewerAnswers = false;
    const user = setup();
    await screen.findByText("Inspect AI Viewer Not Running");
    await user.click(screen.getAllByRole("button", { name: "Start Viewer" })[0]!);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText("Viewer not running")).toBeInTheDocument();
    expect(screen.getByTestId("viewer-status")).toHaveTextContent("Stopped");
  });

  it("shows the server's reason when a start fails, or 'Failed to start viewer'", async () => {
    install({
      "POST /api/inspect/viewer/start": () =>
        json(
          {
            error: "Port 7860 is already in use by another program; stop it or choose another port.",
            code: "PORT_IN_USE",
          },
          409,
        ),
    });
    const user = setup();
    await screen.findByText("Inspect AI Viewer Not Running");
    await user.click(screen.getAllByRole("button", { name: "Start Viewer" })[0]!);
    expect(await screen.findByText("Failed to start Inspect AI viewer")).toBeInTheDocument();
    expect(screen.getAllByText(/Port 7860 is already in use/).length).toBeGreaterThan(0);

    routes["POST /api/inspect/viewer/start"] = () => new Response("oops", { status: 502 });
    await user.click(screen.getAllByRole("button", { name: "Start Viewer" })[0]!);
    expect((await screen.findAllByText("Failed to start viewer")).length).toBeGreaterThan(0);
  });

  it("stops a running viewer, and says 'Failed to stop viewer' when it cannot", async () => {
    install({
      "GET /api/inspect/viewer": () => json(RUNNING),
      "POST /api/inspect/viewer/stop": () => json({ error: "nope", code: "X" }, 503),
    });
    const user = setup();
    await screen.findByTitle("Inspect AI Viewer");
    await user.click(screen.getByRole("button", { name: "Stop Viewer" }));
    expect((await screen.findAllByText("Failed to stop viewer")).length).toBeGreaterThan(0);
    expect(screen.getByTestId("viewer-status")).toHaveTextContent("Running");

    routes["POST /api/inspect/viewer/stop"] = () => json(STOPPED);
    routes["GET /api/inspect/viewer"] = () => json(STOPPED);
    await user.click(screen.getByRole("button", { name: "Stop Viewer" }));
    expect(await screen.findByText("Inspect AI Viewer Not Running")).toBeInTheDocument();
    expect(screen.getByTestId("viewer-status")).toHaveTextContent("Stopped");
  });

  it("polls the viewer every 30 s and re-checks that it answers", async () => {
    install({ "GET /api/inspect/viewer": () => json(RUNNING) });
    setup();
    await screen.findByTitle("Inspect AI Viewer");
    const viewerPolls = count("GET /api/inspect/viewer");
    const logPolls = count("GET /api/inspect/results");
    const checks = count("HEAD http://127.0.0.1:7860/");
    viewerAnswers = false;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(count("GET /api/inspect/viewer")).toBe(viewerPolls + 1));
    expect(count("GET /api/inspect/results")).toBe(logPolls + 1);
    await waitFor(() => expect(count("HEAD http://127.0.0.1:7860/")).toBe(checks + 1));
    expect(await screen.findByText("Viewer not running")).toBeInTheDocument();
  });

  it("shows Inspect AI's own viewer as a prominent Open in New Tab link, not a frame", async () => {
    install({ "GET /api/inspect/viewer": () => json({ ...RUNNING, mode: "inspect" }) });
    setup();
    const link = await screen.findByRole("link", { name: /Open in New Tab/ });
    expect(link).toHaveAttribute("href", "http://127.0.0.1:7860/");
    expect(screen.queryByTitle("Inspect AI Viewer")).not.toBeInTheDocument();
  });
});

describe("Tasks and Execute", () => {
  it("lists tasks with name, description and file; Run preselects the task and switches to Execute", async () => {
    install();
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    const rows = await screen.findAllByTestId("task-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("DMZ Perimeter Services")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Internet-facing services.")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("scenarios/s1-dmz.yaml")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Run Typo-squatted npm Dependency" }));
    expect(screen.getByRole("tab", { name: /Execute/ })).toHaveAttribute("data-state", "active");
    expect(screen.getByLabelText("Task")).toHaveTextContent("Typo-squatted npm Dependency");
    expect(screen.getByLabelText("Model")).toHaveTextContent("openai/gpt-5");
  });

  it("disables Execute Task without a task; executes with limit 1, shows Executing..., the result, and refreshes logs 2 s later", async () => {
    let finish!: () => void;
    install({
      "POST /api/inspect/execute": () =>
        new Promise<Response>((resolve) => {
          finish = () =>
            resolve(json({ success: true, exitCode: 0, stdout: "s1-dmz  10/10\n1 run in 2.1 s.", error: null }));
        }),
    });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Execute/ }));
    expect(screen.getByRole("button", { name: "Execute Task" })).toBeDisabled();
    expect(screen.getByLabelText("Task")).toHaveTextContent("Select a task");

    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    await user.click(await screen.findByRole("button", { name: "Run DMZ Perimeter Services" }));
    await user.click(screen.getByRole("button", { name: "Execute Task" }));
    expect(screen.getByRole("button", { name: /Executing\.\.\./ })).toBeDisabled();
    const body = JSON.parse(String(calls.find((c) => c.key === "POST /api/inspect/execute")!.init?.body));
    expect(body).toEqual({ scenario: "s1-dmz", model: "openai/gpt-5", limit: 1 });

    const before = count("GET /api/inspect/results");
    await act(async () => finish());
    const panel = await screen.findByTestId("execution-result");
    expect(within(panel).getByText("Success")).toBeInTheDocument();
    expect(within(panel).getByText("Exit code 0")).toBeInTheDocument();
    expect(within(panel).getByLabelText("Output")).toHaveTextContent("s1-dmz 10/10");
    expect(screen.getByRole("button", { name: "Execute Task" })).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(count("GET /api/inspect/results")).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(count("GET /api/inspect/results")).toBe(before + 1));
  });

  it("shows a failed run as Failed with its exit code and output, saying the missing key once", async () => {
    install({
      "POST /api/inspect/execute": () =>
        json({
          success: false,
          exitCode: 1,
          stdout: "OPENAI_API_KEY is not set.",
          error: "OPENAI_API_KEY is not set.",
        }),
    });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    await user.click(await screen.findByRole("button", { name: "Run DMZ Perimeter Services" }));
    await user.click(screen.getByRole("button", { name: "Execute Task" }));
    const panel = await screen.findByTestId("execution-result");
    expect(within(panel).getByText("Failed")).toBeInTheDocument();
    expect(within(panel).getByText("Exit code 1")).toBeInTheDocument();
    // Once: in the output, not again as a summary line or a toast.
    expect(screen.getAllByText(/OPENAI_API_KEY is not set/)).toHaveLength(1);
    expect(screen.queryByText("Execution failed")).not.toBeInTheDocument();
  });

  it("toasts a failure that ends while another tab is in view", async () => {
    let answer!: (r: Response) => void;
    install({ "POST /api/inspect/execute": () => new Promise<Response>((r) => (answer = r)) });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    await user.click(await screen.findByRole("button", { name: "Run DMZ Perimeter Services" }));
    await user.click(screen.getByRole("button", { name: "Execute Task" }));
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    answer(json({ success: false, exitCode: 1, stdout: "", error: "OPENAI_API_KEY is not set." }));
    expect(await screen.findByText("Execution failed")).toBeInTheDocument();
    expect(screen.getAllByText(/OPENAI_API_KEY is not set/)).toHaveLength(1);
  });

  it("says 'Failed to execute task' when the request itself fails", async () => {
    install({
      "POST /api/inspect/execute": () =>
        json({ error: "A task is already executing (s1-dmz).", code: "TASK_BUSY" }, 409),
    });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    await user.click(await screen.findByRole("button", { name: "Run DMZ Perimeter Services" }));
    await user.click(screen.getByRole("button", { name: "Execute Task" }));
    const panel = await screen.findByTestId("execution-result");
    expect(within(panel).getByText("Failed")).toBeInTheDocument();
    expect(screen.getAllByText(/A task is already executing/)).toHaveLength(1);
    expect(
      within(panel).getByText("Failed to execute task: A task is already executing (s1-dmz)."),
    ).toBeInTheDocument();
    expect(within(panel).queryByLabelText("Output")).not.toBeInTheDocument();
  });

  it("only logs a failure to fetch tasks", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    install({ "GET /api/inspect/scenarios": () => json({ error: "boom", code: "X" }, 500) });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Tasks/ }));
    expect(await screen.findByText("No tasks available.")).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Failed to fetch tasks:", expect.any(Error));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("Logs", () => {
  it("lists name, status, optional score, task, model, created and size in KB", async () => {
    install();
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    const rows = await screen.findAllByTestId("log-row");
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText(LOG.name)).toBeInTheDocument();
    expect(first.getByText("completed")).toBeInTheDocument();
    expect(first.getByTestId("log-score")).toHaveTextContent("Score: 10/10");
    expect(rows[0]).toHaveTextContent("Task: s1-dmz · Model: builtin/reference");
    expect(first.getByText("1.5 KB")).toBeInTheDocument();
    expect(first.getByText(/2026/, { selector: "p" })).toBeInTheDocument(); // created, from modified
    expect(within(rows[1]!).getByText("failed")).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId("log-score")).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /Logs/ })).toHaveTextContent("Logs (2)");
  });

  it("downloads a log through the authenticated API as a file of its name", async () => {
    install({ "GET /api/files/download": () => new Response('{"version": 2}') });
    localStorage.setItem("analystbench.token", "tok");
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    await user.click(await screen.findByRole("button", { name: `Download ${LOG.name}` }));
    await waitFor(() => expect(saved[0]?.name).toBe(LOG.name));
    expect(await saved[0]!.blob.text()).toBe('{"version": 2}');
    const call = calls.find((c) => c.key === "GET /api/files/download")!;
    expect((call.init?.headers as Record<string, string>).Authorization).toBe("Bearer tok");
  });

  it("deletes a log after confirmation and refreshes the list; a failed delete is only logged", async () => {
    let files = [LOG, FAILED_LOG];
    install({
      "GET /api/inspect/results": () => json({ files }),
      "DELETE /api/inspect/logs/r_def": () => {
        files = [LOG];
        return json({ deleted: "r_def" });
      },
      "DELETE /api/inspect/logs/r_abc": () => json({ error: "Still running.", code: "LOG_IN_USE" }, 409),
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    // Cancelling the confirmation deletes nothing.
    await user.click(await screen.findByRole("button", { name: "Delete b.json" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("Delete b.json?");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith("DELETE"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Delete b.json" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getAllByTestId("log-row")).toHaveLength(1));

    await user.click(screen.getByRole("button", { name: `Delete ${LOG.name}` }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(`Failed to delete ${LOG.name}:`, expect.any(Error)));
    expect(screen.getAllByTestId("log-row")).toHaveLength(1);
    expect(screen.queryByText("Still running.")).not.toBeInTheDocument();
  });

  it("does not offer to delete the log of a running evaluation", async () => {
    install({ "GET /api/inspect/results": () => json({ files: [{ ...LOG, status: "running", score: null }] }) });
    const user = setup();
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    expect(await screen.findByRole("button", { name: `Delete ${LOG.name}` })).toBeDisabled();
    expect(screen.getByText("running")).toBeInTheDocument();
  });

  it("Refresh All reloads the viewer state, tasks and logs", async () => {
    install();
    const user = setup();
    await screen.findByText("Inspect AI Viewer Not Running");
    await waitFor(() => expect(count("GET /api/inspect/results")).toBe(1));
    await user.click(screen.getByRole("button", { name: "Refresh All" }));
    await waitFor(() => {
      expect(count("GET /api/inspect/viewer")).toBe(2);
      expect(count("GET /api/inspect/scenarios")).toBe(2);
      expect(count("GET /api/inspect/results")).toBe(2);
    });
  });

  it("opened for an evaluation log, shows the Logs tab with that log highlighted; a vanished log is said so", async () => {
    install();
    renderWithProviders(<ViewerPage target={{ kind: "eval-log", name: "b.json", seq: 1 }} />);
    expect(await screen.findByRole("tab", { name: /Logs/, selected: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[data-nav-item="eval-log:b.json"]')).toHaveAttribute("data-nav-highlight"),
    );
  });

  it("says so when the log opened from the search is gone", async () => {
    install();
    renderWithProviders(<ViewerPage target={{ kind: "eval-log", name: "gone.json", seq: 1 }} />);
    expect(await screen.findByText("gone.json is no longer among the evaluation logs.")).toBeInTheDocument();
  });
});
