import { INSTALL_DIR, workspacePathScrubber } from "@analystbench/contracts/server-paths";
import path from "node:path";
import { escapeHtml } from "./html";

/**
 * The viewer shows no absolute server path. Its logs directory is <workspace>/logs, so a page
 * names it "logs", and any absolute path a log carries (an error with a stack trace, a message
 * naming a file) is rewritten relative to the workspace by the same rules as the console's API
 * (@analystbench/contracts/server-paths), applied to finished HTML: each directory is matched as
 * the page spells it, escaped.
 */

export const VIEWER_INSTALL_DIR = INSTALL_DIR;

/** The workspace-relative name of the logs directory, for the page header: "logs". */
export const logsLabel = (logsDir: string) => path.basename(path.resolve(logsDir)) || ".";

/** Rewrites absolute paths in a rendered page. */
export function htmlPathScrubber(logsDir: string, installDir = VIEWER_INSTALL_DIR): (page: string) => string {
  return workspacePathScrubber(path.dirname(path.resolve(logsDir)), { installDir, escape: escapeHtml });
}
