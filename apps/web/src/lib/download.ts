import { ApiRequestError, apiRequest, errorMessage } from "./api-client";

/**
 * Downloads go through fetch with the bearer token and are saved from a Blob, so the token never
 * appears in a URL (security.md). The saved name is chosen here, not by the server's header.
 */

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the blob after click() returns; revoking at once can cancel the save.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function saveText(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), fileName);
}

/** Fetches a workspace file through /api/files/download and saves it as `fileName`. */
export async function downloadWorkspaceFile(path: string, fileName: string): Promise<void> {
  const res = await apiRequest(`/api/files/download?path=${encodeURIComponent(path)}`);
  if (!res.ok) throw new ApiRequestError(res.status, await errorMessage(res, "Failed to download the file"));
  saveBlob(await res.blob(), fileName);
}

/** The message of anything thrown, with the spec's last-resort fallback. */
export function messageOf(error: unknown, fallback = "Unknown error occurred"): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
