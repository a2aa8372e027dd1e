/**
 * TEST-ONLY: sample result files for the browser tests and screenshots, in the documented result
 * formats. Called by scripts/e2e-server.mjs on its throw-away data directory; never by the product.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

const report = (fm, body) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? JSON.stringify(v) : v}`)
    .join("\n")}\n---\n\n${body}`;

const record = (over) =>
  JSON.stringify({
    run_id: "e2e00001",
    case: "s1-dmz",
    sample: "dmz-web",
    model: "openai/gpt-4o",
    epoch: 1,
    status: "completed",
    total: 7,
    max: 10,
    normalized: 0.7,
    checkpoints: [],
    tokens: 12000,
    tool_calls: 14,
    duration_seconds: 95.2,
    limits_hit: [],
    ...over,
  });

export function seedE2eWorkspace(workspaceDir) {
  const put = (rel, text, daysOld = 0) => {
    const file = path.join(workspaceDir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (daysOld) {
      const t = new Date(Date.now() - daysOld * 86_400_000);
      utimesSync(file, t, t);
    }
  };
  put("E2E-SAMPLE-DATA.txt", "Sample data seeded by scripts/e2e-seed.mjs for browser tests. Not real results.\n");
  put(
    "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_e2e00001.md",
    report(
      {
        run_id: "e2e00001",
        case: "s1-dmz",
        case_name: "DMZ Perimeter Services",
        model: "openai/gpt-4o",
        status: "completed",
        score: "7/10",
        total: 7,
        max: 10,
        samples: 2,
        started: "2026-11-21T10:15:00Z",
        finished: "2026-11-21T10:18:10Z",
        duration_seconds: 190,
      },
      "# DMZ Perimeter Services: openai/gpt-4o (E2E sample)\n\n## Findings\n\n- SSH on dmz-web accepts password logins.\n\n| # | Checkpoint | Outcome | Points |\n|---|---|---|---|\n| 1 | Finding | plus | +1 |\n| 2 | Evidence | plus | +2 |\n| 3 | Impact | zero | 0 |\n| 4 | Fix | plus | +4 |\n",
    ),
  );
  put(
    "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_e2e00001.jsonl",
    [record({}), record({ sample: "dmz-vpn", total: 5, normalized: 0.5 })].join("\n") + "\n",
  );
  put(
    "results/s2-typosquatting/2026-11-22T08-00-00Z_builtin-naive_e2e00002.md",
    report(
      {
        run_id: "e2e00002",
        case: "s2-typosquatting",
        case_name: "Typo-squatted npm Dependency",
        model: "builtin/naive",
        status: "failed",
        score: "-3/10",
        total: -3,
        max: 10,
        samples: 1,
        started: "2026-11-22T08:00:00Z",
        finished: "2026-11-22T08:00:04Z",
        duration_seconds: 4,
      },
      "# Typo-squatted npm Dependency: builtin/naive (E2E sample)\n\nThe model answered without investigating.\n",
    ),
  );
  put(
    "results/s2-typosquatting/2026-11-22T08-00-00Z_builtin-naive_e2e00002.jsonl",
    [
      record({
        run_id: "e2e00002",
        case: "s2-typosquatting",
        sample: "n1",
        model: "builtin/naive",
        status: "failed",
        total: -3,
      }),
      record({ run_id: "e2e00002", case: "s2-typosquatting", sample: "n1", model: "builtin/naive", epoch: 2 }),
    ].join("\n") + "\n",
  );
  // Old enough for Clean Results (7 days) to archive.
  put(
    "results/s1-corp/2026-10-01T09-00-00Z_gpt-4_e2e00003.md",
    report(
      {
        run_id: "e2e00003",
        case: "s1-corp",
        case_name: "Corporate LAN",
        model: "gpt-4",
        status: "partial",
        score: "3/10",
      },
      "# Old E2E sample\n",
    ),
    30,
  );
}
