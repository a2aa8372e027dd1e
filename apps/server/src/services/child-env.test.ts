import { describe, expect, it } from "vitest";
import { plainOutputEnv } from "./child-env";

describe("plainOutputEnv", () => {
  it("turns colours off, drops FORCE_COLOR and keeps the rest", () => {
    const env = plainOutputEnv({ PATH: "/usr/bin", FORCE_COLOR: "1" }, { TZ: "UTC" });
    expect(env).toEqual({ PATH: "/usr/bin", NO_COLOR: "1", TZ: "UTC" });
  });

  it("leaves the environment it was given alone", () => {
    const original = { FORCE_COLOR: "3" };
    plainOutputEnv(original);
    expect(original).toEqual({ FORCE_COLOR: "3" });
  });
});
