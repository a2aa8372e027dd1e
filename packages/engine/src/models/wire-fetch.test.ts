import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { brotliCompressSync, constants, createGzip, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it, onTestFinished } from "vitest";
import { adapterTestClient } from "../test-support/adapter-client";
import { chatCompletionsAdapter } from "./chat-completions-api";
import { ModelCallError } from "./model-client";
import { RedirectRefusedError, WireRefusedError, wireFetch } from "./wire-fetch";

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle).listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => void server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A server that answers every request with `reply`, bytes as given (what no HTTP server would
 * send), then closes the connection when `close`, else keeps it open; `open()` counts the
 * connections still open.
 */
async function rawServer(reply: string | Buffer, { close = false } = {}) {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.on("data", () => (close ? socket.end(reply) : socket.write(reply)));
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, open: () => sockets.size };
}

/** Reads the first piece of a body, then aborts the call's signal: the next read fails with the abort's reason. */
async function abortAfterFirstPiece(url: string) {
  const controller = new AbortController();
  const reader = (await wireFetch(url, { method: "POST", body: "{}", signal: controller.signal })).body!.getReader();
  await reader.read();
  controller.abort(new Error("the run was cancelled"));
  await expect(reader.read()).rejects.toThrow("the run was cancelled");
}

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

  it("undoes two codings, the last applied first, and leaves a coding it does not know as it came", async () => {
    const text = '{"ok":true}';
    const twice = await rawServer(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 200 OK\r\ncontent-encoding: gzip, br\r\ncontent-length: ${brotliCompressSync(gzipSync(text)).length}\r\n\r\n`,
        ),
        brotliCompressSync(gzipSync(text)),
      ]),
    );
    expect(await (await wireFetch(twice.url, { method: "POST", body: "{}" })).text()).toBe(text);
    for (const coding of ["zstd", "gzip, zstd", "zstd, gzip"]) {
      const unknown = await rawServer(
        `HTTP/1.1 200 OK\r\ncontent-encoding: ${coding}\r\ncontent-length: 11\r\n\r\n${text}`,
      );
      expect(await (await wireFetch(unknown.url, { method: "POST", body: "{}" })).text()).toBe(text);
    }
  });

  it("undoes five codings and refuses a sixth, as fetch does, without a decoder for each of 4,000", async () => {
    const text = '{"ok":true}';
    let five: Buffer = Buffer.from(text);
    for (let i = 0; i < 5; i++) five = brotliCompressSync(five);
    const head = (codings: number, length: number) =>
      `HTTP/1.1 200 OK\r\ncontent-encoding: ${Array(codings).fill("br").join(",")}\r\ncontent-length: ${length}\r\n\r\n`;
    const ok = await rawServer(Buffer.concat([Buffer.from(head(5, five.length)), five]));
    expect(await (await wireFetch(ok.url, { method: "POST", body: "{}" })).text()).toBe(text);
    for (const codings of [6, 4000]) {
      // A body still coming: refused, its connection is closed rather than read to its end.
      const server = await rawServer(`${head(codings, 100)}0123456789`);
      const error = await wireFetch(server.url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WireRefusedError);
      expect((error as Error).message).toContain(`with ${codings} content codings`);
      await expect.poll(server.open).toBe(0);
    }
  });

  it("gives what a compressed body cut short held, as fetch does", async () => {
    const whole = gzipSync("data: 1\n\n".repeat(200));
    const cut = whole.subarray(0, whole.length - 8); // the gzip trailer (checksum and length) left out
    const url = await listen((_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(cut));
    const text = await (await wireFetch(url, { method: "POST", body: "{}" })).text();
    expect(text).toBe("data: 1\n\n".repeat(200));
  });

  it("fails a body that breaks halfway as fetch did (TypeError terminated, which is retried), read at once or later", async () => {
    const broken = await rawServer(
      "HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: 15\r\n\r\nnot gzip at all",
    );
    const short = await rawServer('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n{"partial":', { close: true });
    for (const url of [broken.url, short.url]) {
      const now = await wireFetch(url, { method: "POST", body: "{}" });
      await expect(now.text()).rejects.toMatchObject({ name: "TypeError", message: "terminated" });
      // Unread for a while: the failure waits for the reader, it does not throw in the meantime.
      const unread = await wireFetch(url, { method: "POST", body: "{}" });
      await later(50);
      await expect(unread.text()).rejects.toMatchObject({ message: "terminated", cause: expect.any(Error) });
    }
  });

  it("refuses a status HTTP does not have, closing the connection, and the call is not retried", async () => {
    const server = await rawServer(
      'HTTP/1.1 600 Weird\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\ncontent-length: 100000\r\n\r\n{"error":',
    );
    const error = await wireFetch(`${server.url}/chat/completions`, { method: "POST", body: "{}" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WireRefusedError);
    expect((error as Error).message).toContain("with status 600, which is not HTTP");
    await expect.poll(server.open).toBe(0);

    let asked = 0;
    const counted = await listen((req, res) => {
      asked++;
      req.socket.write("HTTP/1.1 600 Weird\r\ncontent-length: 2\r\n\r\n{}");
      res.detachSocket(req.socket);
    });
    const adapter = chatCompletionsAdapter({ model: "m", baseURL: `${counted}/v1`, apiKey: "k", settings: {} });
    const { c } = adapterTestClient(adapter, { provider: "test", model: "m", baseURL: `${counted}/v1` });
    const failed = await c
      .complete({ messages: [{ id: "u1", role: "user", content: "Hello" }], tools: [] }, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ModelCallError);
    expect((failed as Error).message).toContain("which is not HTTP");
    expect(asked).toBe(1);
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
    await abortAfterFirstPiece(`${url}/abort`);

    const unread = await wireFetch(`${url}/unread`, { method: "POST", body: "{}" });
    await unread.body!.cancel();
    const partlyRead = (await wireFetch(`${url}/read`, { method: "POST", body: "{}" })).body!.getReader();
    await partlyRead.read();
    await partlyRead.cancel();
    // A read still waiting on a silent server when the reader gives up (the idle guard does so).
    const waiting = (await wireFetch(`${url}/waiting`, { method: "POST", body: "{}" })).body!.getReader();
    await waiting.read();
    const pending = waiting.read();
    await later(20);
    await waiting.cancel();
    await expect(pending).resolves.toMatchObject({ done: true });
    await expect.poll(() => [...closed].sort()).toEqual(["/abort", "/read", "/unread", "/waiting"]);
  });

  it("closes the connection of a compressed body too, when the reader cancels or the signal aborts", async () => {
    const closed: string[] = [];
    const url = await listen((req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write("data: 1\n\n");
      gzip.flush(constants.Z_SYNC_FLUSH);
      res.on("close", () => closed.push(String(req.url)));
    });
    const cancelled = (await wireFetch(`${url}/cancel`, { method: "POST", body: "{}" })).body!.getReader();
    expect(new TextDecoder().decode((await cancelled.read()).value)).toBe("data: 1\n\n");
    await cancelled.cancel();
    await abortAfterFirstPiece(`${url}/abort`);
    await expect.poll(() => [...closed].sort()).toEqual(["/abort", "/cancel"]);
  });

  it("refuses a body it would have to stream, and a Request for a URL, as nothing a retry would mend", async () => {
    await expect(
      wireFetch("http://127.0.0.1:9/", {
        method: "POST",
        body: new ReadableStream() as unknown as RequestInit["body"],
      }),
    ).rejects.toThrow(new WireRefusedError("a model call's body was neither text nor bytes"));
    await expect(wireFetch(new Request("http://127.0.0.1:9/"))).rejects.toThrow(
      new WireRefusedError("a model call passed a Request, not a URL"),
    );
  });
});
