import { describe, expect, it } from "vitest";
import {
  bindTime,
  clfTime,
  epochTime,
  isoSecondsTime,
  isoSpaceTime,
  isoTime,
  shortIsoTime,
  slashTime,
  syslogTime,
  usTime,
} from "./log-time";

/** A one-digit day and a two-digit one, so padding shows. */
const MARCH_4 = Date.UTC(2026, 2, 4, 2, 17, 9, 120);
const DEC_28 = Date.UTC(2025, 11, 28, 22, 5, 7, 5);

describe("log times", () => {
  it("prints each style as the real logs do, in UTC", () => {
    const both = (f: (ms: number) => string) => [f(MARCH_4), f(DEC_28)];
    expect(both(syslogTime)).toEqual(["Mar  4 02:17:09", "Dec 28 22:05:07"]);
    expect(both(clfTime)).toEqual(["04/Mar/2026:02:17:09 +0000", "28/Dec/2025:22:05:07 +0000"]);
    expect(both(isoSpaceTime)).toEqual(["2026-03-04 02:17:09.120", "2025-12-28 22:05:07.005"]);
    expect(both(slashTime)).toEqual(["2026/03/04 02:17:09", "2025/12/28 22:05:07"]);
    expect(both(usTime)).toEqual(["03/04/2026 02:17:09", "12/28/2025 22:05:07"]);
    expect(both(epochTime)).toEqual(["1772590629.120", "1766959507.005"]);
    expect(both(shortIsoTime)).toEqual(["2026-03-04T02:17:09+0000", "2025-12-28T22:05:07+0000"]);
    expect(both(bindTime)).toEqual(["04-Mar-2026 02:17:09.120", "28-Dec-2025 22:05:07.005"]);
    expect(both(isoTime)).toEqual(["2026-03-04T02:17:09.120Z", "2025-12-28T22:05:07.005Z"]);
    expect(both(isoSecondsTime)).toEqual(["2026-03-04T02:17:09Z", "2025-12-28T22:05:07Z"]);
  });
});
