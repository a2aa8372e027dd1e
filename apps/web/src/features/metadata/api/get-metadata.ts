import type { MetadataFile, MetadataListResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { downloadWorkspaceFile, saveBlob } from "@/lib/download";

export const METADATA_FETCH_ERROR = "Failed to fetch metadata files";

export function useMetadata() {
  return useQuery({
    queryKey: ["metadata"],
    queryFn: async () =>
      (await apiJson<MetadataListResponse>("/api/metadata", { fallbackError: METADATA_FETCH_ERROR })).metadata,
  });
}

/**
 * The file from the workspace when it has a path; otherwise a YAML file built from its content,
 * named {id}.yaml (spec section 7).
 */
export async function downloadMetadata(file: MetadataFile): Promise<void> {
  if (file.path) {
    await downloadWorkspaceFile(file.path, file.path.split("/").at(-1) || `${file.id}.yaml`);
    return;
  }
  saveBlob(new Blob([file.content], { type: "application/yaml;charset=utf-8" }), `${file.id}.yaml`);
}
