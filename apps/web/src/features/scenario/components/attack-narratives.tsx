import type { Scenario1View } from "@analystbench/contracts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CodePanel } from "./code-pair";

/** The eight Scenario 1 narratives: the baseline configuration beside the attack scenario. */
export function AttackNarratives({ narratives }: { narratives: Scenario1View["narratives"] }) {
  return (
    <div className="space-y-5">
      {narratives.map((n, i) => (
        <Card key={n.id} data-testid="narrative-card">
          <CardHeader>
            <div className="flex items-start gap-3">
              <Badge variant="secondary">Narrative {i + 1}</Badge>
              <CardTitle className="leading-snug">{n.title}</CardTitle>
            </div>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <CodePanel kind="baseline" title="Baseline Configuration" side={n.baseline} wrap />
            <CodePanel kind="attack" title="Attack Scenario" side={n.misconfig} wrap />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
