import { AlertTriangleIcon, RefreshCwIcon } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PageProps } from "@/lib/page-types";
import { ConfirmExecuteDialog } from "@/components/confirm-execute-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { HealthDialog } from "@/components/health-dialog";
import { executeScript, toastExecutionError, toastScriptResult } from "@/lib/execute-script";
import { statsErrorMessage, SYSTEM_STATS_QUERY_KEY, useSystemStatus } from "@/lib/use-system-status";
import { useRecentActivity } from "./api/get-activity";
import { QUICK_ACTION_ICONS, QuickActions } from "./components/quick-actions";
import { RecentActivity } from "./components/recent-activity";
import { RunSuiteDialog, SuiteProgress, useStoredSuite } from "./components/run-suite";
import { StatCards } from "./components/stat-cards";
import { SystemStatusPanel } from "./components/system-status-panel";

const CLEAN_RESULTS = { id: "clean-results", name: "Clean Results" };

export function DashboardPage({ navigate }: PageProps) {
  const stats = useSystemStatus();
  const activity = useRecentActivity();
  const [isHealthOpen, setIsHealthOpen] = useState(false);
  const [isConfirmingClean, setIsConfirmingClean] = useState(false);
  const [isCleaning, setIsCleaning] = useState(false);
  const [isSuiteOpen, setIsSuiteOpen] = useState(false);
  const [suiteId, setSuiteId] = useStoredSuite();
  const queryClient = useQueryClient();
  const error = stats.isError ? statsErrorMessage(stats.error) : null;
  // The breakdown shows a fresh reading: the card and the quick action both ask for one.
  const openHealth = () => {
    void stats.refetch();
    setIsHealthOpen(true);
  };

  // Clean Files is the Environment Control script Clean Results, behind the same confirmation as on Test Cases.
  const cleanResults = async () => {
    setIsConfirmingClean(false);
    setIsCleaning(true);
    try {
      toastScriptResult(
        await executeScript({ scriptPath: CLEAN_RESULTS.id, scriptName: CLEAN_RESULTS.name, scenario: "environment" }),
        CLEAN_RESULTS.name,
      );
    } catch {
      toastExecutionError(CLEAN_RESULTS.name);
    } finally {
      setIsCleaning(false);
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">System Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Monitor the cybersecurity testing environment and system status.
        </p>
      </div>

      {error && (
        <Alert variant="destructive">
          <AlertTriangleIcon />
          <AlertTitle>{error}</AlertTitle>
          <AlertDescription className="flex items-center justify-between gap-4">
            <span>The figures below may be out of date.</span>
            <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {stats.data && <StatCards stats={stats.data} onOpenHealth={openHealth} />}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <RecentActivity
            items={activity.data?.items}
            isLoading={activity.isLoading}
            error={activity.isError ? activity.error.message : null}
            navigate={navigate}
          />
        </div>
        <div className="lg:col-span-2">
          <SystemStatusPanel stats={stats.data} isFetching={stats.isFetching} />
        </div>
      </div>

      <QuickActions
        actions={[
          {
            label: "Run Full Suite",
            icon: QUICK_ACTION_ICONS.run,
            onClick: () => setIsSuiteOpen(true),
          },
          { label: "View Logs", icon: QUICK_ACTION_ICONS.logs, onClick: () => navigate("results") },
          {
            label: "System Health",
            icon: QUICK_ACTION_ICONS.health,
            onClick: openHealth,
          },
          {
            label: "Clean Files",
            icon: QUICK_ACTION_ICONS.clean,
            onClick: () => setIsConfirmingClean(true),
            unavailableReason: isCleaning ? "Clean Results is running…" : undefined,
          },
        ]}
      />
      {suiteId && <SuiteProgress suiteId={suiteId} onDismiss={() => setSuiteId(null)} />}
      <RunSuiteDialog
        open={isSuiteOpen}
        onOpenChange={setIsSuiteOpen}
        onStarted={(id) => {
          setSuiteId(id);
          void queryClient.invalidateQueries({ queryKey: SYSTEM_STATS_QUERY_KEY });
        }}
      />
      <HealthDialog open={isHealthOpen} onOpenChange={setIsHealthOpen} stats={stats.data} error={error} />
      <ConfirmExecuteDialog
        testCaseName={isConfirmingClean ? CLEAN_RESULTS.name : null}
        onCancel={() => setIsConfirmingClean(false)}
        onConfirm={() => void cleanResults()}
      />
    </div>
  );
}
