/**
 * The environment for a child process whose output people read as plain text: colours off.
 * FORCE_COLOR is dropped too, since Node warns on every start when both are set (test runners
 * and some terminals set FORCE_COLOR), and that warning would land in the output shown.
 */
export function plainOutputEnv(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...env, NO_COLOR: "1", ...extra };
  delete result.FORCE_COLOR;
  return result;
}
