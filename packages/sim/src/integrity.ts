import type { SimEnvironment } from "./environment";

export interface PlacedFile {
  role: string;
  path: string;
  content: string;
}

export interface PlacementCheck extends PlacedFile {
  ok: boolean;
  problem?: string;
}

/** Is every piece of evidence on its host, byte for byte? */
export async function checkPlacedFiles(env: SimEnvironment, files: PlacedFile[]): Promise<PlacementCheck[]> {
  const out: PlacementCheck[] = [];
  for (const f of files) {
    const host = env.findHost(f.role);
    if (!host) {
      out.push({ ...f, ok: false, problem: `no host "${f.role}"` });
      continue;
    }
    const actual = await host.fs.readFile(f.path).catch(() => undefined);
    if (actual === undefined) out.push({ ...f, ok: false, problem: "missing" });
    else if (actual !== f.content) out.push({ ...f, ok: false, problem: "content differs" });
    else out.push({ ...f, ok: true });
  }
  return out;
}
