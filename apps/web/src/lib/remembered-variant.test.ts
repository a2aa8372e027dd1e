import { describe, expect, it } from "vitest";
import { VARIANT_EMPTY, VARIANT_INVALID, parseVariant, variantSuffix } from "./remembered-variant";

describe("parseVariant", () => {
  it.each([
    ["0", 0],
    ["7", 7],
    [" 42 ", 42],
    ["007", 7],
    ["1000000", 1_000_000],
  ])("reads %j as variant %i", (text, variant) => {
    expect(parseVariant(text)).toEqual({ variant });
  });

  it.each([
    ["", VARIANT_EMPTY],
    ["   ", VARIANT_EMPTY],
    ["-1", VARIANT_INVALID],
    ["1.5", VARIANT_INVALID],
    ["1e3", VARIANT_INVALID],
    ["0x10", VARIANT_INVALID],
    ["1,000", VARIANT_INVALID],
    ["1000001", VARIANT_INVALID],
    ["99999999", VARIANT_INVALID],
    ["seven", VARIANT_INVALID],
  ])("refuses %j: %s", (text, error) => {
    expect(parseVariant(text)).toEqual({ error });
  });
});

describe("variantSuffix", () => {
  it("names a variant above 0 and nothing for the case as published", () => {
    expect(variantSuffix(7)).toBe(" · variant 7");
    expect(variantSuffix(7, ", ")).toBe(", variant 7");
    expect(variantSuffix(0)).toBe("");
    expect(variantSuffix(undefined)).toBe("");
  });
});
