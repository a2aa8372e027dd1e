import { isAscii } from "node:buffer";

/**
 * A big file's bytes read as text (UTF-8) or as a byte string (latin1), made once and kept while
 * the same bytes are read again: grep, awk, wc and cat read the same 5–20 MB logs again and again,
 * and decoding one costs milliseconds each time. The in-memory filesystem never changes a file's
 * bytes in place (a write replaces them), so what was made from them stays true.
 *
 * Two kinds of bytes, kept two ways:
 * - a generated log's (sharedLogBytes): written once by the host builder in shared memory and read
 *   by every session of the worker; its texts live as long as its bytes;
 * - a file a command wrote: its texts are kept in a budget for the whole worker, the least
 *   recently read going first, so a model that copies a log a hundred times costs a few copies'
 *   texts, not a hundred.
 */

/** Smaller files are decoded at each read: cheap, and most files are. */
export const KEPT_TEXT_MIN_BYTES = 256 * 1024;
/** What the texts of files commands wrote may hold in a worker, with the bytes they keep alive. */
export const WRITTEN_TEXTS_MAX_BYTES = 64 * 1024 * 1024;

/** Taken at load: inside a command the interpreter's defence in depth blocks the global. */
const SharedBuffer = globalThis.SharedArrayBuffer;

/** Whether these are a generated log's bytes: what is worked out from them may be kept with them (grep-memo.ts). */
export function sharedLogBytes(bytes: Uint8Array): boolean {
  return bytes.byteLength >= KEPT_TEXT_MIN_BYTES && bytes.buffer instanceof SharedBuffer;
}

export type TextKind = "text" | "latin1";

interface Texts {
  text?: string;
  latin1?: string;
  /** ASCII bytes read the same both ways: one string serves both. */
  ascii?: boolean;
}

interface WrittenTexts extends Texts {
  /** The buffer kept alive and the strings made, in bytes (a string's characters at two bytes each). */
  cost: number;
}

const sharedTexts = new WeakMap<Uint8Array, Texts>();
const writtenTexts = new Map<Uint8Array, WrittenTexts>();
let writtenCost = 0;

/** `bytes` read as `kind`: what `make` makes of them, made once while kept. */
export async function keptText(
  bytes: Uint8Array,
  kind: TextKind,
  make: () => string | Promise<string>,
): Promise<string> {
  if (bytes.byteLength < KEPT_TEXT_MIN_BYTES) return make();
  const texts = textsOf(bytes);
  if (kind === "latin1" && (texts.ascii ??= isAscii(bytes))) kind = "text";
  let made = texts[kind];
  if (made === undefined) {
    made = await make();
    keep(bytes, texts, kind, made);
  }
  return made;
}

/** The texts kept for these bytes; a written file's become the most recently read. */
function textsOf(bytes: Uint8Array): Texts {
  if (sharedLogBytes(bytes)) {
    let texts = sharedTexts.get(bytes);
    if (!texts) sharedTexts.set(bytes, (texts = {}));
    return texts;
  }
  // The whole buffer the bytes lie in stays alive with them: a file can be a view into a bigger one (split does that).
  const texts = writtenTexts.get(bytes) ?? { cost: bytes.buffer.byteLength };
  if (writtenTexts.delete(bytes)) writtenCost -= texts.cost;
  writtenTexts.set(bytes, texts);
  writtenCost += texts.cost;
  trim();
  return texts;
}

function keep(bytes: Uint8Array, texts: Texts | WrittenTexts, kind: TextKind, made: string): void {
  if (!("cost" in texts)) {
    texts[kind] = made;
    return;
  }
  // Forgotten while it was being made (other reads filled the budget), or made meanwhile by another read: not kept again.
  if (writtenTexts.get(bytes) !== texts || texts[kind] !== undefined) return;
  texts[kind] = made;
  texts.cost += made.length * 2;
  writtenCost += made.length * 2;
  trim();
}

/** Written files' texts back within the budget, the least recently read first; a file too big for it on its own goes too. */
function trim(): void {
  for (const [oldest, kept] of writtenTexts) {
    if (writtenCost <= WRITTEN_TEXTS_MAX_BYTES) break;
    writtenTexts.delete(oldest);
    writtenCost -= kept.cost;
  }
}
