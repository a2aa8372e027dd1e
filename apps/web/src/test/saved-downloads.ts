import { afterEach, beforeEach, vi } from "vitest";

export interface SavedDownload {
  name: string;
  blob: Blob;
  /** Date.now() when the save was triggered. */
  at: number;
}

/**
 * Records what lib/download.ts saves (jsdom has no downloads): each Blob handed to
 * URL.createObjectURL and the file name of the link clicked for it.
 */
export function captureDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = (blob: Blob | MediaSource) =>
      `blob:test/${saved.push({ name: "", blob: blob as Blob, at: 0 }) - 1}`;
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      const entry = saved[Number(this.href.split("/").at(-1))];
      if (entry) Object.assign(entry, { name: this.download, at: Date.now() });
    });
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.restoreAllMocks();
  });
  return saved;
}
