import { describe, expect, it } from "vitest";
import { lineTimeProblem } from "./log-times";

describe("lineTimeProblem", () => {
  const t = "2026-03-04T02:17:09Z";
  it.each([
    "Mar  4 02:17:09 jump-01 sshd[812]: Failed password for root from 203.0.113.60 port 51122 ssh2",
    '203.0.113.11 - - [04/Mar/2026:02:17:09 +0000] "GET /.git/config HTTP/1.1" 200 92',
    "type=USER_LOGIN msg=audit(1772590629.120:812): pid=812 uid=0",
    "2026-03-04 02:17:09.120 UTC [4411] LOG:  connection authorized",
    "[2026-03-04T02:17:09.120Z] + npm ci",
    "    at Object.<anonymous> (continuation line)",
  ])("accepts %s", (line) => {
    expect(lineTimeProblem(line, t)).toBeNull();
  });
  it("flags a line that prints another moment", () => {
    expect(lineTimeProblem("Mar  4 03:17:09 host sshd[1]: x", t)).toMatch(/different moment/);
  });
});
