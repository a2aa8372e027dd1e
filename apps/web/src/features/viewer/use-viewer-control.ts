import type { ViewerState } from "@analystbench/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "@/lib/download";
import {
  START_CHECK_DELAY_MS,
  startViewer,
  stopViewer,
  useViewerState,
  viewerAnswers,
  viewerKeys,
} from "./api/inspect-api";

export const VIEWER_NOT_RUNNING = "Viewer not running";

/**
 * The Viewer tab's state (spec section 4): stopped until a start succeeds and the check 3 s later
 * finds the viewer answering; stopped again after a successful stop. The server's state is polled
 * every 30 s and each poll re-checks that a running viewer still answers.
 */
export function useViewerControl() {
  const queryClient = useQueryClient();
  const server = useViewerState();
  const [reachable, setReachable] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"starting" | "stopping" | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const state = server.data;
  const check = useCallback(async (url: string) => {
    const ok = await viewerAnswers(url);
    if (!mounted.current) return ok;
    setReachable(ok);
    if (!ok) setError(VIEWER_NOT_RUNNING);
    return ok;
  }, []);

  // Each poll of a running viewer checks it directly; a start does its own delayed check.
  useEffect(() => {
    if (busy !== null || !state) return;
    if (state.running) void check(state.url);
    else setReachable(null);
  }, [state, server.dataUpdatedAt, busy, check]);

  const start = useCallback(
    async (port: number) => {
      setBusy("starting");
      setError(null);
      try {
        const next = await startViewer(port);
        queryClient.setQueryData<ViewerState>(viewerKeys.state, next);
        await new Promise((r) => setTimeout(r, START_CHECK_DELAY_MS));
        if (await check(next.url)) setError(null);
      } catch (e) {
        const message = messageOf(e, "Failed to start viewer");
        if (mounted.current) setError(message);
        toast.error("Failed to start Inspect AI viewer", { description: message });
      } finally {
        if (mounted.current) setBusy(null);
      }
    },
    [check, queryClient],
  );

  const stop = useCallback(async () => {
    setBusy("stopping");
    try {
      const next = await stopViewer();
      queryClient.setQueryData<ViewerState>(viewerKeys.state, next);
      setReachable(null);
      setError(null);
    } catch (e) {
      setError("Failed to stop viewer");
      toast.error("Failed to stop viewer", { description: messageOf(e, "Failed to stop viewer") });
    } finally {
      if (mounted.current) setBusy(null);
    }
  }, [queryClient]);

  return {
    state,
    /** Running as the page shows it: the server says so and the viewer answered the last check. */
    isRunning: Boolean(state?.running) && reachable === true,
    isChecking: Boolean(state?.running) && reachable === null,
    isLoading: server.isPending,
    loadError: server.isError ? messageOf(server.error) : null,
    error,
    busy,
    start,
    stop,
    recheck: () => (state?.running ? check(state.url) : Promise.resolve(false)),
    refetch: () => server.refetch(),
  };
}
