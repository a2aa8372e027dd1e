import type { ScenarioStreamEvent } from "@analystbench/contracts";

/**
 * Reads a server-sent event stream from a fetch Response, line by line (spec section 7): only
 * `data:` lines count, each carrying one JSON object. fetch rather than EventSource because the
 * request is a POST with a bearer token, which EventSource cannot send.
 */

export const HTTP_ERROR = (status: number) => `HTTP error! status ${status}`;
export const NO_READER = "No response body reader available";

function handleLine(line: string, onEvent: (event: ScenarioStreamEvent) => void): void {
  if (!line.startsWith("data:")) return;
  const payload = line.slice(5).trim();
  if (payload === "") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    console.warn("Skipping stream data that is not JSON:", payload);
    return;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    console.warn("Skipping stream data that is not a JSON object:", payload);
    return;
  }
  onEvent(parsed as ScenarioStreamEvent);
}

/** Resolves when the stream ends; throws the spec's messages for an HTTP error or a missing body. */
export async function readEventStream(res: Response, onEvent: (event: ScenarioStreamEvent) => void): Promise<void> {
  if (!res.ok) throw new Error(HTTP_ERROR(res.status));
  const reader = res.body?.getReader();
  if (!reader) throw new Error(NO_READER);
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      handleLine(buffer.slice(0, newline).replace(/\r$/, ""), onEvent);
      buffer = buffer.slice(newline + 1);
    }
  }
  buffer += decoder.decode();
  if (buffer) handleLine(buffer.replace(/\r$/, ""), onEvent);
}

/** What an event adds to the output: data raw, message with a newline, command as a Command line. */
export function renderStreamEvent(event: ScenarioStreamEvent): string {
  let text = "";
  if (typeof event.data === "string") text += event.data;
  if (typeof event.message === "string") text += `${event.event === "error" ? "✗ " : ""}${event.message}\n`;
  if (typeof event.command === "string") text += `Command: ${event.command}\n`;
  return text;
}
