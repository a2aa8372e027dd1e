/**
 * The identifier table of a case package: every name, address, hash and domain the story uses is
 * written once, in the manifest, and referenced elsewhere as {{key}}. Changing a value there
 * changes it in the evidence, the prompts and the grading criteria alike, which is what variants
 * with fresh identifiers need.
 */

export type Identifiers = Record<string, string>;

/** A key: lower case, digits and underscores, starting with a letter (so "{{ x }}" in evidence is text). */
export const IDENTIFIER_KEY = /^[a-z][a-z0-9_]*$/;
const REFERENCE = /\{\{([a-z][a-z0-9_]*)\}\}/g;

/** {{key}} replaced by its value; keys the table does not hold are reported, and left as written. */
export function renderIdentifiers(text: string, ids: Identifiers, unknown?: (key: string) => void): string {
  if (!text.includes("{{")) return text;
  return text.replace(REFERENCE, (whole, key: string) => {
    if (Object.hasOwn(ids, key)) return ids[key]!;
    unknown?.(key);
    return whole;
  });
}

/** Characters that continue a name, address or hash: a value only matches between two others. */
const CONTINUES = /[A-Za-z0-9_-]/;

/**
 * The reverse of renderIdentifiers, for authoring tools: each value where it stands as a whole
 * (not inside a longer name, address or hash) replaced by {{key}}, longest values first.
 * render(templatize(text)) === text for any text without "{{" in it.
 */
export function templatizeIdentifiers(text: string, ids: Identifiers): string {
  const entries = Object.entries(ids).sort((a, b) => b[1].length - a[1].length);
  let out = text;
  for (const [key, value] of entries) {
    if (!value || !out.includes(value)) continue;
    let result = "";
    let from = 0;
    for (let at = out.indexOf(value); at !== -1; at = out.indexOf(value, at + 1)) {
      if (at < from) continue;
      const before = at > 0 ? out[at - 1]! : "";
      const after = out[at + value.length] ?? "";
      const whole = !CONTINUES.test(before) && !CONTINUES.test(after) && !insideReference(out, at);
      if (!whole) continue;
      result += `${out.slice(from, at)}{{${key}}}`;
      from = at + value.length;
    }
    out = result + out.slice(from);
  }
  return out;
}

/** True when `at` falls inside a {{key}} written by an earlier (longer) value. */
function insideReference(text: string, at: number): boolean {
  const open = text.lastIndexOf("{{", at);
  if (open === -1) return false;
  const close = text.indexOf("}}", open);
  return close !== -1 && close >= at && IDENTIFIER_KEY.test(text.slice(open + 2, close));
}
