import { describe, expect, it } from "vitest";
import { drawShiftWeeks, shiftTimes, shiftTimesInText, type TimeShift } from "./time-shift";

/** The published clock of a case in March 2026; three weeks forwards unless a test says otherwise. */
const REF = Date.parse("2026-03-16T09:00:00Z");
const plus3: TimeShift = { weeks: 3, referenceMs: REF };
const minus2: TimeShift = { weeks: -2, referenceMs: REF };
const shift = (text: string, s: TimeShift = plus3) => shiftTimesInText(text, s);

describe("whole-week time shift", () => {
  it("moves ISO 8601 dates with T or space, zone or fraction, and bare dates", () => {
    expect(shift("2026-03-13T22:16:04Z")).toBe("2026-04-03T22:16:04Z");
    expect(shift("2026-03-13T22:16:04.412+01:00")).toBe("2026-04-03T22:16:04.412+01:00");
    expect(shift("2026-03-13 22:16:04.120 UTC")).toBe("2026-04-03 22:16:04.120 UTC");
    expect(shift("date=2026-03-13 time=22:16:04")).toBe("date=2026-04-03 time=22:16:04");
    expect(shift("Kestrel_SCADA_2026-03-13_2216.gwbk")).toBe("Kestrel_SCADA_2026-04-03_2216.gwbk");
    expect(shift("/home/p/.npm/_logs/2026-02-06T13_57_40_118Z-debug-0.log")).toBe(
      "/home/p/.npm/_logs/2026-02-27T13_57_40_118Z-debug-0.log",
    );
  });

  it("moves syslog, CLF, Go, ctime, openssl, Cisco and RFC 2822 dates, keeping their padding", () => {
    expect(shift("Mar 13 22:16:04 host sshd[812]: x")).toBe("Apr  3 22:16:04 host sshd[812]: x");
    expect(shift("Mar  4 02:17:09 host")).toBe("Mar 25 02:17:09 host");
    expect(shift('10.0.20.5 - - [13/Mar/2026:22:16:04 +0000] "GET / HTTP/1.1" 200 512')).toBe(
      '10.0.20.5 - - [03/Apr/2026:22:16:04 +0000] "GET / HTTP/1.1" 200 512',
    );
    expect(shift("13-Mar-2026 22:16:04.120 queries")).toBe("03-Apr-2026 22:16:04.120 queries");
    expect(shift("gitea[944]: 2026/03/13 22:16:04 ...")).toBe("gitea[944]: 2026/04/03 22:16:04 ...");
    expect(shift("Date:   Fri Mar 13 22:16:04 2026 +0000")).toBe("Date:   Fri Apr  3 22:16:04 2026 +0000");
    expect(shift("notAfter=Mar 13 22:16:04 2026 GMT")).toBe("notAfter=Apr  3 22:16:04 2026 GMT");
    expect(shift("at 00:14:37 UTC Thu Mar 12 2026 by x")).toBe("at 00:14:37 UTC Thu Apr 2 2026 by x");
    expect(shift("Date: Fri, 13 Mar 2026 22:16:04 +0000")).toBe("Date: Fri, 03 Apr 2026 22:16:04 +0000");
    expect(shift("03/13/2026 22:16:04 Security 4624")).toBe("04/03/2026 22:16:04 Security 4624");
  });

  it("moves prose dates, ranges of days and ordinals", () => {
    expect(shift("On Friday 13 March 2026 at 22:16 UTC")).toBe("On Friday 3 April 2026 at 22:16 UTC");
    expect(shift("on 6 Feb 2026")).toBe("on 27 Feb 2026");
    expect(shift("registered on 19 January")).toBe("registered on 9 February");
    expect(shift("February 6, 2026")).toBe("February 27, 2026");
    expect(shift("changed on 16 and 17 March")).toBe("changed on 6 and 7 April");
    expect(shift("from 14 to 17 March")).toBe("from 4 to 7 April");
    expect(shift("on 20 and 27 March", { weeks: 1, referenceMs: REF })).toBe("on 27 March and 3 April");
    expect(shift("the 13th of March")).toBe("the 3rd of April");
    expect(shift("until 23:40 to 14 Mar")).toBe("until 23:40 to 4 Apr");
  });

  it("moves compact dates and epoch seconds, milliseconds and microseconds", () => {
    expect(shift("/var/log/siem/edr/DET-20260416-0113.json")).toBe("/var/log/siem/edr/DET-20260507-0113.json");
    expect(shift("backup-20260313221604.tar")).toBe("backup-20260403221604.tar");
    const week3 = 3 * 7 * 86_400;
    expect(shift("audit(1773440164.120:812)")).toBe(`audit(${1773440164 + week3}.120:812)`);
    expect(shift('{"time":1773544328311,"pid":1}')).toBe(`{"time":${1773544328311 + week3 * 1000},"pid":1}`);
    expect(shift("__REALTIME_TIMESTAMP=1773440164120456")).toBe(
      `__REALTIME_TIMESTAMP=${BigInt(1773440164120456) + BigInt(week3) * 1_000_000n}`,
    );
    expect(shift("x <a@b> 1773440164 +0000")).toBe(`x <a@b> ${1773440164 + week3} +0000`);
  });

  it("crosses month and year boundaries both ways, leap day included", () => {
    expect(shift("2025-12-24T10:00:00Z")).toBe("2026-01-14T10:00:00Z");
    expect(shift("Dec 24 10:00:00 host", { weeks: 3, referenceMs: Date.parse("2025-12-30T00:00:00Z") })).toBe(
      "Jan 14 10:00:00 host",
    );
    expect(shift("Fri Jan  2 10:00:00 2026", minus2)).toBe("Fri Dec 19 10:00:00 2025");
    expect(shift("02/Jan/2026:10:00:00 +0000", minus2)).toBe("19/Dec/2025:10:00:00 +0000");
    expect(shift("2028-02-22", { weeks: 1, referenceMs: Date.parse("2028-02-01T00:00:00Z") })).toBe("2028-02-29");
    expect(shift("on 2 January 2026", minus2)).toBe("on 19 December 2025");
  });

  it("keeps weekdays: a shifted date falls on the same day of the week", () => {
    for (const weeks of [-26, -9, -1, 1, 5, 26]) {
      const out = shiftTimesInText("2026-03-13T22:16:04Z", { weeks, referenceMs: REF });
      expect(new Date(out).getUTCDay()).toBe(new Date("2026-03-13T22:16:04Z").getUTCDay());
      expect(Date.parse(out) - Date.parse("2026-03-13T22:16:04Z")).toBe(weeks * 7 * 86_400_000);
    }
  });

  it("never shifts a port, version, PID, size or an old date of history", () => {
    const text = [
      "listening on 0.0.0.0:2026 pid 1773440 port 20260",
      "fast-xml-parser 5.2.6, kernel 6.1.112-1, tzdata 2024a, node v20.19.4",
      "sent 1611612578 bytes, Firefox/125.0 Gecko/20100101, CVE-2024-3094",
      "version 2026.03.13, build 20261399, uid 1001 gid 1001, 13/13/2026",
      "In August 2017 the npm user; on 2021-10-22 ua-parser-js",
      "sha 0af79e2786f5a244fc88e2922a2e5774ee2b09c8 and a20260313b, 12.20260313",
      "1.1773440164 and 0.1773440164120",
    ].join("\n");
    expect(shift(text)).toBe(text);
  });

  it("shifts deeply in objects and arrays, and not at all by zero weeks", () => {
    const world = { clock: "2026-03-16T09:00:00Z", n: 1773440164, logs: [{ time: "2026-03-13T22:16:04Z" }] };
    expect(shiftTimes(world, plus3)).toEqual({
      clock: "2026-04-06T09:00:00Z",
      n: 1773440164,
      logs: [{ time: "2026-04-03T22:16:04Z" }],
    });
    expect(shiftTimes(world, { weeks: 0, referenceMs: REF })).toBe(world);
  });

  it("draws 1 to 26 whole weeks either way", () => {
    let x = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const w = drawShiftWeeks(() => (x = (x * 9301 + 49297) % 233280) / 233280);
      expect(Math.abs(w)).toBeGreaterThanOrEqual(1);
      expect(Math.abs(w)).toBeLessThanOrEqual(26);
      seen.add(Math.sign(w));
    }
    expect(seen).toEqual(new Set([-1, 1]));
  });
});
