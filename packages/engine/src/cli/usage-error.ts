/**
 * Bad command-line usage: printed as one sentence with exit code 2. In a module of its own so the
 * command dispatcher (main.ts) can tell it apart without loading any command.
 */
export class UsageError extends Error {}
