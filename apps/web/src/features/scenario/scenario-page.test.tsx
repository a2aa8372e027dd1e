import type { CheckpointView, Scenario1View, Scenario2View, TaskView } from "@analystbench/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ScenarioPage } from "./scenario-page";

afterEach(() => vi.unstubAllGlobals());

const checkpoints = (prefix: string): CheckpointView[] =>
  [1, 2, 3, 4].map((n) => ({
    number: n,
    name: `${prefix} checkpoint ${n}`,
    points: `±${n}`,
    scores: {
      plus: { value: n, desc: `${prefix} ${n}: names the cause with evidence` },
      zero: { desc: `${prefix} ${n}: vague` },
      minus: { value: -n, desc: `${prefix} ${n}: harmful advice` },
    },
  }));

const task = (id: string, title: string, over: Partial<TaskView> = {}): TaskView => ({
  id,
  title,
  prompt: `Prompt of ${title}`,
  investigation_hints: [`Hint of ${title}`],
  fix: { lang: "nginx", code: "location ~ /\\. { deny all; }" },
  checkpoints: checkpoints(title),
  ...over,
});

const S1: Scenario1View = {
  id: "scenario1",
  title: "Scenario 1 — Enterprise Network Security",
  description: "Five zones.",
  zones: [
    { id: "dmz", name: "DMZ", cidr: "10.0.10.0/24", description: "Internet-facing" },
    { id: "mgmt", name: "Mgmt", cidr: "10.0.40.0/24", description: "Management" },
  ],
  devices: [
    {
      name: "CRM Server",
      host: "crm-web-01",
      os: "Ubuntu 22.04",
      ip: "10.0.10.15",
      zone: "dmz",
      roles: ["Customer CRM"],
      policies: ["No .git under the web root"],
      misconfig: { example: "autoindex on; no dot-file deny", reason: "The repository is downloadable." },
      ioc: ["GET /.git/config answered 200"],
    },
    {
      name: "SIEM",
      host: "siem-01",
      os: "Debian 12",
      ip: "10.0.40.10",
      zone: "mgmt",
      roles: ["Log collection"],
      policies: ["Logs kept 400 days"],
      misconfig: null,
      ioc: [],
    },
  ],
  configs: [
    {
      id: "crm-nginx",
      title: "nginx vhost of the CRM",
      device: "CRM Server",
      path: "/etc/nginx/sites-enabled/crm.conf",
      baseline: { lang: "nginx", description: "Dot-files denied.", code: "location ~ /\\. { deny all; }" },
      misconfig: { lang: "nginx", description: "Listing on.", code: "autoindex on;" },
    },
  ],
  narratives: Array.from({ length: 8 }, (_, i) => ({
    id: `narrative${i + 1}`,
    title: `S1 narrative ${i + 1}`,
    baseline: { lang: "bash", description: `Baseline ${i + 1}`, code: "echo baseline" },
    misconfig: { lang: "bash", description: `Attack ${i + 1}`, code: "echo attack" },
  })),
  llm_tasks: {
    general: "General instructions of scenario 1. Checkpoint n is worth ±n.",
    tasks: [
      task("t1", "CRM exposure", { device: "CRM Server" }),
      task("t2", "Jump host", {
        device: "Admin Jump Host",
        prompt: undefined,
        investigation_hints: undefined,
        fix: undefined,
      }),
    ],
  },
};

const blueprint: Scenario2View["narratives"][number]["implementation_blueprint"] = {
  required_tools: [{ name: "get_commit_diff", description: "Read the commit" }],
  setup_commands: [],
  evidence_placement: [
    {
      source_asset_id: "a",
      destination_host_role: "CI/CD Server",
      destination_path: "/srv/ci/package.json",
      content: '{ "name": "x" }',
    },
  ],
  intended_solution_path: ["Read the CI log", "Search the repository"],
  making_it_realistic: {
    red_herrings: ["A noisy cron"],
    additional_challenges: ["Rotated logs"],
    realistic_noise: ["apt"],
  },
};

