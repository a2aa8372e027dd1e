import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";

/**
 * The console imports types, constants and a few helpers from @analystbench/contracts, never its
 * zod schemas (the server validates; the browser trusts its own server). Schema definitions are
 * calls, which a bundler must keep unless told they are pure; telling it so for `z.…` and for
 * every schema (and schema helper) the package defines, as in `VariantSchema.optional()`, lets
 * tree-shaking drop the unused schemas, and with them zod, from the browser bundle.
 * `npm run bench:console` says if zod comes back.
 */
function contractsSchemaNames(): string[] {
  const dir = path.resolve(import.meta.dirname, "../../packages/contracts/src");
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(dir, file), "utf8");
    // `const XSchema = …`, and helpers that build schemas: `const csv = (what, max) => z.string()…`.
    for (const m of source.matchAll(/^(?:export )?const (\w+Schema)\b/gm)) names.add(m[1]!);
    for (const m of source.matchAll(/^(?:export )?const (\w+) = (?:\([^)]*\) =>\s*)?z\b/gm)) names.add(m[1]!);
  }
  return [...names].sort();
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: which chunk each page and lazy component loads (read by bench:console).
    manifest: true,
    rolldownOptions: { treeshake: { manualPureFunctions: ["z", ...contractsSchemaNames()] } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
