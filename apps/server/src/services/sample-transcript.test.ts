import { TranscriptResponseSchema } from "@analystbench/contracts";
import { runCase } from "@analystbench/engine";
import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../plugins/http-error";
import { capMessages, capText, createSampleTranscripts, MAX_MESSAGES, MAX_TEXT_CHARS } from "./sample-transcript";

let dir: string;
let ws: string;
let naiveRun: string;
let naiveLog: string;
const dmz = findCase("s1-dmz")!;
const sampleId = dmz.samples[0]!.id;

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-transcript-")));
  ws = path.join(dir, "workspace");
  mkdirSync(ws);
  const { run, files } = await runCase({
    testCase: dmz,
    model: "builtin/naive",
    workspaceDir: ws,
    version: "0.0.0-test",
    openSession: openInProcessSession,
  });
  naiveRun = run.runId;
  naiveLog = path.join(ws, files.log);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A minimal log in the engine's shape, for one run id, with the given samples. */
function writeLog(workspace: string, runId: string, samples: unknown[] | null, extra: Record<string, unknown> = {}) {
  mkdirSync(path.join(workspace, "logs"), { recursive: true });
  const file = path.join(workspace, "logs", `2026-11-01T10-00-00-000Z_s1-dmz_${runId}.json`);
  writeFileSync(
    file,
    JSON.stringify({ status: "success", eval: { run_id: runId, task: "s1-dmz", model: "m/one" }, samples, ...extra }),
  );
  return file;
}

const fresh = () => mkdtempSync(path.join(dir, "ws-"));

async function expectStatus(p: Promise<unknown>, status: number, message: RegExp) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(HttpError);
  expect((e as HttpError).statusCode).toBe(status);
  expect((e as HttpError).message).toMatch(message);
}

