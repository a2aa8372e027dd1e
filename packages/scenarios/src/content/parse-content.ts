import type { z } from "zod";

/**
 * Parse scenario content at load and, when it is wrong, fail with every problem and its path
 * on one line each: content errors must be easy to find in a file of thousands of lines.
 */
export function parseContent<S extends z.ZodType>(schema: S, label: string, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`${label} content is invalid:\n${lines.join("\n")}`);
}
