import type { InspectTask } from "@analystbench/contracts";
import { FileCodeIcon, PlayIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function TasksTab({
  tasks,
  isLoading,
  onRun,
}: {
  tasks: InspectTask[];
  isLoading: boolean;
  onRun(task: InspectTask): void;
}) {
  if (isLoading)
    return (
      <p className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
        <Spinner className="size-5" /> Loading tasks...
      </p>
    );
  if (tasks.length === 0)
    return (
      <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
        No tasks available.
      </p>
    );
  return (
    <ul className="divide-y rounded-lg border" aria-label="Tasks">
      {tasks.map((t) => (
        <li key={t.id} data-testid="task-row" className="flex flex-wrap items-center gap-4 px-4 py-3">
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-medium">{t.name}</p>
            <p className="text-sm text-muted-foreground">{t.description}</p>
            <p className="flex items-center gap-1.5 font-mono text-xs text-muted-foreground">
              <FileCodeIcon className="size-3.5" /> {t.file}
            </p>
          </div>
          <Button size="sm" variant="outline" onClick={() => onRun(t)} aria-label={`Run ${t.name}`}>
            <PlayIcon /> Run
          </Button>
        </li>
      ))}
    </ul>
  );
}
