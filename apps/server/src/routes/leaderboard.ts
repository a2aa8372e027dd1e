import {
  CompareQuerySchema,
  LeaderboardQuerySchema,
  TranscriptQuerySchema,
  type CompareResponse,
  type LeaderboardResponse,
  type TranscriptResponse,
} from "@analystbench/contracts";
import { aggregateLeaderboard, compareModels } from "@analystbench/engine";
import type { FastifyInstance } from "fastify";
import { parseWith } from "../plugins/http-error";
import type { LeaderboardStore } from "../services/leaderboard-store";
import type { SampleTranscripts } from "../services/sample-transcript";

/**
 * The comparison of models: the leaderboard, a paired comparison of two models and one sample's
 * transcript. All under /api, so registerAuth requires a session for each (protected-routes.test.ts).
 *
 * Answers are computed from the store's snapshot and kept per (snapshot version, query): the
 * aggregation (bootstrap intervals over every record) is the slow part, and while no record file
 * changes the same query has the same answer, so a warm request costs a stat walk and a lookup.
 */

/** Distinct queries remembered per snapshot: the console's filter combinations, with room to spare. */
const MAX_REMEMBERED = 64;

function answerCache() {
  let version = "";
  const answers = new Map<string, unknown>();
  return <T>(snapshotVersion: string, key: string, compute: () => T): T => {
    if (snapshotVersion !== version) {
      answers.clear();
      version = snapshotVersion;
    }
    if (answers.has(key)) {
      // Re-inserted so the oldest-used answer is the first one dropped.
      const hit = answers.get(key) as T;
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const value = compute();
    answers.set(key, value);
    if (answers.size > MAX_REMEMBERED) answers.delete(answers.keys().next().value!);
    return value;
  };
}

export function leaderboardRoutes(
  app: FastifyInstance,
  deps: { store: LeaderboardStore; transcripts: SampleTranscripts },
): void {
  const remember = answerCache();
  let warnedVersion = "";

  async function snapshot(log: FastifyInstance["log"]) {
    const snap = await deps.store.snapshot();
    if (snap.skipped.length && snap.version !== warnedVersion) {
      warnedVersion = snap.version;
      for (const s of snap.skipped) log.warn(`Leaderboard: ${s.path} is not read: ${s.reason}.`);
    }
    return snap;
  }

  app.get("/api/leaderboard", async (request): Promise<LeaderboardResponse> => {
    const query = parseWith(LeaderboardQuerySchema, request.query, "query");
    const snap = await snapshot(request.log);
    return remember(snap.version, `board ${JSON.stringify(query)}`, () =>
      aggregateLeaderboard(snap.records, query, { unreadableLines: snap.unreadableLines }),
    );
  });

  app.get("/api/leaderboard/compare", async (request): Promise<CompareResponse> => {
    const query = parseWith(CompareQuerySchema, request.query, "query");
    const snap = await snapshot(request.log);
    return remember(snap.version, `compare ${JSON.stringify(query)}`, () => compareModels(snap.records, query));
  });

  app.get("/api/leaderboard/transcript", async (request): Promise<TranscriptResponse> => {
    const query = parseWith(TranscriptQuerySchema, request.query, "query");
    return deps.transcripts.get(query);
  });
}
