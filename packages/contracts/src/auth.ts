import { z } from "zod";

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{1,31}$/;

export const LoginRequestSchema = z.object({
  username: z.string().min(1, "Enter a username.").max(64),
  password: z.string().min(1, "Enter a password.").max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/auth/session: who the bearer token belongs to, and until when it is valid. */
export const SessionResponseSchema = z.object({
  user: z.object({ username: z.string() }),
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