const S2: Scenario2View = {
  id: "scenario2",
  title: "Scenario 2 — Software Supply Chain Security",
  description: "Kestrel's software supply chain.\n\nEight narratives.",
  reference: {
    sdlc_components: [
      { component: "Git Server", ip: "10.0.30.10", role: "Source control", security_baseline: "Signed commits" },
      { component: "CI Server", ip: "10.0.30.11", role: "Builds", security_baseline: "Ephemeral agents" },
    ],
    environment_components: [
      {
        name: "Git Server (git-01)",
        ip: "10.0.30.10",
        role: "Gitea",
        secure_baseline: "Branch protection",
        attack_vectors: "Stolen keys",
        indicators_of_compromise: "Force pushes",
      },
    ],
    baseline_configs: [{ id: "npmrc", title: ".npmrc baseline", lang: "ini", code: "ignore-scripts=true" }],
    tool_definitions: [
      { name: "get_commit_diff", description: "Shows a commit", example_implementation_command: "git show abc123" },
    ],
    network_devices: [
      {
        name: "HR Portal",
        host: "hr-01",
        os: "Windows Server 2022",
        ip: "10.0.20.40",
        roles: ["HR"],
        policies: ["MFA"],
        misconfig: null,
        ioc: [],
      },
      {
        name: "Print Server",
        host: "print-01",
        os: "Windows Server 2019",
        ip: "10.0.20.41",
        roles: ["Printing"],
        policies: ["No spooler on DCs"],
        misconfig: null,
        ioc: [],
      },
    ],
  },
  narratives: [
    {
      id: "narrative1",
      title: "Typo-squatted npm package",
      story: "Priya mistyped a package name.",
      attack_background: {
        description: "Typo-squatting registers lookalike names.",
        danger: "Install scripts run first.",
        common_actors: "Credential thieves.",
        real_world_example: "crossenv in 2017.",
      },
      conceptual_evidence_files: [{ asset_id: "a", file_name: "package.json", description: "The squat's metadata" }],
      implementation_blueprint: blueprint,
    },
  ],
  llm_tasks: { general: "General instructions of scenario 2.", tasks: [task("narrative1", "Typo-squat task")] },
};

const routes = {
  "GET /api/scenarios": () =>
    json({
      scenarios: [
        { id: "scenario1", title: S1.title, description: S1.description },
        { id: "scenario2", title: S2.title, description: S2.description },
      ],
    }),
  "GET /api/scenarios/scenario1": () => json(S1),
  "GET /api/scenarios/scenario2": () => json(S2),
};

const sectionButtons = () =>
  within(screen.getByRole("navigation", { name: "Sections" }))
    .getAllByRole("button")
    .map((b) => b.textContent);
const currentSection = () =>
  within(screen.getByRole("navigation", { name: "Sections" })).getByRole("button", { current: "page" }).textContent;

async function chooseScenario(user: ReturnType<typeof userEvent.setup>, title: RegExp) {
  await user.click(screen.getByRole("combobox", { name: "Scenario" }));
  await user.click(await screen.findByRole("option", { name: title }));
}

