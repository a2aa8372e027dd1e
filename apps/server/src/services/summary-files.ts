/**
 * A file a run's stored summary names (summary.files.report, .benchmark), read in JavaScript
 * rather than in SQL, where the two stores spell JSON differently. A corrupt summary yields
 * nothing: one bad row must not fail the dashboard.
 */
export function summaryFile(summary: unknown, file: "report" | "benchmark"): string | null {
  if (typeof summary !== "string") return null;
  try {
    const value = (JSON.parse(summary) as { files?: Record<string, unknown> } | null)?.files?.[file];
    return typeof value === "string" && value !== "" ? value : null;
  } catch {
    return null;
  }
}
