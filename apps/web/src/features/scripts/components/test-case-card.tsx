import { PlayIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ClampedText } from "@/components/clamped-text";
import { cn } from "@/lib/utils";
import type { TestCaseView } from "../api/get-scripts";

export function TestCaseCard({
  testCase,
  disabled,
  disabledReasonId,
  onExecute,
}: {
  testCase: TestCaseView;
  disabled: boolean;
  /** The id of the text that says why Execute is disabled, when it is for a reason on the page. */
  disabledReasonId?: string;
  onExecute(testCase: TestCaseView): void;
}) {
  const isEnvironment = !testCase.isScenario;
  return (
    <Card
      data-testid={`test-case-${testCase.id}`}
      data-nav-item={`case:${testCase.id}`}
      className={cn("gap-3 transition-shadow hover:shadow-md", isEnvironment && "border-destructive/30")}
    >
      <CardHeader>
        {testCase.source ? (
          // A user's group mixes both scenarios: each card says which one it belongs to.
          <div className="flex items-start justify-between gap-2">
            <CardTitle className="min-w-0 text-base">{testCase.name}</CardTitle>
            <Badge variant="outline" className="shrink-0">
              {testCase.category.split(" - ")[0]}
            </Badge>
          </div>
        ) : (
          <CardTitle className="text-base">{testCase.name}</CardTitle>
        )}
        <ClampedText text={testCase.description} lines={3} />
      </CardHeader>
      <CardContent className="mt-auto">
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
          {testCase.script}
        </code>
      </CardContent>
      <CardFooter>
        <Button
          size="sm"
          variant={isEnvironment ? "destructive" : "default"}
          className="w-full"
          disabled={disabled}
          onClick={() => onExecute(testCase)}
          aria-label={`Execute ${testCase.name}`}
          aria-describedby={disabled ? disabledReasonId : undefined}
        >
          <PlayIcon /> Execute
        </Button>
      </CardFooter>
    </Card>
  );
}
