import { describe, expect, it } from "vitest";
import { formatBytes, formatKB, formatMB, formatUptime, percentOf, plural, relativeTime } from "./format";

describe("formats of spec section 9", () => {
  it("shows memory in MB with one decimal", () => {
    expect(formatMB(1048576 * 12.34)).toBe("12.3 MB");
  });
  it("shows uptime as hours and minutes", () => {
    expect(formatUptime(3 * 3600 + 25 * 60 + 59)).toBe("3h 25m");
    expect(formatUptime(30 * 3600)).toBe("30h 0m");
  });
  it("shows sizes in B, KB, MB or GB with two decimals", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(5 * 1048576)).toBe("5.00 MB");
    expect(formatBytes(3 * 1073741824)).toBe("3.00 GB");
    expect(formatKB(2048)).toBe("2.0 KB");
  });
  it("caps bars at 100 %", () => {
    expect(percentOf(600, 512)).toBe(100);
    expect(percentOf(256, 512)).toBe(50);
  });
  it("says how long ago", () => {
    const now = new Date("2026-03-18T12:00:00Z");
    expect(relativeTime("2026-03-18T11:59:50Z", now)).toBe("just now");
    expect(relativeTime("2026-03-18T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-03-18T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-03-18T11:59:00Z", now)).toBe("1 minute ago");
    expect(relativeTime("2026-03-18T11:00:00Z", now)).toBe("1 hour ago");
    expect(relativeTime("2026-03-17T12:00:00Z", now)).toBe("1 day ago");
  });
});

describe("plural", () => {
  it("reads singular for one and plural for every other count", () => {
    expect(plural(1, "turn")).toBe("1 turn");
    expect(plural(0, "turn")).toBe("0 turns");
    expect(plural(2, "tool call")).toBe("2 tool calls");
    expect(plural(-1, "point")).toBe("-1 points");
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });
});
