/**
 * How tools speak of the values a model sent them. A tool that repeats its arguments would print
 * whatever text a model wants to be seen printing, so a failure names what was wrong without
 * repeating the model's text. No imports: the main thread uses this too.
 */

/** What a failure says about a value the model sent, instead of repeating it. */
export function describeValue(value: string): string {
  const n = String([...value].length);
  // "an 8-", "an 11-", "an 18-", "an 80-…": the number is said with a vowel first.
  const an = n.startsWith("8") || (/^1[18]/.test(n) && n.length % 3 === 2);
  return `${an ? "an" : "a"} ${n}-character value`;
}

/**
 * A message from inside the simulator (an exception's) with the model's argument values taken
 * out, for failures whose wording the tools do not control.
 */
export function withoutArguments(message: string, args: unknown): string {
  const values = Object.values(args !== null && typeof args === "object" ? args : {})
    .filter((v): v is string => typeof v === "string" && v.trim().length >= 3)
    .sort((a, b) => b.length - a.length);
  let text = message;
  for (const v of values) text = text.split(v).join("(your input)");
  return text;
}
