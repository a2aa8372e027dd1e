import type { FileContent, ResultFile, ResultFilesResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiJson } from "@/lib/api-client";

export interface ResultLists {
  logs: ResultFile[];
  benchmarks: ResultFile[];
}

/** Both lists are fetched together (spec section 7). */
export async function getResults(): Promise<ResultLists> {
  const fallbackError = "Failed to fetch result files";
  const [logs, benchmarks] = await Promise.all([
    apiJson<ResultFilesResponse>("/api/results/logs", { fallbackError }),
    apiJson<ResultFilesResponse>("/api/results/benchmarks", { fallbackError }),
  ]);
  return { logs: logs.files, benchmarks: benchmarks.files };
}

export function useResults() {
  return useQuery({ queryKey: ["results"], queryFn: getResults });
}

export function useResultContent(path: string | null) {
  return useQuery({
    queryKey: ["file-content", path],
    queryFn: async () => {
      try {
        return await apiJson<FileContent>(`/api/files/content?path=${encodeURIComponent(path!)}`, {
          fallbackError: "Failed to fetch file content",
        });
      } catch (e) {
        if (e instanceof ApiRequestError) throw e;
        throw new Error("Failed to load file content");
      }
    },
    enabled: path !== null,
    gcTime: 0,
  });
}

/** Spec section 7: parentDir_name when a parent exists. */
export function downloadName(file: ResultFile): string {
  return file.parentDir ? `${file.parentDir}_${file.name}` : file.name;
}
