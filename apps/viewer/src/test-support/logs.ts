import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * TEST-ONLY. engine-log.json is the engine's own Inspect log of its recorded fixture run
 * (packages/engine test-support: case s1-dmz, a graded sample with judge verdicts, a truncated
 * output, a malformed tool call and a file it created, and a failed sample that hit its token
 * limit), written by buildInspectLog. largeLog() stretches its first sample to any length.
 */
export function engineLog(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "../test-fixtures/engine-log.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

type Obj = Record<string, unknown>;

/** The fixture with its first sample replaced by `turns` tool-calling turns: 2 messages and 2 events per turn. */
export function largeLog(turns: number): Obj {
  const log = engineLog();
  const sample = (log.samples as Obj[])[0]!;
  const messages = sample.messages as Obj[];
  const events = sample.events as Obj[];
  const head = messages.slice(0, 2);
  const modelEvent = events.find((e) => e.event === "model")!;
  const toolEvent = events.find((e) => e.event === "tool")!;
  const newMessages: Obj[] = [...head];
  const newEvents: Obj[] = events.filter((e) => e.event === "sample_init" || e.event === "span_begin").slice(0, 2);
  const output = '203.0.113.77 - - [12/Mar/2026:22:41:07 +0000] "GET /.git/HEAD HTTP/1.1" 200 23\n'.repeat(20);
  for (let i = 0; i < turns; i++) {
    const callId = `call_${i}`;
    const assistant = {
      id: `a${i}`,
      role: "assistant",
      content: `Turn ${i}: checking the web server log again.`,
      source: "generate",
      metadata: null,
      model: "openai/gpt-4.1-mini",
      tool_calls: [
        {
          id: callId,
          function: "execute_shell_command",
          arguments: { device_role: "CRM Server", command_with_args: `grep -c ' 200 ' /var/log/nginx/access.log.${i}` },
          parse_error: null,
          view: null,
          type: "function",
        },
      ],
    };
    const tool = {
      id: `t${i}`,
      role: "tool",
      content: output,
      source: null,
      metadata: null,
      tool_call_id: callId,
      function: "execute_shell_command",
      error: null,
    };
    newMessages.push(assistant, tool);
    newEvents.push(
      { ...modelEvent, uuid: `m-${i}`, input: [assistant], output: { ...(modelEvent.output as Obj) } },
      { ...toolEvent, uuid: `e-${i}`, id: callId, result: output, truncated: null },
    );
  }
  newEvents.push(...events.filter((e) => ["span_end", "score"].includes(String(e.event))));
  (log.samples as Obj[])[0] = { ...sample, messages: newMessages, events: newEvents };
  return log;
}
