import { findCase } from "@analystbench/scenarios";
import { openInProcessSession, type SimSession } from "@analystbench/sim";
import { describe, expect, it } from "vitest";
import type { ModelClient, ModelReply, ModelRequest } from "../models/model-client";
import { DEFAULT_LIMITS } from "../runs/run-case";
import type { RunLimits } from "../types";
import { runSample, type SampleProgress } from "./run-sample";

/** A scripted model: each call answers with the next reply (the injected model client). */
function scripted(
  replies: (Partial<ModelReply> | ((req: ModelRequest) => Partial<ModelReply>))[],
): ModelClient & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: "test/scripted",
    baseUrl: null,
    api: "builtin",
    settings: {},
    requests,
    async complete(req) {
      requests.push(req);
      const next = replies.shift() ?? { content: "Final report." };
      const r = typeof next === "function" ? next(req) : next;
      return {
        content: "",
        toolCalls: [],
        finishReason: r.toolCalls?.length ? "tool_calls" : "stop",
        usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: null },
        retries: 0,
        ...r,
      };
    },
  };
}

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: args,
  rawArguments: JSON.stringify(args),
  parseError: null,
});
const testCase = findCase("s2-typosquatting")!;
const sample = testCase.samples[0]!;
let clock = 0;
const ctx = () => {
  let n = 0;
  return { now: () => (clock += 5), id: (p: string) => `${p}-${++n}` };
};
const LIMITS: RunLimits = {
  ...DEFAULT_LIMITS,
  maxTurns: 30,
  maxTokens: null,
  maxToolCalls: null,
  maxSeconds: null,
};

async function run(
  model: ModelClient,
  limits = LIMITS,
  signal = new AbortController().signal,
  onProgress?: (p: SampleProgress) => void,
) {
  const session = await openInProcessSession(testCase.world());
  return runSample({ testCase, sample, epoch: 1, model, session, limits, ctx: ctx(), seed: "s", signal, onProgress });
}

