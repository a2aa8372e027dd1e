import {
  bytesOutput,
  latin1FromBytes,
  stdoutKind,
  unsafeBytesFromLatin1,
  type Command,
  type ExecResult,
  type IFileSystem,
} from "just-bash";

/**
 * just-bash's pipes carry bytes as latin1 strings. A command that returns text has it UTF-8
 * encoded by the interpreter one character at a time (a string concatenation per byte) and its
 * length counted by a JavaScript loop: for a 15 MB log through `grep -v x | wc -l` that was two
 * of its 2.5 seconds. Node's Buffer does both natively, so every result is handed over as bytes.
 */
export function textToBytes(text: string): string {
  // UTF-8 takes one byte per character only when every character is ASCII: the string is its own bytes.
  return Buffer.byteLength(text, "utf8") === text.length ? text : Buffer.from(text, "utf8").toString("latin1");
}

/** The result with its stdout as bytes (unchanged when it already is). */
export function asByteResult<T extends ExecResult>(result: T): T {
  if (stdoutKind(result) === "bytes" || result.stdout === "") return result;
  return { ...result, ...bytesOutput(unsafeBytesFromLatin1(textToBytes(result.stdout))) };
}

/** Each command, its text output handed over as bytes. */
export function withByteOutput(commands: Command[]): Command[] {
  return commands.map((command) => ({
    ...command,
    execute: async (args, ctx) => asByteResult(await command.execute(args, ctx)),
  }));
}

/**
 * A file's bytes as a latin1 string (a character a byte), for the byte-wise commands. Through
 * readFileBytes where the filesystem has one: the simulated host's converts its stored bytes
 * natively and keeps a big file's (TrackedFs.readFileBytes), where readFileBuffer through the
 * commands' wrapper of it hands out a copy of every byte array.
 */
export async function fileBytes(
  fs: Pick<IFileSystem, "readFileBytes" | "readFileBuffer">,
  path: string,
): Promise<string> {
  if (fs.readFileBytes) return latin1FromBytes(await fs.readFileBytes(path));
  const bytes = await fs.readFileBuffer(path);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