describe("sample transcripts", () => {
  it("reads a real run's log: messages, the final report and the grades", async () => {
    const t = await createSampleTranscripts({ workspaceDir: ws }).get({ run: naiveRun, sample: sampleId, epoch: 1 });
    TranscriptResponseSchema.parse(t);
    expect(t).toMatchObject({ runId: naiveRun, model: "builtin/naive", case: "s1-dmz", total: 0 });
    expect(t.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(t.finalReport).toBe(t.messages[2]!.text);
    expect(t.checkpoints).toHaveLength(4);
    expect(t.checkpoints[0]).toMatchObject({ number: 1, outcome: "zero", points: 0 });
  });

  it("flattens content parts, tool calls (also unparsable ones) and tool outputs", async () => {
    const w = fresh();
    writeLog(w, "r_parts", [
      {
        id: "s1",
        epoch: 1,
        metadata: { case: "s1-dmz" },
        messages: [
          { role: "system", content: "sys" },
          {
            role: "user",
            content: [
              { type: "text", text: "look" },
              { type: "image", image: "data:..." },
            ],
          },
          {
            role: "assistant",
            content: [{ type: "reasoning", reasoning: "hmm" }],
            tool_calls: [
              { id: "a", function: "get_file_content", arguments: { path: "/etc/x" } },
              { id: "b", function: "run", arguments: {}, parse_error: "Bad JSON (arguments as sent: {oops)" },
            ],
          },
          { role: "tool", content: "file body", tool_call_id: "a", function: "get_file_content" },
          { role: "bogus", content: "dropped" },
          null,
          { role: "assistant", content: "final words", tool_calls: [] },
        ],
        scores: {},
      },
    ]);
    const t = await createSampleTranscripts({ workspaceDir: w }).get({ run: "r_parts", sample: "s1", epoch: 1 });
    expect(t.messages).toEqual([
      { role: "system", text: "sys" },
      { role: "user", text: "look\n[image]" },
      {
        role: "assistant",
        text: "[reasoning] hmm",
        toolCalls: [
          { name: "get_file_content", arguments: '{"path":"/etc/x"}' },
          { name: "run", arguments: "Bad JSON (arguments as sent: {oops)" },
        ],
      },
      { role: "tool", text: "file body" },
      { role: "assistant", text: "final words" },
    ]);
    expect(t.finalReport).toBe("final words");
    // Unscored in the log and no record: no grades rather than invented ones.
    expect(t).toMatchObject({ total: null, checkpoints: [] });
  });

  it("takes the grades from the run's record when the log has none", async () => {
    const w = fresh();
    writeLog(w, "r_nograde", [{ id: 7, epoch: 2, messages: [], scores: { analystbench_checkpoints: {} } }]);
    const checkpoints = [{ number: 1, name: "One", outcome: "minus" as const, points: -1, rationale: "Wrong." }];
    const t = await createSampleTranscripts({
      workspaceDir: w,
      recordedGrades: async (q) =>
        q.run === "r_nograde" && q.sample === "7" && q.epoch === 2 ? { total: -1, checkpoints } : null,
    }).get({ run: "r_nograde", sample: "7", epoch: 2 });
    expect(t).toMatchObject({ total: -1, checkpoints });
  });

  it("caps each text and the number of messages, keeping the start and the end", async () => {
    const w = fresh();
    const long = "é".repeat(MAX_TEXT_CHARS + 500);
    const messages = [
      { role: "system", content: long },
      ...Array.from({ length: 1000 }, (_, i) => ({ role: i % 2 ? "tool" : "assistant", content: `m${i}` })),
    ];
    writeLog(w, "r_long", [{ id: "s", epoch: 1, messages, scores: {} }]);
    const t = await createSampleTranscripts({ workspaceDir: w }).get({ run: "r_long", sample: "s", epoch: 1 });
    expect(t.messages).toHaveLength(MAX_MESSAGES);
    expect(t.messages[0]!.text).toMatch(/^é{20000}\n… \[500 more characters not shown\]$/);
    expect(t.messages[MAX_MESSAGES - 100]!.text).toMatch(
      /^\[602 messages are not shown here; the eval log in logs\/ holds all 1,001\]$/,
    );
    expect(t.messages.at(-1)!.text).toBe("m999");
    expect(capText("😀😀", 3)).toBe("😀\n… [2 more characters not shown]");
    expect(capMessages([{ role: "user", text: "a" }], 5)).toEqual([{ role: "user", text: "a" }]);
  });

  it("answers 404 for an unknown run, sample or epoch, a started log and an unusable log", async () => {
    const w = fresh();
    const s = createSampleTranscripts({ workspaceDir: w });
    await expectStatus(s.get({ run: "r_x", sample: "s", epoch: 1 }), 404, /the workspace has no logs folder/);
    writeLog(w, "r_started", null, { status: "started" });
    await expectStatus(s.get({ run: "r_started", sample: "s", epoch: 1 }), 404, /no finished samples in its log yet/);
    await expectStatus(s.get({ run: "r_other", sample: "s", epoch: 1 }), 404, /There is no eval log of run r_other/);
    writeFileSync(path.join(w, "logs/2026-11-01T10-00-00-000Z_s1-dmz_r_broken.json"), "{not json");
    await expectStatus(s.get({ run: "r_broken", sample: "s", epoch: 1 }), 404, /its log is not valid JSON/);
    // A file named after one run that holds another's log does not answer for it.
    writeFileSync(
      path.join(w, "logs/2026-11-01T10-00-00-000Z_s1-dmz_r_named.json"),
      JSON.stringify({ eval: { run_id: "r_started" }, samples: [] }),
    );
    await expectStatus(s.get({ run: "r_named", sample: "s", epoch: 1 }), 404, /belongs to run "r_started"/);
    await expectStatus(
      createSampleTranscripts({ workspaceDir: ws }).get({ run: naiveRun, sample: sampleId, epoch: 3 }),
      404,
      /has no epoch 3 of sample .+; it ran epochs 1\./,
    );
    await expectStatus(
      createSampleTranscripts({ workspaceDir: ws }).get({ run: naiveRun, sample: "__proto__", epoch: 1 }),
      404,
      /has no sample "__proto__"/,
    );
  });

  it("never leaves logs/: run ids are matched against names, symlinks (files or logs/ itself) are not followed", async () => {
    const outside = path.join(dir, "outside");
    mkdirSync(outside, { recursive: true });
    const forged = readFileSync(naiveLog, "utf8").replaceAll(naiveRun, "r_forged");
    writeFileSync(path.join(outside, "2026-11-01T10-00-00-000Z_s1-dmz_r_forged.json"), forged);

    const w = fresh();
    mkdirSync(path.join(w, "logs"));
    symlinkSync(
      path.join(outside, "2026-11-01T10-00-00-000Z_s1-dmz_r_forged.json"),
      path.join(w, "logs/2026-11-01T10-00-00-000Z_s1-dmz_r_forged.json"),
    );
    const s = createSampleTranscripts({ workspaceDir: w });
    await expectStatus(s.get({ run: "r_forged", sample: sampleId, epoch: 1 }), 404, /no eval log of run r_forged/);
    for (const run of ["../outside/x", "..", "r_forged/../../x", ""])
      await expectStatus(s.get({ run, sample: sampleId, epoch: 1 }), 404, /There is no eval log/);

    const linkedLogs = fresh();
    symlinkSync(outside, path.join(linkedLogs, "logs"));
    await expectStatus(
      createSampleTranscripts({ workspaceDir: linkedLogs }).get({ run: "r_forged", sample: sampleId, epoch: 1 }),
      404,
      /the workspace has no logs folder/,
    );
    // The same file, really inside logs/, is read: the refusals above are about the symlinks.
    const real = fresh();
    mkdirSync(path.join(real, "logs"));
    writeFileSync(path.join(real, "logs/2026-11-01T10-00-00-000Z_s1-dmz_r_forged.json"), forged);
    const t = await createSampleTranscripts({ workspaceDir: real }).get({
      run: "r_forged",
      sample: sampleId,
      epoch: 1,
    });
    expect(t.runId).toBe("r_forged");
  });

  it("refuses a log over the size cap with a sentence", async () => {
    const w = fresh();
    const file = writeLog(w, "r_big", []);
    writeFileSync(file, `${" ".repeat(1000)}{}`);
    await expectStatus(
      createSampleTranscripts({ workspaceDir: w, maxLogBytes: 500 }).get({ run: "r_big", sample: "s", epoch: 1 }),
      404,
      /its log is 1,002 bytes, more than the 500 read/,
    );
  });
});
