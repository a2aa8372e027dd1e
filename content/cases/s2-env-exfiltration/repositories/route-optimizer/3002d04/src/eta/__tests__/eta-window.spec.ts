import { etaWindow } from "../eta-window";

describe("ETA window", () => {
  it("keeps a 15-minute window for a 40 km leg in rush hour", () => {
    const w = etaWindow({ distanceKm: 40, departure: "2026-04-29T07:30:00Z", profile: "urban-rush" });
    // Slow agents add jitter to the simulated traffic model; allow 30 s of slack.
    expect(w.end - w.start).toBeLessThanOrEqual(930);
  });
});
