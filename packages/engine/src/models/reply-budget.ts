/**
 * The bytes a model may send in one turn: its text plus its tool calls' names and arguments,
 * counted as UTF-8. A reply is cut where it passes the cap, so one runaway turn cannot fill the
 * server's memory or stall its event loop when the transcript is stored and shown.
 */
export class ReplyBudget {
  private used = 0;
  /** True once something was cut (or the wire guard refused more): nothing further is taken. */
  exhausted = false;

  constructor(readonly maxBytes: number) {}

  /** The part of `text` that still fits, whole characters only. */
  take(text: string): string {
    if (this.exhausted) return "";
    const bytes = Buffer.byteLength(text, "utf8");
    if (this.used + bytes <= this.maxBytes) {
      this.used += bytes;
      return text;
    }
    const kept = truncateUtf8(text, this.maxBytes - this.used);
    this.exhaust();
    return kept;
  }

  /** Takes all of `text` if it fits; if not, takes nothing, spends the budget and says false. */
  fits(text: string): boolean {
    if (this.exhausted) return false;
    const bytes = Buffer.byteLength(text, "utf8");
    if (this.used + bytes > this.maxBytes) {
      this.exhaust();
      return false;
    }
    this.used += bytes;
    return true;
  }

  exhaust(): void {
    this.used = this.maxBytes;
    this.exhausted = true;
  }
}

/** The longest prefix of `text` that is at most `maxBytes` of UTF-8, without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--; // a continuation byte: back up to the character's start
  return bytes.subarray(0, end).toString("utf8");
}
