import { z } from "zod";

export const HealthResponseSchema = z.object({ status: z.literal("ok"), version: z.string() });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * One health model, read the same way everywhere: each check is ok, degraded or down; the
 * system is as healthy as its worst check. The words below are the only ones the server and
 * the console use for it, so the sidebar and the dashboard can never disagree.
 */
export const HealthStatusSchema = z.enum(["ok", "degraded", "down"]);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;

/** Worse statuses sort later. */
const SEVERITY: Record<HealthStatus, number> = { ok: 0, degraded: 1, down: 2 };

/** The worst of some statuses; ok when there are none. */
export function worstHealthStatus(statuses: readonly HealthStatus[]): HealthStatus {
  return statuses.reduce<HealthStatus>((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), "ok");
}

/** The headline for the whole system: the sidebar card and the System Status line. */
export function healthHeadline(status: HealthStatus): string {
  if (status === "down") return "Major outage";
  if (status === "degraded") return "Degraded performance";
  return "All systems operational";
}

/** The word beside the health percentage (the spec's "Excellent" when all is well). */
export function healthWord(status: HealthStatus): string {
  if (status === "down") return "Outage";
  if (status === "degraded") return "Degraded";
  return "Excellent";
}

/** What the checks are about: things an operator would call unhealthy. */
export const HealthCheckIdSchema = z.enum(["runs", "provider", "workers", "disk", "memory", "event-loop"]);
export type HealthCheckId = z.infer<typeof HealthCheckIdSchema>;

export const HealthCheckSchema = z.object({
  id: HealthCheckIdSchema,
  label: z.string(),
  status: HealthStatusSchema,
  /** Points this check takes off the health percentage: 0 when ok. */
  penalty: z.number().int().min(0).max(100),
  /** The measured figure, short (for a table cell): "2 of 9 runs", "74 % free". */
  figure: z.string(),
  /** One sentence saying what was measured and what it means, with the figure. */
  summary: z.string(),
});
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

export const SystemHealthSchema = z.object({
  status: HealthStatusSchema,
  /** healthHeadline(status), for readers of the API that do not share this module. */
  headline: z.string(),
  checks: z.array(HealthCheckSchema),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;

/** GET /api/system/stats (spec section 3: System status). Memory figures are bytes. */
export const SystemStatsSchema = z.object({
  totalScripts: z.number().int().min(0),
  activeTests: z.number().int().min(0),
  completedTests: z.number().int().min(0),
  /** 0–100: 100 minus the penalties of the checks in `health` (100 exactly when all are ok). */
  systemHealth: z.number().int().min(0).max(100),
  /** Seconds since the server process started. */
  uptime: z.number().min(0),
  memory: z.object({ heapUsed: z.number(), heapTotal: z.number(), rss: z.number() }),
  /** What the health figure is made of: the breakdown behind the System Health card. */
  health: SystemHealthSchema,
});
export type SystemStats = z.infer<typeof SystemStatsSchema>;
