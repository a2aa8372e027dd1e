import { createHash } from "node:crypto";

/**
 * How Inspect keeps a sample's log from growing with the square of its turns, done the same way:
 * every model event carries the whole conversation so far (its input) and the tool definitions,
 * so in the events, each text longer than ATTACH_OVER characters is written as
 * `attachment://<key>` and kept once, under its key, in the sample's `attachments` (Inspect's
 * condense_sample; its viewer and read_eval_log resolve them). The sample's own `messages` stay
 * whole, and nothing this engine reads back from a log looks inside a model event's input.
 */
const ATTACH_OVER = 100;
export const ATTACHMENT_PROTOCOL = "attachment://";

export class SampleAttachments {
  readonly attachments: Record<string, string> = {};
  private readonly keys = new Map<string, string>();
  private readonly condensed = new Map<object, unknown>();

  /**
   * `salt` (the run, sample and epoch) goes into every key: Inspect's readers resolve a reference
   * wherever it stands, messages included, so a model that could compute the key of a text (its
   * task prompt, say) could write that reference as its answer and have a viewer show the text
   * in its place. It cannot know the run's id.
   */
  constructor(private readonly salt: string) {}

  /** The text, or its attachment reference when it is long. */
  text(text: string): string {
    if (text.length <= ATTACH_OVER) return text;
    let key = this.keys.get(text);
    if (key === undefined) {
      key = createHash("sha256").update(this.salt).update("\u0000").update(text).digest("hex").slice(0, 32);
      this.keys.set(text, key);
      this.attachments[key] = text;
    }
    return `${ATTACHMENT_PROTOCOL}${key}`;
  }

  /** A copy of a message with its content attached (one copy per message, however often it recurs). */
  message<M extends { content: string }>(message: M): M {
    return this.once(message, () => ({ ...message, content: this.text(message.content) }));
  }

  /** Copies of tool definitions with their descriptions attached. */
  tools<T extends { description?: unknown }>(tools: T[]): T[] {
    return this.once(tools, () =>
      tools.map((t) => (typeof t.description === "string" ? { ...t, description: this.text(t.description) } : t)),
    );
  }

  private once<T>(original: object, make: () => T): T {
    let made = this.condensed.get(original) as T | undefined;
    if (made === undefined) this.condensed.set(original, (made = make()));
    return made;
  }
}

/** Every attachment reference in `value` replaced by its text, as Inspect's reader does. */
export function resolveAttachments<T>(value: T, attachments: Readonly<Record<string, string>>): T {
  if (typeof value === "string" && value.startsWith(ATTACHMENT_PROTOCOL))
    return (attachments[value.slice(ATTACHMENT_PROTOCOL.length)] ?? value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => resolveAttachments(v, attachments)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveAttachments(v, attachments)])) as T;
  return value;
}