describe("the agent loop", () => {
  it("runs parallel tool calls of a turn and feeds every result back in order", async () => {
    const model = scripted([
      {
        toolCalls: [
          call("a", "get_network_topology", {}),
          call("b", "execute_shell_command", { device_role: "CI/CD Server", command_with_args: "hostname" }),
        ],
      },
      { content: "Report: nothing found." },
    ]);
    const r = await run(model);
    expect(r.status).toBe("completed");
    expect(r.toolCalls).toBe(2);
    expect(r.turns).toBe(2);
    const second = model.requests[1]!.messages;
    expect(second.slice(-2).map((m) => (m.role === "tool" ? [m.toolCallId, m.content.trim()] : m.role))).toEqual([
      ["a", expect.stringContaining("Segments")],
      ["b", "ci-01"],
    ]);
    expect(r.finalReport).toBe("Report: nothing found.");
    // The six investigation tools and submit_findings.
    expect(model.requests[0]!.tools.map((t) => t.name)).toHaveLength(7);
    expect(model.requests[0]!.tools.at(-1)!.name).toBe("submit_findings");
  });

  it("answers malformed arguments with a tool error the model can read", async () => {
    const r = await run(
      scripted([
        {
          toolCalls: [
            {
              id: "x",
              name: "get_file_content",
              arguments: null,
              rawArguments: "{oops",
              parseError: "the arguments are not valid JSON (Unexpected token)",
            },
          ],
        },
        { content: "Done." },
      ]),
    );
    const tool = r.messages.find((m) => m.role === "tool");
    expect(tool).toMatchObject({
      role: "tool",
      toolCallId: "x",
      error: expect.stringContaining("Invalid arguments for get_file_content"),
    });
    expect(r.status).toBe("completed");
  });

  it("stops at the turn limit, asks once for the findings with only the submission tool, and marks the sample partial", async () => {
    const looping = scripted(
      Array.from(
        { length: 10 },
        () => (req: ModelRequest) =>
          req.tools.length > 1
            ? { toolCalls: [call(`c${req.messages.length}`, "get_network_topology", {})] }
            : { content: "Wrap-up report." },
      ),
    );
    const progress: SampleProgress[] = [];
    const r = await run(looping, { ...LIMITS, maxTurns: 3 }, undefined, (p) => progress.push(p));
    expect(r.limitsHit).toEqual(["turns"]);
    expect(r.status).toBe("partial");
    expect(r.finalReport).toBe("Wrap-up report.");
    expect(looping.requests.at(-1)!.tools.map((t) => t.name)).toEqual(["submit_findings"]);
    expect(progress.some((p) => p.kind === "limit" && p.limit === "turns")).toBe(true);
  });

  it("stops at the tool-call and token limits too", async () => {
    const many = () =>
      scripted(
        Array.from(
          { length: 20 },
          () => (req: ModelRequest) =>
            req.tools.length
              ? {
                  toolCalls: [
                    call(`c${req.messages.length}`, "get_network_topology", {}),
                    call(`d${req.messages.length}`, "get_network_topology", {}),
                  ],
                }
              : { content: "R" },
        ),
      );
    expect((await run(many(), { ...LIMITS, maxToolCalls: 5 })).limitsHit).toEqual(["tool_calls"]);
    expect((await run(many(), { ...LIMITS, maxTokens: 40 })).limitsHit).toEqual(["tokens"]);
  });

  it("records a model failure as a failed sample instead of throwing", async () => {
    const broken: ModelClient = {
      name: "test/broken",
      baseUrl: null,
      api: "builtin",
      settings: {},
      complete: async () => Promise.reject(new Error("the model server answered 500")),
    };
    const r = await run(broken);
    expect(r.status).toBe("failed");
    expect(r.error?.message).toBe("the model server answered 500");
    expect(r.timeline[0]).toMatchObject({ kind: "model", error: "the model server answered 500", outputId: null });
  });

  it("stops when cancelled", async () => {
    const ac = new AbortController();
    const model = scripted([
      (req) => {
        ac.abort();
        return { toolCalls: [call("a", "get_network_topology", {})], content: req.messages.length ? "" : "" };
      },
    ]);
    const r = await run(model, LIMITS, ac.signal);
    expect(r.status).toBe("failed");
    expect(r.error?.message).toMatch(/cancelled/);
  });

  it("holds the tool-call limit inside a turn: of 500 calls in one reply, none past the limits runs", async () => {
    const flood = scripted([
      { toolCalls: Array.from({ length: 500 }, (_, i) => call(`f${i}`, "get_network_topology", {})) },
      { content: "Report." },
    ]);
    const r = await run(flood, { ...LIMITS, maxToolCalls: 120, maxToolCallsPerTurn: 16 });
    const tools = r.timeline.filter((e) => e.kind === "tool");
    expect(tools).toHaveLength(500);
    expect(tools.filter((t) => !t.refused)).toHaveLength(16);
    expect(r.toolCalls).toBe(16);
    const refused = tools.filter((t) => t.refused);
    expect(refused.map((t) => t.callId)).toEqual(Array.from({ length: 484 }, (_, i) => `f${i + 16}`));
    expect(refused.every((t) => t.refused === "tool_calls_per_turn" && /^Limit reached/.test(t.output))).toBe(true);
    expect(r.limitsHit).toContain("tool_calls_per_turn");
    // Every call still gets an answer, in order, so the conversation stays well-formed.
    expect(flood.requests[1]!.messages.filter((m) => m.role === "tool")).toHaveLength(500);
  });

  it("stops at the run's tool-call limit in the middle of a turn", async () => {
    const turns = scripted(
      Array.from({ length: 10 }, (_, t) => ({
        toolCalls: Array.from({ length: 16 }, (_, i) => call(`t${t}c${i}`, "get_network_topology", {})),
      })),
    );
    const r = await run(turns, { ...LIMITS, maxToolCalls: 40, maxToolCallsPerTurn: 16 });
    expect(r.toolCalls).toBe(40);
    expect(r.limitsHit).toContain("tool_calls");
    expect(r.status).toBe("partial");
  });

  it("refuses a tool call whose arguments pass the size cap, without running it", async () => {
    const huge = "x".repeat(16 * 1024 * 1024);
    const model = scripted([
      { toolCalls: [call("big", "get_file_content", { device_role: "build-server", file_path: huge })] },
      { content: "Report." },
    ]);
    const r = await run(model, { ...LIMITS, maxArgumentBytes: 64 * 1024 });
    const [event] = r.timeline.filter((e) => e.kind === "tool");
    expect(event).toMatchObject({ refused: "argument_bytes", ok: false });
    expect(r.toolCalls).toBe(0);
    expect(r.limitsHit).toEqual(["argument_bytes"]);
    expect(r.status).toBe("completed");
  });

  it("tells the model when it nears a limit", async () => {
    const model = scripted([{ toolCalls: [call("a", "get_network_topology", {})] }, { content: "Report." }]);
    await run(model, { ...LIMITS, maxToolCalls: 5 });
    const toolMessage = model.requests[1]!.messages.at(-1)!;
    expect(toolMessage.content).toMatch(/4 tool calls left before the investigation limit/);
  });

  it("cancels within 5 s while 60 slow tool calls of one turn are under way", async () => {
    const ac = new AbortController();
    const inner = await openInProcessSession(testCase.world());
    // The environment's edge made slow: every call takes 5 s unless the run's signal stops it.
    const slow: SimSession = {
      ...inner,
      callTool: (name, args, opts) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(inner.callTool(name, args)), 5000);
          opts?.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(Object.assign(new Error("cancelled"), { name: "AbortError" }));
          });
        }),
    };
    const model = scripted([
      { toolCalls: Array.from({ length: 60 }, (_, i) => call(`s${i}`, "get_network_topology", {})) },
    ]);
    setTimeout(() => ac.abort(), 200);
    const started = Date.now();
    const r = await runSample({
      testCase,
      sample,
      epoch: 1,
      model,
      session: slow,
      limits: { ...LIMITS, maxToolCallsPerTurn: 60 },
      ctx: ctx(),
      seed: "s",
      signal: ac.signal,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.status).toBe("failed");
    expect(r.error?.source).toBe("cancelled");
  });

  it("ends the investigation at a valid submission and answers the turn's other calls without running them", async () => {
    const findings = {
      summary: "s",
      cause: { description: "fast-xml-praser 5.2.7" },
      remediation: ["Rotate NEXUS_NPM_TOKEN"],
    };
    const model = scripted([
      { toolCalls: [call("t1", "get_network_topology", {}), call("s1", "submit_findings", findings)] },
      { content: "never asked" },
    ]);
    const r = await run(model);
    expect(model.requests).toHaveLength(1);
    expect(r.submission).toMatchObject({ summary: "s", remediation: ["Rotate NEXUS_NPM_TOKEN"] });
    expect(r.toolCalls).toBe(0);
    const answers = r.messages.filter((m) => m.role === "tool");
    expect(answers.map((m) => m.content)).toEqual([
      expect.stringMatching(/^Not run: you submitted/),
      "Findings received. The investigation is over.",
    ]);
    expect(r.finalReport).toMatch(/\*\*Cause\.\*\* fast-xml-praser 5\.2\.7/);
  });

  it("answers an invalid submission with what to fix and lets the investigation go on", async () => {
    const model = scripted([
      { toolCalls: [call("s1", "submit_findings", { summary: 5 })] },
      { content: "Plain report." },
    ]);
    const r = await run(model);
    const answer = r.messages.find((m) => m.role === "tool");
    expect(answer?.content).toMatch(/^The submission was not accepted: summary: .*cause/);
    expect(r.submission).toBeNull();
    expect(r.finalReport).toBe("Plain report.");
  });
});
