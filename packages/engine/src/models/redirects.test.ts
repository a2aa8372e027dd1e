import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { adapterTestClient } from "../test-support/adapter-client";
import type { ChatMessage } from "../types";
import { anthropicAdapter } from "./anthropic-api";
import type { AdapterOptions, ApiAdapter } from "./call-loop";
import { chatCompletionsAdapter } from "./chat-completions-api";
import { ModelCallError } from "./model-client";
import { responsesAdapter } from "./responses-api";

/**
 * No API shape follows a redirect (see RedirectRefusedError): a provider's key in its own header
 * and the transcript would go where it points. Each adapter's SDK wraps the refusal its own way;
 * the call must still fail at once, saying so, with nothing sent where the redirect points.
 */
async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle).listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => void server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const USER: ChatMessage[] = [{ id: "u1", role: "user", content: "Hello" }];

const shapes: [string, (o: AdapterOptions) => ApiAdapter, string, string][] = [
  ["Chat Completions", chatCompletionsAdapter, "/v1", "/v1/chat/completions"],
  ["Responses", responsesAdapter, "/v1", "/v1/responses"],
  ["Anthropic Messages", anthropicAdapter, "", "/v1/messages"],
];

describe.each(shapes)("the %s adapter, answered with a redirect", (_name, adapterOf, base, endpoint) => {
  it("fails at once saying so, and sends nothing where the redirect points", async () => {
    const sentElsewhere: string[] = [];
    const target = await listen((req, res) => {
      sentElsewhere.push(String(req.headers["x-api-key"] ?? req.headers.authorization ?? ""));
      res.writeHead(500).end();
    });
    let asked = 0;
    const origin = await listen((_req, res) => {
      asked++;
      res.writeHead(307, { location: `${target}${endpoint}` }).end();
    });
    const baseURL = `${origin}${base}`;
    const adapter = adapterOf({ model: "m", baseURL, apiKey: "secret-key", settings: {} });
    const { c } = adapterTestClient(adapter, { provider: "test", model: "m", baseURL });
    const error = await c
      .complete({ messages: USER, tools: [] }, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toContain(`answered ${origin}${endpoint} with a redirect`);
    expect((error as ModelCallError).message).toMatch(/set the model's base URL/);
    expect([asked, sentElsewhere]).toEqual([1, []]);
  });
});
