import type { Stop } from "../model";

/** Penalty (seconds-equivalent) for arriving at a stop outside its delivery window. */
export function windowPenalty(stop: Stop, arrival: number): number {
  if (arrival < stop.windowStart) return (stop.windowStart - arrival) * 0.25; // waiting is cheap
  if (arrival <= stop.windowEnd) return 0;
  const late = arrival - stop.windowEnd;
  return late * (stop.priority === "express" ? 6 : 3); // late arrivals cost more for express freight
}
