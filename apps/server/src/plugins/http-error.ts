import type { z } from "zod";

/** An expected failure with the status, code and sentence the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** One readable sentence for a zod failure: "username: Enter a username; password: …". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.length ? `${i.path.join(".")}: ` : "";
      return `${where}${i.message}`;
    })
    .join("; ");
}

/** Parses a request part with a zod schema, answering 400 with a readable sentence otherwise. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = "request body"): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    throw new HttpError(400, "INVALID_REQUEST", `The ${what} is not valid: ${describeZodError(r.error)}.`);
  }
  return r.data;
}
