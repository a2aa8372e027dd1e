import { z } from "zod";

/**
 * The file browser's API (spec section 7: /api/files, /api/files/content, /api/files/download).
 * Paths are relative to the workspace root with "/" separators; "" (or ".") is the root itself.
 */

/** Text previews stop here: a larger file is refused and offered as a download instead. */
export const FILE_PREVIEW_LIMIT_BYTES = 1024 * 1024;

export const FileTypeSchema = z.enum(["directory", "file"]);
export type FileType = z.infer<typeof FileTypeSchema>;

export const FileItemSchema = z.object({
  name: z.string(),
  type: FileTypeSchema,
  /** Bytes; 0 for directories. */
  size: z.number().int().min(0),
  /** ISO 8601 modification time. */
  modified: z.string(),
  /** Relative to the workspace root. */
  path: z.string(),
});
export type FileItem = z.infer<typeof FileItemSchema>;

export const DirectoryListingSchema = z.object({
  items: z.array(FileItemSchema),
  /** The listed directory, relative to the root; "" is the root. */
  currentPath: z.string(),
});
export type DirectoryListing = z.infer<typeof DirectoryListingSchema>;

export const FileContentSchema = z.object({
  content: z.string(),
  path: z.string(),
  size: z.number().int().min(0),
  modified: z.string(),
});
export type FileContent = z.infer<typeof FileContentSchema>;

export const FilePathQuerySchema = z.object({ path: z.string().default("") });
