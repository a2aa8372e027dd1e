import type { DirectoryListing, FileContent } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiJson } from "@/lib/api-client";

export function getDirectory(path: string): Promise<DirectoryListing> {
  return apiJson<DirectoryListing>(`/api/files?path=${encodeURIComponent(path)}`, {
    fallbackError: "Failed to fetch directory contents",
  });
}

export function useDirectory(path: string) {
  return useQuery({
    queryKey: ["files", path],
    queryFn: () => getDirectory(path),
  });
}

/** Spec section 8: the server's text, else "Failed to fetch file content"; a network failure reads "Failed to load file content". */
export async function getFileContent(path: string): Promise<FileContent> {
  try {
    return await apiJson<FileContent>(`/api/files/content?path=${encodeURIComponent(path)}`, {
      fallbackError: "Failed to fetch file content",
    });
  } catch (e) {
    if (e instanceof ApiRequestError) throw e;
    throw new Error("Failed to load file content");
  }
}

export function useFileContent(path: string | null) {
  return useQuery({
    queryKey: ["file-content", path],
    queryFn: () => getFileContent(path!),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
