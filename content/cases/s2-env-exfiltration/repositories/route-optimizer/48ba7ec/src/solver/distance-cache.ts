import { haversineKm } from "@kestrel/geo-utils";
import type { Depot, Stop } from "../model";

/** The distance matrix per depot is rebuilt only when the stop set changes. */
const cache = new Map<string, number[][]>();

export function distanceMatrix(depot: Depot, stops: Stop[]): number[][] {
  const key = depot.id + ":" + stops.map((s) => s.id).sort().join(",");
  const hit = cache.get(key);
  if (hit) return hit;
  const points = [depot.location, ...stops.map((s) => s.location)];
  const m = points.map((a) => points.map((b) => haversineKm(a, b)));
  cache.set(key, m);
  return m;
}
