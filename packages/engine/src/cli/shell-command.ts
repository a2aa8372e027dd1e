import { buildEnvironment } from "@analystbench/sim";
import { createInterface } from "node:readline";
import { selectCases, UsageError, variantOption } from "./select-cases";

/**
 * `shell --case ID --host ROLE [-c COMMAND]`: explore a case as the model would, one command or
 * an interactive prompt. Commands run against a fresh environment built from content.
 */
export async function shellCommand(opts: {
  caseId?: string;
  host?: string;
  command?: string;
  seed?: string;
  variant?: string;
}): Promise<number> {
  const c = selectCases(opts.caseId, variantOption(opts.variant), { all: false })[0]!;
  const env = await buildEnvironment(c.world(), { seed: opts.seed });
  if (!opts.host) throw new UsageError(`shell needs --host <role>. Hosts of ${c.id}: ${env.roleNames().join(", ")}.`);
  const host = env.findHost(opts.host);
  if (!host) throw new UsageError(`No host "${opts.host}" in ${c.id}. Hosts: ${env.roleNames().join(", ")}.`);

  if (opts.command !== undefined) {
    const r = await env.exec(opts.host, opts.command);
    process.stdout.write(r.output);
    return r.exitCode === 0 ? 0 : 1;
  }

  console.log(
    `${c.id}: ${host.spec.role} (${host.spec.hostname}, ${host.spec.ip}). The simulated clock reads ${env.world.clock}. Type exit to leave.`,
  );
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    prompt: `root@${host.spec.hostname}:~# `,
  });
  rl.prompt();
  for await (const line of rl) {
    const command = line.trim();
    if (command === "exit" || command === "logout") break;
    if (command) process.stdout.write((await env.exec(opts.host, command)).output);
    rl.prompt();
  }
  rl.close();
  return 0;
}
