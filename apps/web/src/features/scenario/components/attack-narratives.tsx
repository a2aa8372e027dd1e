import type { Scenario1View } from "@analystbench/contracts";
import { CodePanel } from "./code-pair";
import { NarrativeCard } from "./narrative-card";

/** The eight Scenario 1 narratives: the baseline configuration beside the attack scenario. */
export function AttackNarratives({ narratives }: { narratives: Scenario1View["narratives"] }) {
  return (
    <div className="space-y-5">
      {narratives.map((n, i) => (
        <NarrativeCard key={n.id} navItem={n.id} index={i} title={n.title} contentClassName="grid gap-4 md:grid-cols-2">
          <CodePanel kind="baseline" title="Baseline Configuration" side={n.baseline} wrap />
          <CodePanel kind="attack" title="Attack Scenario" side={n.misconfig} wrap />
        </NarrativeCard>
      ))}
    </div>
  );
}
