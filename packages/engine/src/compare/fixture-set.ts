import type { LeaderboardRecord, Outcome } from "./records";
import { record } from "./test-records";

/**
 * The small workspace the aggregation and comparison tests compute by hand: two models, two
 * cases, three samples, two epochs, one invalid record and one unknown price.
 *
 *   acme/a  s1-dmz-1  e1 ++++ 10   e2 ++00  3
 *           s1-dmz-2  e1 +0−0 −2   e2 invalid
 *           s1-corp-1 e1 0000  0   e2 +++0  6        → 17 over 5 records, mean 3.4
 *   acme/b  s1-dmz-1  e1 +000  1   e2 0000  0
 *           s1-dmz-2  e1 ++++ 10   e2 ++0−  −1
 *           s1-corp-1 e1 0000  0 (price unknown)     → 10 over 5 records, mean 2
 */

const P: Outcome = "plus";
const Z: Outcome = "zero";
const M: Outcome = "minus";

function at(model: string, caseId: string, sample: string, epoch: number, outcomes: Outcome[], extra = {}) {
  const content = caseId === "s1-dmz" ? "c-dmz-1" : "c-corp-1";
  const run = `${model === "acme/a" ? "ra" : "rb"}-${caseId}`;
  // Each model's s1-corp run finished after its s1-dmz run, so it is listed first.
  const finished = caseId === "s1-corp" ? "2026-11-21T09:00:00.000Z" : "2026-11-20T09:00:00.000Z";
  return record({
    model,
    case: caseId,
    sample,
    epoch,
    outcomes,
    run_id: run,
    content_version: content,
    finished,
    ...extra,
  });
}

export function handWorked(): LeaderboardRecord[] {
  const invalid = { validity: "invalid", status: "failed", checkpoints: [], total: null, safe_solve: false };
  return [
    at("acme/a", "s1-dmz", "s1-dmz-1", 1, [P, P, P, P]),
    at("acme/a", "s1-dmz", "s1-dmz-1", 2, [P, P, Z, Z]),
    at("acme/a", "s1-dmz", "s1-dmz-2", 1, [P, Z, M, Z]),
    at("acme/a", "s1-dmz", "s1-dmz-2", 2, [], invalid),
    at("acme/a", "s1-corp", "s1-corp-1", 1, [Z, Z, Z, Z]),
    at("acme/a", "s1-corp", "s1-corp-1", 2, [P, P, P, Z]),
    at("acme/b", "s1-dmz", "s1-dmz-1", 1, [P, Z, Z, Z]),
    at("acme/b", "s1-dmz", "s1-dmz-1", 2, [Z, Z, Z, Z]),
    at("acme/b", "s1-dmz", "s1-dmz-2", 1, [P, P, P, P]),
    at("acme/b", "s1-dmz", "s1-dmz-2", 2, [P, P, Z, M]),
    at("acme/b", "s1-corp", "s1-corp-1", 1, [Z, Z, Z, Z], { cost_usd: null }),
  ];
}
