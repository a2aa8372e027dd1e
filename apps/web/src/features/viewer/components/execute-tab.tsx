import { ModelSelect } from "@/components/model-select";
import { useModelChoices } from "@/lib/model-choices";
import { INSPECT_MODELS, type ExecutionResult, type InspectTask } from "@analystbench/contracts";
import { CheckCircle2Icon, PlayIcon, XCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";

export function ExecuteTab({
  tasks,
  task,
  model,
  onTaskChange,
  onModelChange,
  isExecuting,
  result,
  onExecute,
}: {
  tasks: InspectTask[];
  task: string;
  model: string;
  onTaskChange(id: string): void;
  onModelChange(model: string): void;
  isExecuting: boolean;
  result: ExecutionResult | null;
  onExecute(): void;
}) {
  const models = useModelChoices(INSPECT_MODELS);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Execute Task</CardTitle>
          <CardDescription>Run one sample of a task against a model; its eval log appears under Logs.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="inspect-task">Task</Label>
              <Select value={task} onValueChange={onTaskChange} disabled={isExecuting}>
                <SelectTrigger id="inspect-task" className="w-full" aria-label="Task">
                  <SelectValue placeholder="Select a task" />
                </SelectTrigger>
                <SelectContent>
                  {tasks.map((t) => (
                    <SelectItem key={t.id} value={t.id}>
                      {t.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="inspect-model">Model</Label>
              <ModelSelect
                id="inspect-model"
                label="Model"
                className="w-full"
                models={models}
                value={model}
                onChange={onModelChange}
                disabled={isExecuting}
              />
            </div>
          </div>
          <Button onClick={onExecute} disabled={!task || isExecuting}>
            {isExecuting ? <Spinner className="text-primary-foreground" /> : <PlayIcon />}
            {isExecuting ? "Executing..." : "Execute Task"}
          </Button>
        </CardContent>
      </Card>

      {result && (
        <Card data-testid="execution-result">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-3">
              {result.success ? (
                <Badge variant="success">
                  <CheckCircle2Icon /> Success
                </Badge>
              ) : (
                <Badge variant="destructive">
                  <XCircleIcon /> Failed
                </Badge>
              )}
              <span className="text-sm font-normal text-muted-foreground">Exit code {result.exitCode}</span>
            </CardTitle>
            {/* The error once: not again when the output already says it. */}
            {result.error && !result.stdout.includes(result.error) && (
              <CardDescription className="text-destructive">{result.error}</CardDescription>
            )}
          </CardHeader>
          {(result.stdout || !result.error) && (
            <CardContent>
              <pre
                aria-label="Output"
                className="max-h-[480px] overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap"
              >
                {result.stdout || "(no output)"}
              </pre>
            </CardContent>
          )}
        </Card>
      )}
    </div>
  );
}
