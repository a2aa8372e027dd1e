import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { TestCaseView } from "../api/get-scripts";
import { TestCaseCard } from "./test-case-card";

export function TestCaseGroup({
  title,
  testCases,
  isExecuteDisabled,
  disabledReasonId,
  onExecute,
  children,
}: {
  title: string;
  testCases: TestCaseView[];
  isExecuteDisabled: boolean;
  /** The id of the text that says why Execute is disabled (an invalid variant). */
  disabledReasonId?: string;
  onExecute(testCase: TestCaseView): void;
  children?: ReactNode;
}) {
  const headingId = `group-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {title}
        <Badge variant="secondary" aria-label={`${testCases.length} test cases`}>
          {testCases.length}
        </Badge>
      </h2>
      {children}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {testCases.map((c) => (
          <TestCaseCard
            key={c.id}
            testCase={c}
            disabled={isExecuteDisabled}
            disabledReasonId={disabledReasonId}
            onExecute={onExecute}
          />
        ))}
      </div>
    </section>
  );
}
