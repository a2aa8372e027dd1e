import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it, onTestFinished } from "vitest";
import { RedirectRefusedError, wireFetch } from "./wire-fetch";

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle).listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => void server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

describe("wireFetch", () => {
  it("sends the method, headers and body as given, asks for no compression, and answers like fetch", async () => {
    let seen: { method?: string; headers?: IncomingMessage["headers"]; body?: string } = {};
    const url = await listen(async (req, res) => {
      seen = { method: req.method, headers: req.headers, body: await bodyOf(req) };
      res.writeHead(201, { "content-type": "application/json", "x-request-id": "r-1" }).end('{"ok":true}');
    });
    const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "héllo" }] });
    const response = await wireFetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: new Headers({ "content-type": "application/json", authorization: "Bearer k" }),
      body,
    });
    expect(seen.method).toBe("POST");
    expect(seen.body).toBe(body);
    expect(seen.headers).toMatchObject({ "content-type": "application/json", authorization: "Bearer k" });
    expect(seen.headers!["accept-encoding"]).toBeUndefined();
    expect([response.status, response.ok, response.headers.get("x-request-id")]).toEqual([201, true, "r-1"]);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("gives the body as it comes, one piece after another, without waiting for its end", async () => {
    let more!: () => void;
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      more = () => res.end("data: second\n\n");
    });
    const response = await wireFetch(url, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    more();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("data: second\n\n");
  });

  it.each([301, 302, 303, 307, 308])("refuses a %i redirect, and follows nothing", async (status) => {
    let elsewhere = 0;
    const target = await listen((_req, res) => {
      elsewhere++;
      res.end();
    });
    const url = await listen((_req, res) => res.writeHead(status, { location: target }).end("moved"));
    const error = await wireFetch(`${url}/v1/messages`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as Error).message).toContain(`answered ${url}/v1/messages with a redirect`);
    expect(elsewhere).toBe(0);
  });

  it.each([
    ["gzip", gzipSync],
    ["x-gzip", gzipSync],
    ["deflate", deflateSync],
    ["br", brotliCompressSync],
  ] as const)("undoes a body compressed with %s though none was asked for", async (coding, compress) => {
    const text = `{"choices":[{"message":{"content":"${"ünïcode ".repeat(500)}"}}]}`;
    const url = await listen((_req, res) =>
      res.writeHead(200, { "content-encoding": coding, "content-type": "application/json" }).end(compress(text)),
    );
    expect(await (await wireFetch(url, { method: "POST", body: "{}" })).text()).toBe(text);
  });

  it("fails the body it reads when the compressed bytes are broken", async () => {
    const url = await listen((_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end("not gzip at all"));
    const response = await wireFetch(url, { method: "POST", body: "{}" });
    await expect(response.text()).rejects.toThrow();
  });

  it("answers a 204 with no body", async () => {
    const url = await listen((_req, res) => res.writeHead(204).end());
    const response = await wireFetch(url, { method: "POST", body: "{}" });
    expect([response.status, response.body]).toEqual([204, null]);
  });

  it("stops reading when its signal aborts, and when the reader cancels, closing the connection", async () => {
    const closed: string[] = [];
    const url = await listen((req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" }).write("data: 1\n\n");
      res.on("close", () => closed.push(String(req.url)));
    });
    const controller = new AbortController();
    const aborted = await wireFetch(`${url}/abort`, { method: "POST", body: "{}", signal: controller.signal });
    const reader = aborted.body!.getReader();
    await reader.read();
    controller.abort(new Error("the run was cancelled"));
    await expect(reader.read()).rejects.toThrow();

    const unread = await wireFetch(`${url}/unread`, { method: "POST", body: "{}" });
    await unread.body!.cancel();
    const partlyRead = (await wireFetch(`${url}/read`, { method: "POST", body: "{}" })).body!.getReader();
    await partlyRead.read();
    await partlyRead.cancel();
    await expect.poll(() => [...closed].sort()).toEqual(["/abort", "/read", "/unread"]);
  });

  it("refuses a body it would have to stream, and a Request for a URL", async () => {
    await expect(
      wireFetch("http://127.0.0.1:9/", {
        method: "POST",
        body: new ReadableStream() as unknown as RequestInit["body"],
      }),
    ).rejects.toThrow(/as text or bytes/);
    await expect(wireFetch(new Request("http://127.0.0.1:9/"))).rejects.toThrow(/a URL, not a Request/);
  });
});
