import { FilePathQuerySchema, type FileContent } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import path from "node:path";
import { HttpError, parseWith } from "../plugins/http-error";
import { FileStoreError, type FileStore } from "../services/file-store";

/**
 * The file browser: list, preview (UTF-8 text up to FILE_PREVIEW_LIMIT_BYTES = 1 MiB) and
 * download files of the workspace. Confinement lives in the file store.
 */

/** Served with their own text type; everything else (HTML and SVG included) is an opaque download. */
const TEXT_TYPES: Record<string, string> = {
  ".txt": "text/plain; charset=utf-8",
  ".log": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".jsonl": "application/x-ndjson; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".yml": "application/yaml; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
};

export function downloadContentType(fileName: string): string {
  return TEXT_TYPES[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/** RFC 5987 value: percent-encode everything outside attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** RFC 6266: a plain-ASCII fallback for old clients, and the exact UTF-8 name in filename*. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_") || "download";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof FileStoreError) throw new HttpError(e.status, e.code, e.message);
    throw e;
  }
}

export function fileRoutes(app: FastifyInstance, deps: { files: FileStore }): void {
  app.get("/api/files", async (request, reply) => {
    const { path: requested } = parseWith(FilePathQuerySchema, request.query, "query");
    // A DirectoryListing already written as JSON (file-store.ts): a big folder's rows come from the listing processes.
    const text = await guard(() => deps.files.listJson(requested));
    return reply.type("application/json; charset=utf-8").send(text);
  });

  app.get("/api/files/content", async (request): Promise<FileContent> => {
    const { path: requested } = parseWith(FilePathQuerySchema, request.query, "query");
    if (requested === "" || requested === ".")
      throw new HttpError(400, "PATH_REQUIRED", "Name the file to preview in the path parameter.");
    return guard(() => deps.files.readText(requested));
  });

  app.get("/api/files/download", async (request, reply) => {
    const { path: requested } = parseWith(FilePathQuerySchema, request.query, "query");
    if (requested === "" || requested === ".")
      throw new HttpError(400, "PATH_REQUIRED", "Name the file to download in the path parameter.");
    const file = await guard(() => deps.files.openForDownload(requested));
    reply
      .header("Content-Type", downloadContentType(file.name))
      .header("Content-Disposition", contentDisposition(file.name))
      .header("Content-Length", String(file.size))
      .header("X-Content-Type-Options", "nosniff");
    if (file.size === 0) {
      await file.handle.close();
      return reply.send(Buffer.alloc(0));
    }
    // Streams from the handle opened on the confined path (a later swap of the name cannot redirect
    // it) and stops at the size announced, even if the file grows meanwhile.
    return reply.send(file.handle.createReadStream({ start: 0, end: file.size - 1, autoClose: true }));
  });
}
