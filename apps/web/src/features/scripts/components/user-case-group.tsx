import { FolderOpenIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import type { CaseSourceView, TestCaseView } from "../api/get-scripts";
import { BrokenCaseCard } from "./broken-case-card";
import { TestCaseCard } from "./test-case-card";

/**
 * The cases of one directory of ANALYSTBENCH_CASES_DIR: the runnable ones first (each card says
 * its scenario), then the packages that failed their checks. A directory without any package is
 * listed too, so a mistyped path shows up here rather than nowhere.
 */
export function UserCaseGroup({
  source,
  index,
  isExecuteDisabled,
  disabledReasonId,
  onExecute,
}: {
  source: CaseSourceView;
  /** Its place among the sources: the heading's id (a path makes a poor id). */
  index: number;
  isExecuteDisabled: boolean;
  /** The id of the text that says why Execute is disabled (an invalid variant). */
  disabledReasonId?: string;
  onExecute(testCase: TestCaseView): void;
}) {
  const headingId = `group-your-cases-${index}`;
  const runnable = source.testCases.length;
  const broken = source.broken.length;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="user-case-group">
      <h2 id={headingId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold tracking-tight">
        <FolderOpenIcon className="size-5 shrink-0 text-primary" aria-hidden />
        <span>Your cases</span>
        <span className="text-muted-foreground" aria-hidden>
          ·
        </span>
        <span className="min-w-0 font-mono text-sm font-medium break-all text-muted-foreground">{source.name}</span>
        <Badge variant="secondary" aria-label={`${runnable} test ${runnable === 1 ? "case" : "cases"}`}>
          {runnable}
        </Badge>
        {broken > 0 && (
          <Badge variant="destructive" aria-label={`${broken} broken ${broken === 1 ? "package" : "packages"}`}>
            {broken} broken
          </Badge>
        )}
      </h2>
      {runnable + broken === 0 ? (
        <Card>
          <CardContent className="text-sm text-muted-foreground">
            No case packages found here: the directory does not exist, or none of its folders holds a case.yaml.
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {source.testCases.map((c) => (
            <TestCaseCard
              key={c.id}
              testCase={c}
              disabled={isExecuteDisabled}
              disabledReasonId={disabledReasonId}
              onExecute={onExecute}
            />
          ))}
          {source.broken.map((b) => (
            // By folder: a package can fail because its id is already taken by a case listed beside it.
            <BrokenCaseCard key={`broken:${b.folder}`} brokenCase={b} />
          ))}
        </div>
      )}
    </section>
  );
}
