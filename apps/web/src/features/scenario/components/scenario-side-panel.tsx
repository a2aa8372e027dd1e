import { SCENARIO_IDS, type ScenarioId, type ScenarioSummary } from "@analystbench/contracts";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { SCENARIO_SHORT_NAMES, SECTIONS, type SectionId } from "../sections";

/** The scenario selector and the selected scenario's section list. */
/** "Scenario 2 — Software Supply Chain Security" on two lines, so a narrow panel need not cut it. */
function ScenarioName({ title }: { title: string }) {
  const [lead, rest] = title.split(/\s+—\s+/, 2);
  return (
    <span className="flex flex-col whitespace-normal">
      <span className="font-medium">{lead}</span>
      {rest && <span className="text-xs text-muted-foreground">{rest}</span>}
    </span>
  );
}

export function ScenarioSidePanel({
  scenario,
  section,
  summaries,
  onScenarioChange,
  onSectionChange,
}: {
  scenario: ScenarioId;
  section: SectionId;
  summaries: readonly ScenarioSummary[] | undefined;
  onScenarioChange(id: ScenarioId): void;
  onSectionChange(id: SectionId): void;
}) {
  const title = (id: ScenarioId) => summaries?.find((s) => s.id === id)?.title ?? SCENARIO_SHORT_NAMES[id];
  return (
    <Card className="gap-4 py-4 lg:sticky lg:top-4">
      <CardContent className="space-y-2 px-4">
        <Label
          htmlFor="scenario-select"
          className="text-xs font-semibold uppercase tracking-wide text-muted-foreground"
        >
          Scenario
        </Label>
        <Select value={scenario} onValueChange={(v) => onScenarioChange(v as ScenarioId)}>
          <SelectTrigger id="scenario-select" aria-label="Scenario" className="h-auto min-h-9 py-1.5 text-left">
            <SelectValue>
              <ScenarioName title={title(scenario)} />
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            {SCENARIO_IDS.map((id) => (
              <SelectItem key={id} value={id}>
                {title(id)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
      <nav aria-label="Sections" className="px-2">
        <ul className="space-y-0.5">
          {SECTIONS[scenario].map((s) => (
            <li key={s.id}>
              <button
                type="button"
                aria-current={s.id === section ? "page" : undefined}
                onClick={() => onSectionChange(s.id)}
                className={cn(
                  "w-full rounded-md px-3 py-2 text-left text-sm transition-colors cursor-pointer",
                  s.id === section
                    ? "bg-sidebar-accent font-medium text-sidebar-accent-foreground"
                    : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {s.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
