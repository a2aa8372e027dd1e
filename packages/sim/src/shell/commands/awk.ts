import { defineCommand, type Command } from "just-bash";
import { fastAwk } from "./awk-fast";

/** awk: the fast path for the common subset (awk-fast/), just-bash's interpreter for the rest. */
export function awkCommand(): Command {
  return defineCommand("awk", async (args, ctx) => {
    const fast = await fastAwk(args, ctx);
    if (fast) return fast;
    if (!ctx.origCommand) return { stdout: "", stderr: "bash: awk: command not found\n", exitCode: 127 };
    return ctx.origCommand(args);
  });
}
