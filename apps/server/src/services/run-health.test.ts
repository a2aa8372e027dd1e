import { describe, expect, it } from "vitest";
import { providerCheck, providerOf, recentRunsCheck, runFailed, workersCheck } from "./run-health";
import type { RunOutcome, SampleOutcome } from "./run-outcomes";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const ok: SampleOutcome = { validity: "valid", errorSource: null, error: null, retriedAfter: null };
const harness: SampleOutcome = {
  validity: "invalid",
  errorSource: "harness",
  error: "the simulated environment failed: the simulation worker died",
  retriedAfter: "the simulated environment failed: the simulation worker died",
};
const unreachable: SampleOutcome = {
  validity: "invalid",
  errorSource: "provider",
  error: "the model server could not be reached (Connection error.) — gave up after 4 attempts",
  // The engine retries every invalid attempt, the provider's too.
  retriedAfter: "the model server could not be reached (Connection error.) — gave up after 4 attempts",
};
const modelOwn: SampleOutcome = {
  validity: "model_failure",
  errorSource: "model",
  error: "the model server answered 400: context too long",
  retriedAfter: null,
};

let seq = 0;
function run(over: Partial<RunOutcome> = {}): RunOutcome {
  return {
    id: `r${++seq}`,
    model: "builtin/reference",
    status: "completed",
    finishedAt: ago(10),
    error: null,
    benchmarkFile: null,
    samples: [ok, ok],
    ...over,
  };
}
const failed = (over: Partial<RunOutcome> = {}) =>
  run({ status: "failed", error: "the simulated environment failed", samples: null, ...over });

describe("recent runs", () => {
  it("is ok with no runs at all", () => {
    expect(recentRunsCheck([])).toMatchObject({ status: "ok", figure: "no runs" });
  });

  it("does not call one failure out of one an outage, nor count it", () => {
    const r = recentRunsCheck([failed()]);
    expect(r.status).toBe("ok");
    expect(r.summary).toBe(
      "1 of the last 1 finished run in the past 24 h failed; so few failures are not counted against health (see the run's record).",
    );
  });

  it("is degraded from 2 failed runs making a fifth of those judged, down from 3 making half", () => {
    expect(recentRunsCheck([failed(), run(), failed(), run(), run()]).status).toBe("degraded");
    expect(recentRunsCheck([failed(), failed(), failed(), run()])).toMatchObject({
      status: "down",
      figure: "3 of 4 failed",
      summary: "3 of the last 4 finished runs in the past 24 h failed or lost samples to the harness or provider.",
    });
    // 3 of 20 is under a fifth: a busy day with a few failures is not degraded.
    expect(recentRunsCheck([failed(), failed(), failed(), ...Array.from({ length: 17 }, () => run())]).status).toBe(
      "ok",
    );
  });

  it("judges only the newest 20 runs", () => {
    const old = Array.from({ length: 10 }, () => failed());
    expect(recentRunsCheck([...Array.from({ length: 20 }, () => run()), ...old]).status).toBe("ok");
  });

  it("counts interrupted runs and invalid samples, not the model's own failures", () => {
    expect(runFailed(run({ status: "interrupted", samples: null }))).toBe(true);
    expect(runFailed(run({ samples: [ok, harness] }))).toBe(true);
    expect(runFailed(run({ samples: [ok, unreachable] }))).toBe(true);
    expect(runFailed(run({ status: "failed", samples: [modelOwn, modelOwn] }))).toBe(false);
    // An operator's cancel of some samples is not a failure.
    expect(runFailed(run({ samples: [ok, { ...unreachable, errorSource: "cancelled" }] }))).toBe(false);
    // Without sample records, the run record's status is all there is.
    expect(runFailed(run({ status: "failed", samples: null }))).toBe(true);
    expect(runFailed(run({ status: "completed", samples: null }))).toBe(false);
  });
});

