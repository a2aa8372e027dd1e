import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { describe, expect, it } from "vitest";
import type { ModelClient, ModelReply, ModelRequest } from "../models/model-client";
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
const LIMITS: RunLimits = { maxTurns: 30, maxTokens: null, maxToolCalls: null, maxSeconds: null };

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
    expect(model.requests[0]!.tools).toHaveLength(6);
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

  it("stops at the turn limit, asks once for a report without tools, and marks the sample partial", async () => {
    const looping = scripted(
      Array.from(
        { length: 10 },
        () => (req: ModelRequest) =>
          req.tools.length
            ? { toolCalls: [call(`c${req.messages.length}`, "get_network_topology", {})] }
            : { content: "Wrap-up report." },
      ),
    );
    const progress: SampleProgress[] = [];
    const r = await run(looping, { ...LIMITS, maxTurns: 3 }, undefined, (p) => progress.push(p));
    expect(r.limitsHit).toEqual(["turns"]);
    expect(r.status).toBe("partial");
    expect(r.finalReport).toBe("Wrap-up report.");
    expect(looping.requests.at(-1)!.tools).toEqual([]);
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
});
