import type { Scenario2View } from "@analystbench/contracts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Prose } from "./text-blocks";

export function ScenarioDescription({ scenario }: { scenario: Scenario2View }) {
  const facts = [
    { label: "Narratives", value: scenario.narratives.length },
    { label: "SDLC components", value: scenario.reference.sdlc_components.length },
    { label: "Network devices", value: scenario.reference.network_devices.length },
    { label: "Analyst tools", value: scenario.reference.tool_definitions.length },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{scenario.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <Prose text={scenario.description} />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {facts.map((f) => (
            <div key={f.label} className="rounded-lg border bg-muted/30 px-3 py-2">
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{f.value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">
          Each narrative is scored on 4 checkpoints: checkpoint n earns +n for a correct, evidence-backed answer, 0 for
          a vague one and −n for wrong or harmful advice.
        </p>
      </CardContent>
    </Card>
  );
}
