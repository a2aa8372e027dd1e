const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const CLOSER: Record<string, string> = { "{": "}", "[": "]" };

/**
 * JSON text laid out on lines, two spaces a level, as JSON.stringify(value, null, 2) lays it out,
 * but made from the text itself, not from a parsed value: a number too long for a double (an id
 * written as digits) keeps every digit and a string its escapes as written, so what is shown is
 * what the file holds. Null when the text is not JSON. Eval logs are written on one line.
 */
export function layOutJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const parts: string[] = [];
  let depth = 0;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      // Valid JSON: the string ends at the first quote no backslash escapes.
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      parts.push(text.slice(i, end + 1));
      i = end;
    } else if (c in CLOSER) {
      let next = i + 1;
      while (WHITESPACE.has(text[next]!)) next++;
      if (text[next] === CLOSER[c]) {
        parts.push(c + CLOSER[c]);
        i = next;
      } else {
        depth++;
        parts.push(c + newline());
      }
    } else if (c === "}" || c === "]") {
      depth--;
      parts.push(newline() + c);
    } else if (c === ",") parts.push(`,${newline()}`);
    else if (c === ":") parts.push(": ");
    else if (!WHITESPACE.has(c)) parts.push(c);
  }
  return parts.join("");
}