describe("Scenario reference viewer", () => {
  it("opens on Scenario 2 with its first section, Scenario Description", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    expect(screen.getByText("Loading scenario...")).toBeInTheDocument();
    expect(await screen.findByText("Eight narratives.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Scenario" })).toHaveTextContent(
      "Scenario 2Software Supply Chain Security",
    );
    expect(sectionButtons()).toEqual([
      "Scenario Description",
      "Reference Materials",
      "Scenario Narratives",
      "LLM Task List",
    ]);
    expect(currentSection()).toBe("Scenario Description");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Scenario Description");
  });

  it("changing scenario selects that scenario's first section", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    expect(currentSection()).toBe("LLM Task List");

    await chooseScenario(user, /Enterprise Network Security/);
    expect(sectionButtons()).toEqual([
      "Network Devices",
      "Security Configurations",
      "Attack Narratives",
      "LLM Task List",
    ]);
    expect(currentSection()).toBe("Network Devices");
    const table = await screen.findByRole("table", { name: "Network Devices" });
    const head = within(table).getAllByRole("rowgroup")[0]!;
    expect(
      within(head)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Device", "OS", "IP Address", "Roles", "Security Policies"]);
    expect(within(table).getByText("DMZ · 10.0.10.0/24")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Attack Narratives" }));
    await chooseScenario(user, /Software Supply Chain Security/);
    expect(currentSection()).toBe("Scenario Description");
    expect(await screen.findByText("Eight narratives.")).toBeInTheDocument();
  });

  it("opens a device row to show its misconfiguration and IOCs", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await chooseScenario(user, /Enterprise Network Security/);
    const rows = await screen.findAllByTestId("device-row");
    expect(within(rows[0]!).getByText("Misconfigured")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Baseline")).toBeInTheDocument();
    expect(screen.queryByText("autoindex on; no dot-file deny")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show misconfiguration and IOCs of CRM Server" }));
    expect(screen.getByText("autoindex on; no dot-file deny")).toBeInTheDocument();
    expect(screen.getByText("The repository is downloadable.")).toBeInTheDocument();
    expect(screen.getByText("GET /.git/config answered 200")).toBeInTheDocument();
  });

  it("shows each configuration's Baseline and Misconfigured panels with highlighted code, and 8 narratives", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await chooseScenario(user, /Enterprise Network Security/);
    await user.click(screen.getByRole("button", { name: "Security Configurations" }));
    const card = (await screen.findAllByTestId("config-card"))[0]!;
    const baseline = within(card).getByRole("region", { name: "Baseline" });
    expect(within(baseline).getByText("Dot-files denied.")).toBeInTheDocument();
    expect(within(baseline).getByTestId("code-block").querySelector("[class^=hljs-]")).not.toBeNull();
    expect(
      within(within(card).getByRole("region", { name: "Misconfigured" })).getByTestId("code-block"),
    ).toHaveTextContent("autoindex on;");
    await user.click(screen.getByRole("button", { name: "Attack Narratives" }));
    const narratives = await screen.findAllByTestId("narrative-card");
    expect(narratives).toHaveLength(8);
    expect(within(narratives[0]!).getByRole("region", { name: "Baseline Configuration" })).toHaveTextContent(
      "Baseline 1",
    );
    expect(within(narratives[0]!).getByRole("region", { name: "Attack Scenario" })).toHaveTextContent("Attack 1");
  });

  it("lists General Instructions first, then each task's prompt, hints, fix and scored checkpoints", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await chooseScenario(user, /Enterprise Network Security/);
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    const headings = (await screen.findAllByRole("heading", { level: 3 })).map((h) => h.textContent);
    expect(headings).toEqual(["General Instructions", "CRM exposure", "Jump host"]);
    expect(screen.getByText(/General instructions of scenario 1/)).toBeInTheDocument();

    const [first, second] = screen.getAllByTestId("task-card");
    expect(within(first!).getByText("Prompt of CRM exposure")).toBeInTheDocument();
    expect(within(first!).getByText("Hint of CRM exposure")).toBeInTheDocument();
    expect(within(first!).getByText("Recommended Fix")).toBeInTheDocument();
    expect(within(first!).getByText("Checkpoints (4)")).toBeInTheDocument();
    const cps = within(first!).getAllByTestId("checkpoint");
    expect(cps.map((c) => within(c).getByTestId("checkpoint-points").textContent)).toEqual(["±1", "±2", "±3", "±4"]);
    const third = cps[2]!;
    expect(third).toHaveTextContent("3CRM exposure checkpoint 3");
    expect(within(third).getByTestId("score-plus")).toHaveTextContent(
      "+3CRM exposure 3: names the cause with evidence",
    );
    expect(within(third).getByTestId("score-zero")).toHaveTextContent("0CRM exposure 3: vague");
    expect(within(third).getByTestId("score-minus")).toHaveTextContent("−3CRM exposure 3: harmful advice");

    // Prompt, hints and fix are optional.
    expect(within(second!).queryByText("Prompt")).not.toBeInTheDocument();
    expect(within(second!).queryByText("Investigation Hints")).not.toBeInTheDocument();
    expect(within(second!).queryByText("Recommended Fix")).not.toBeInTheDocument();
    expect(within(second!).getAllByTestId("checkpoint")).toHaveLength(4);
  });

  it("shows Scenario 2's reference materials and narratives, with the blueprint on request", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await user.click(screen.getByRole("button", { name: "Reference Materials" }));
    const sdlc = screen.getByRole("table", { name: "SDLC Components" });
    expect(
      within(sdlc)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Component", "IP Address", "Role", "Security Baseline"]);
    expect(within(sdlc).getAllByTestId("sdlc-row")).toHaveLength(2);
    await user.click(screen.getByRole("tab", { name: /Network Devices/ }));
    expect(screen.getByText("Print Server")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: /Tools/ }));
    expect(screen.getByText("git show abc123")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Scenario Narratives" }));
    const card = screen.getByTestId("narrative-card");
    for (const label of ["Story", "Attack Background", "Danger", "Common Actors"])
      expect(within(card).getByRole("heading", { name: label })).toBeInTheDocument();
    expect(within(card).queryByText("crossenv in 2017.")).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: /Real-world example and implementation blueprint/ }));
    expect(within(card).getByText("crossenv in 2017.")).toBeInTheDocument();
    expect(within(card).getByText("CI/CD Server: /srv/ci/package.json")).toBeInTheDocument();
    expect(within(card).getByText("Search the repository")).toBeInTheDocument();
  });

  it("shows a user's case like a built-in one, with a label naming the case and its directory", async () => {
    const user = userEvent.setup();
    const source = { name: "/srv/held-out", caseId: "user-squat" };
    const withUserCase: Scenario2View = {
      ...S2,
      narratives: [...S2.narratives, { ...S2.narratives[0]!, id: "user-squat", title: "A user's squat", source }],
      llm_tasks: { ...S2.llm_tasks, tasks: [...S2.llm_tasks.tasks, task("user-squat", "User squat task", { source })] },
    };
    const withUserDevice: Scenario1View = {
      ...S1,
      devices: [...S1.devices, { ...S1.devices[0]!, source: { name: "/srv/held-out", caseId: "user-dmz" } }],
    };
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        ...routes,
        "GET /api/scenarios/scenario2": () => json(withUserCase),
        "GET /api/scenarios/scenario1": () => json(withUserDevice),
      }),
    );
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await user.click(screen.getByRole("button", { name: "Scenario Narratives" }));
    const [builtIn, own] = screen.getAllByTestId("narrative-card");
    expect(within(builtIn!).queryByTestId("source-label")).not.toBeInTheDocument();
    expect(within(own!).getByText("Narrative 2")).toBeInTheDocument();
    expect(within(own!).getByTestId("source-label")).toHaveTextContent("Your case user-squat · /srv/held-out");
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    const tasks = screen.getAllByTestId("task-card");
    expect(tasks.map((t) => within(t).queryByTestId("source-label")?.textContent ?? null)).toEqual([
      null,
      "Your case user-squat · /srv/held-out",
    ]);
    // The copy of a built-in device is its own row, marked.
    await chooseScenario(user, /Enterprise Network Security/);
    const rows = await screen.findAllByTestId("device-row");
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => within(r).queryByTestId("source-label")?.textContent ?? null)).toEqual([
      null,
      "Your case user-dmz · /srv/held-out",
      null,
    ]);
  });

  it("offers Retry when the content cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        ...routes,
        "GET /api/scenarios/scenario2": () =>
          fail ? json({ error: "The server is restarting.", code: "UNAVAILABLE" }, 503) : json(S2),
      }),
    );
    renderWithProviders(<ScenarioPage />);
    expect(await screen.findByText("The server is restarting.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Eight narratives.")).toBeInTheDocument();
  });
});

