/**
 * In a simulation worker, a promise that fails with no handler is written to stderr and the
 * worker goes on. Node's default ends the thread, and the session whose request happens to be
 * running is then blamed: its command is reported as crashing the simulator and it is
 * quarantined. Such a failure is no request's doing. The usual source is the late end of a
 * command that the interpreter gave up on at its deadline: just-bash's defence in depth drops
 * the callbacks of a command that has ended (see holdDefenceInDepth), and the command's promise
 * then fails with no handler. A hostile command could time that failure to land in another
 * session's request.
 */
export function keepGoingOnUnhandledRejections(
  target: Pick<NodeJS.EventEmitter, "on"> = process,
  report: (line: string) => void = (line) => process.stderr.write(line),
): void {
  target.on("unhandledRejection", (reason: unknown) =>
    report(`simulation worker: a promise failed with no handler (${kindOf(reason)}); the worker goes on\n`),
  );
}

/** What failed, in a word: an error's name (kept to a name's characters), else the value's type. */
function kindOf(reason: unknown): string {
  if (!(reason instanceof Error)) return typeof reason;
  return String(reason.name).replace(/[^\w]/g, "").slice(0, 40) || "Error";
}
