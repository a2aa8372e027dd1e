import type { Scenario1View } from "@analystbench/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CodePanel } from "./code-pair";
import { SourceLabel } from "./source-label";

/** Per device, the Baseline and the Misconfigured version of its configuration. */
export function SecurityConfigs({ configs }: { configs: Scenario1View["configs"] }) {
  return (
    <div className="space-y-5">
      {configs.map((c) => (
        <Card key={`${c.source?.caseId ?? ""}/${c.id}`} data-testid="config-card" data-nav-item={`item:${c.id}`}>
          <CardHeader>
            <CardTitle>{c.title}</CardTitle>
            <CardDescription>
              {c.device} · <span className="font-mono text-xs">{c.path}</span>
            </CardDescription>
            {c.source && <SourceLabel source={c.source} />}
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            <CodePanel kind="baseline" title="Baseline" side={c.baseline} />
            <CodePanel kind="attack" title="Misconfigured" side={c.misconfig} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
