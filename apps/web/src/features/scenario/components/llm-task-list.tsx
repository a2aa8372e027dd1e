import type { CheckpointView, LlmTaskListView } from "@analystbench/contracts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/code-block";
import { SourceLabel } from "./source-label";
import { BulletList, Labeled, Prose } from "./text-blocks";

const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : "0");

function Checkpoint({ checkpoint: c }: { checkpoint: CheckpointView }) {
  const rows = [
    { key: "plus", label: signed(c.scores.plus.value), tone: "bg-success/15 text-success", desc: c.scores.plus.desc },
    { key: "zero", label: "0", tone: "bg-muted text-muted-foreground", desc: c.scores.zero.desc },
    {
      key: "minus",
      label: signed(c.scores.minus.value),
      tone: "bg-destructive/15 text-destructive",
      desc: c.scores.minus.desc,
    },
  ];
  return (
    <li data-testid="checkpoint" className="rounded-lg border bg-card p-4">
      <div className="flex items-center gap-3">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
          {c.number}
        </span>
        <span className="font-medium">{c.name}</span>
        <Badge variant="outline" className="ml-auto font-mono" data-testid="checkpoint-points">
          {c.points}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[3rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="contents" data-testid={`score-${r.key}`}>
            <dt>
              <Badge variant="outline" className={`w-10 border-transparent font-mono ${r.tone}`}>
                {r.label}
              </Badge>
            </dt>
            <dd className="leading-relaxed">{r.desc}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * General Instructions first; then per task the optional Prompt, Investigation Hints and
 * Recommended Fix, and its Checkpoints with number, name, points and the three outcomes.
 */
export function LlmTaskList({ taskList }: { taskList: LlmTaskListView }) {
  return (
    <div className="space-y-5">
      <Card>
        <CardHeader>
          <CardTitle>General Instructions</CardTitle>
          <CardDescription>Given to the model under test before every task.</CardDescription>
        </CardHeader>
        <CardContent>
          <Prose text={taskList.general} />
        </CardContent>
      </Card>
      {taskList.tasks.map((t, i) => (
        // A user's case may reuse a built-in task's id: the key tells them apart.
        <Card key={`${t.source?.caseId ?? ""}/${t.id}`} data-testid="task-card" data-nav-item={`item:${t.id}`}>
          <CardHeader>
            <div className="flex items-start gap-3">
              <Badge variant="secondary">Task {i + 1}</Badge>
              <CardTitle className="leading-snug">{t.title}</CardTitle>
            </div>
            {t.device && <CardDescription>Device: {t.device}</CardDescription>}
            {t.source && <SourceLabel source={t.source} />}
          </CardHeader>
          <CardContent className="space-y-5">
            {t.prompt && (
              <Labeled label="Prompt">
                <blockquote className="border-l-2 border-primary/50 pl-3 text-sm leading-relaxed">
                  {t.prompt}
                </blockquote>
              </Labeled>
            )}
            {t.investigation_hints && t.investigation_hints.length > 0 && (
              <Labeled label="Investigation Hints">
                <BulletList items={t.investigation_hints} />
              </Labeled>
            )}
            {t.fix && (
              <Labeled label="Recommended Fix">
                <CodeBlock code={t.fix.code} lang={t.fix.lang} />
              </Labeled>
            )}
            <Labeled label={`Checkpoints (${t.checkpoints.length})`}>
              <ol className="space-y-3">
                {t.checkpoints.map((c) => (
                  <Checkpoint key={c.number} checkpoint={c} />
                ))}
              </ol>
            </Labeled>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