describe("model providers", () => {
  const openai = (over: Partial<RunOutcome> = {}) => run({ model: "openai/gpt-4o", ...over });

  it("names the provider of a model; built-in models have none", () => {
    expect(providerOf("anthropic/claude-x")).toBe("anthropic");
    expect(providerOf("gpt-4o")).toBe("openai");
    expect(providerOf("builtin/reference")).toBeNull();
  });

  it("is ok when no remote provider was used, and never counts built-in models", () => {
    const r = providerCheck([failed({ error: "the model server could not be reached" })], NOW);
    expect(r).toMatchObject({ status: "ok", figure: "not used" });
  });

  it("is down when the last two runs could not reach the model server, with the error in the sentence", () => {
    const r = providerCheck([openai({ samples: [unreachable] }), openai({ samples: [unreachable, unreachable] })], NOW);
    expect(r.status).toBe("down");
    expect(r.summary).toBe(
      "The last 2 runs against openai could not use its model server: the model server could not be reached (Connection error.) — gave up after 4 attempts.",
    );
  });

  it("is degraded after one unreachable run, and recovers with the next good one", () => {
    expect(providerCheck([openai({ samples: [unreachable] }), openai()], NOW).status).toBe("degraded");
    expect(providerCheck([openai({ samples: [ok, unreachable] })], NOW)).toMatchObject({
      status: "degraded",
      figure: "openai: samples failed",
    });
    const r = providerCheck([openai(), openai({ samples: [unreachable] }), openai({ samples: [unreachable] })], NOW);
    expect(r).toMatchObject({ status: "ok", summary: "The latest runs against openai reached their model server." });
  });

  it("counts a refused key (401) as the provider's, a refused request (400) as the model's", () => {
    const refused = { ...modelOwn, error: "the model server answered 401: Incorrect API key provided" };
    expect(providerCheck([openai({ samples: [refused] }), openai({ samples: [refused] })], NOW).status).toBe("down");
    expect(providerCheck([openai({ samples: [modelOwn] }), openai({ samples: [modelOwn] })], NOW).status).toBe("ok");
  });

  it("reads the run record's error when the sample records are gone", () => {
    const gone = (error: string) => openai({ status: "failed", samples: null, error });
    expect(
      providerCheck(
        [
          gone("the model server answered 503: overloaded"),
          gone("the model server did not finish its reply within 120 s"),
        ],
        NOW,
      ).status,
    ).toBe("down");
    expect(providerCheck([gone("the simulated environment failed"), gone("boom")], NOW).status).toBe("ok");
  });

  it("ignores evidence older than 6 h and finish times that do not parse", () => {
    const stale = [
      openai({ samples: [unreachable], finishedAt: ago(7 * 60) }),
      openai({ samples: [unreachable], finishedAt: ago(8 * 60) }),
    ];
    expect(providerCheck(stale, NOW).figure).toBe("not used");
    expect(providerCheck([openai({ samples: [unreachable], finishedAt: "yesterday-ish" })], NOW).figure).toBe(
      "not used",
    );
  });

  it("reports the worst provider when several were used", () => {
    const r = providerCheck(
      [
        run({ model: "anthropic/claude-x" }),
        openai({ samples: [unreachable] }),
        run({ model: "anthropic/claude-x" }),
        openai({ samples: [unreachable] }),
      ],
      NOW,
    );
    expect(r).toMatchObject({ status: "down", figure: "openai: 2 runs failed" });
  });
});

describe("simulation workers", () => {
  const retriedOnce: SampleOutcome = { ...ok, retriedAfter: "the simulation worker died" };

  it("is ok without samples and with a couple of recovered harness failures", () => {
    expect(workersCheck([]).status).toBe("ok");
    expect(workersCheck([run({ samples: null, status: "interrupted" })]).figure).toBe("no samples");
    const r = workersCheck([run({ samples: [retriedOnce, ok, retriedOnce] })]);
    expect(r).toMatchObject({ status: "ok", figure: "2 in 3 samples" });
    expect(r.summary).toMatch(/fewer than 3 a day are not counted\.$/);
  });

  it("counts both failed attempts of a sample whose retry failed too", () => {
    // harness: the first attempt failed (retried) and so did the second (invalid): 2 attempts.
    expect(workersCheck([run({ samples: [harness, retriedOnce, ...Array(20).fill(ok)] })])).toMatchObject({
      status: "degraded",
      figure: "3 in 22 samples",
    });
  });

  it("is down when many samples in a good share lost the harness", () => {
    expect(workersCheck([run({ samples: [harness, harness, harness, ok, ok, ok] })]).status).toBe("down");
    // Six failures in a hundred samples: a harness in trouble, not down.
    expect(workersCheck([run({ samples: [...Array(6).fill(retriedOnce), ...Array(94).fill(ok)] })]).status).toBe(
      "degraded",
    );
  });

  it("does not count a model's own failure or the provider's (retried too) as a worker's", () => {
    expect(workersCheck([run({ samples: [modelOwn, modelOwn, modelOwn, modelOwn] })]).figure).toBe("0 in 4 samples");
    const stalled = { ...ok, retriedAfter: "the model server stopped sending (nothing for 60 s)" };
    const tooLong = { ...ok, retriedAfter: "the model's reply was larger than 262144 bytes" };
    const samples = [unreachable, unreachable, unreachable, stalled, tooLong];
    expect(workersCheck([run({ samples })])).toMatchObject({ status: "ok", figure: "0 in 5 samples" });
  });
});
