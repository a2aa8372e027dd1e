import {
  DEFAULT_INSPECT_MODEL,
  type EvaluationLog,
  type ExecutionResult,
  type InspectTask,
} from "@analystbench/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { downloadWorkspaceFile, messageOf } from "@/lib/download";
import { revealItem, useNavTarget } from "@/lib/nav-target";
import type { PageProps } from "@/lib/page-types";
import {
  deleteLog,
  executeTask,
  LOGS_REFRESH_DELAY_MS,
  useEvaluationLogs,
  useInspectTasks,
  viewerKeys,
} from "./api/inspect-api";
import { ConfirmDeleteDialog } from "./components/confirm-delete-dialog";
import { ExecuteTab } from "./components/execute-tab";
import { LogsTab } from "./components/logs-tab";
import { TasksTab } from "./components/tasks-tab";
import { ViewerTab } from "./components/viewer-tab";
import { useViewerControl } from "./use-viewer-control";

type TabId = "viewer" | "execute" | "tasks" | "logs";

export function ViewerPage({ target }: Pick<PageProps, "target">) {
  const queryClient = useQueryClient();
  const control = useViewerControl();
  const tasks = useInspectTasks();
  const logs = useEvaluationLogs();
  const [tab, setTab] = useState<TabId>("viewer");
  const [frameKey, setFrameKey] = useState(0);
  const [task, setTask] = useState("");
  const [model, setModel] = useState<string>(DEFAULT_INSPECT_MODEL);
  const [isExecuting, setIsExecuting] = useState(false);
  const [result, setResult] = useState<ExecutionResult | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<EvaluationLog | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  // A failure is said once: in the Execute tab's result panel, or by a toast if that tab is not in view.
  const tabRef = useRef(tab);
  tabRef.current = tab;
  useNavTarget(target, "eval-log", logs.data !== undefined, (t) => {
    setTab("logs");
    if (logs.data?.some((l) => l.name === t.name)) revealItem(`eval-log:${t.name}`);
    else toast.error("Log not found", { description: `${t.name} is no longer among the evaluation logs.` });
  });

  const refreshLogs = () => void queryClient.invalidateQueries({ queryKey: viewerKeys.logs });

  const refreshAll = () => {
    void control.refetch();
    void queryClient.invalidateQueries({ queryKey: viewerKeys.tasks });
    refreshLogs();
    // The frame shows the log list as it was when it loaded; reloading it shows new logs too.
    setFrameKey((k) => k + 1);
  };

  const execute = async () => {
    if (!task || isExecuting) return;
    setIsExecuting(true);
    setResult(null);
    try {
      const outcome = await executeTask({ scenario: task, model, limit: 1 });
      setResult(outcome);
      if (!outcome.success && tabRef.current !== "execute")
        toast.error("Execution failed", { description: outcome.error ?? undefined });
    } catch (e) {
      const message = messageOf(e, "Execution failed");
      setResult({ success: false, exitCode: -1, stdout: "", error: `Failed to execute task: ${message}` });
      if (tabRef.current !== "execute") toast.error("Failed to execute task", { description: message });
    } finally {
      setIsExecuting(false);
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(refreshLogs, LOGS_REFRESH_DELAY_MS);
    }
  };

  const runTask = (t: InspectTask) => {
    setTask(t.id);
    setTab("execute");
  };

  const download = async (log: EvaluationLog) => {
    try {
      await downloadWorkspaceFile(log.path, log.name);
    } catch (e) {
      toast.error("Download Failed", { description: messageOf(e) });
    }
  };

  const remove = async (log: EvaluationLog) => {
    setConfirmingDelete(null);
    setDeleting(log.id);
    try {
      await deleteLog(log.id);
      refreshLogs();
    } catch (e) {
      // Spec section 8: delete failures are only logged.
      console.error(`Failed to delete ${log.name}:`, e);
    } finally {
      setDeleting(null);
    }
  };

  const logList = logs.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Inspect AI Viewer</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            The evaluation log viewer, task execution and evaluation logs.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={refreshAll}>
          <RefreshCwIcon className={logs.isFetching || tasks.isFetching ? "animate-spin" : ""} /> Refresh All
        </Button>
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
        <TabsList>
          <TabsTrigger value="viewer">Viewer</TabsTrigger>
          <TabsTrigger value="execute">Execute</TabsTrigger>
          <TabsTrigger value="tasks">Tasks ({tasks.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="logs">Logs ({logList.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="viewer">
          <ViewerTab control={control} frameKey={frameKey} />
        </TabsContent>
        <TabsContent value="execute">
          <ExecuteTab
            tasks={tasks.data ?? []}
            task={task}
            model={model}
            onTaskChange={setTask}
            onModelChange={setModel}
            isExecuting={isExecuting}
            result={result}
            onExecute={() => void execute()}
          />
        </TabsContent>
        <TabsContent value="tasks">
          <TasksTab tasks={tasks.data ?? []} isLoading={tasks.isPending} onRun={runTask} />
        </TabsContent>
        <TabsContent value="logs">
          <LogsTab
            logs={logList}
            isLoading={logs.isPending}
            deleting={deleting}
            onDownload={(l) => void download(l)}
            onDelete={setConfirmingDelete}
          />
        </TabsContent>
      </Tabs>
      <ConfirmDeleteDialog
        log={confirmingDelete}
        onCancel={() => setConfirmingDelete(null)}
        onConfirm={(l) => void remove(l)}
      />
    </div>
  );
}