describe("the Scenario page's variant", () => {
  /** Scenario 2 as variant 7 draws it: the task's prompt and the narrative's story name other identifiers. */
  const S2_V7: Scenario2View = {
    ...S2,
    variant: 7,
    narratives: [{ ...S2.narratives[0]!, story: "Priya mistyped a package name; it called 203.0.113.77." }],
    llm_tasks: {
      ...S2.llm_tasks,
      tasks: [task("narrative1", "Typo-squat task", { prompt: "Traffic to 203.0.113.77 from ci-01." })],
    },
  };

  function server() {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        ...routes,
        "GET /api/scenarios/scenario2": (url) => {
          asked.push(url);
          return json(url.endsWith("?variant=7") ? S2_V7 : S2);
        },
      }),
    );
    return asked;
  }

  const field = () => screen.getByRole("textbox", { name: "Variant" });

  it("sits beside the sections that change with the variant, at 0, and asks for the published content", async () => {
    const user = userEvent.setup();
    const asked = server();
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    expect(screen.queryByRole("textbox", { name: "Variant" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    expect(field()).toHaveValue("0");
    expect(screen.queryByTestId("variant-note")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Scenario Narratives" }));
    expect(field()).toHaveValue("0");
    expect(asked).toEqual(["/api/scenarios/scenario2"]);
  });

  it("shows the tasks and narratives of the variant typed, and the published ones again at 0", async () => {
    const user = userEvent.setup();
    const asked = server();
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    expect(screen.getByText("Prompt of Typo-squat task")).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), "7");
    expect(await screen.findByText("Traffic to 203.0.113.77 from ci-01.")).toBeInTheDocument();
    expect(screen.queryByText("Prompt of Typo-squat task")).not.toBeInTheDocument();
    expect(screen.getByTestId("variant-note")).toHaveTextContent(/^Variant 7: /);
    expect(asked).toEqual(["/api/scenarios/scenario2", "/api/scenarios/scenario2?variant=7"]);

    await user.click(screen.getByRole("button", { name: "Scenario Narratives" }));
    expect(field()).toHaveValue("7");
    expect(screen.getByText("Priya mistyped a package name; it called 203.0.113.77.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    await user.clear(field());
    await user.type(field(), "0");
    expect(await screen.findByText("Prompt of Typo-squat task")).toBeInTheDocument();
    expect(screen.queryByTestId("variant-note")).not.toBeInTheDocument();
    // Each variant is asked for once; 0 was already here.
    expect(asked).toHaveLength(2);
  });

  it("says what is wrong with text that is not a variant and keeps showing what it showed", async () => {
    const user = userEvent.setup();
    const asked = server();
    renderWithProviders(<ScenarioPage />);
    await screen.findByText("Eight narratives.");
    await user.click(screen.getByRole("button", { name: "LLM Task List" }));
    await user.clear(field());
    await user.type(field(), "12345678");
    expect(screen.getByText("Use a whole number from 0 to 1,000,000")).toBeInTheDocument();
    expect(field()).toHaveAttribute("aria-invalid", "true");
    await user.clear(field());
    expect(screen.getByText("Enter a variant: 0 is the case as published")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByText("Prompt of Typo-squat task")).toBeInTheDocument();
    // Only whole variants typed are asked for, once typing pauses; none here.
    await waitFor(() => expect(asked).toEqual(["/api/scenarios/scenario2"]));
  });
});
