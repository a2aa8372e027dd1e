/**
 * A small getopt for the simulated commands: combined short flags (-tlnp), short options with
 * values (-n 20, -n20), long options (--since=X, --since X), and operands.
 */
export interface ParsedArgs {
  flags: Set<string>;
  values: Map<string, string>;
  operands: string[];
}

export function parseArgs(args: string[], valueOptions: string[] = []): ParsedArgs {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const operands: string[] = [];
  const takesValue = new Set(valueOptions);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) values.set(name, a.slice(eq + 1));
      else if (takesValue.has(name) && i + 1 < args.length) values.set(name, args[++i]!);
      else flags.add(name);
      continue;
    }
    if (a.startsWith("-") && a.length > 1 && !/^-\d+$/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const ch = a[j]!;
        if (takesValue.has(ch)) {
          const rest = a.slice(j + 1);
          if (rest) values.set(ch, rest);
          else if (i + 1 < args.length) values.set(ch, args[++i]!);
          break;
        }
        flags.add(ch);
      }
      continue;
    }
    operands.push(a);
  }
  return { flags, values, operands };
}

/** Pads cells into aligned columns, like `column -t`. */
export function columns(rows: string[][], gap = 2): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]! + gap)))
        .join("")
        .trimEnd(),
    )
    .join("\n");
}

export const ok = (stdout: string) => ({ stdout, stderr: "", exitCode: 0 });
export const fail = (stderr: string, exitCode = 1) => ({
  stdout: "",
  stderr: stderr.endsWith("\n") ? stderr : `${stderr}\n`,
  exitCode,
});
