import { MAX_VARIANT } from "@analystbench/contracts";
import { TEST_CASES, caseVariant, findCase, type TestCase } from "@analystbench/scenarios";
import { UsageError } from "./usage-error";

export { UsageError };

/** `--variant N`: 0 (the case as published) when absent. */
export function variantOption(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n > MAX_VARIANT)
    throw new UsageError(`--variant must be a whole number from 0 to ${MAX_VARIANT}, not "${text}".`);
  return n;
}

/** The cases `--case ID|all` names (every case when absent and `all` is allowed), as variant `variant`. */
export function selectCases(
  caseId: string | undefined,
  variant = 0,
  opts: { all?: boolean } = { all: true },
): TestCase[] {
  const known = `Cases: ${TEST_CASES.map((c) => c.id).join(", ")}.`;
  if (!caseId) {
    if (!opts.all) throw new UsageError(`This command needs --case <id>. ${known}`);
    return TEST_CASES.map((c) => caseVariant(c, variant));
  }
  if (caseId === "all" && opts.all) return TEST_CASES.map((c) => caseVariant(c, variant));
  const c = findCase(caseId);
  if (!c) throw new UsageError(`Unknown case "${caseId}". ${known}`);
  return [caseVariant(c, variant)];
}
