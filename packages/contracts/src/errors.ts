import { z } from "zod";

/** Every API error: a sentence a person can read, a stable code for programs, optional details. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
