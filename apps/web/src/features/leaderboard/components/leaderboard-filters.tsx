import type { LeaderboardResponse } from "@analystbench/contracts";
import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { NO_FILTERS, hasFilters, type LeaderboardFilters } from "../api/get-leaderboard";
import { MultiSelect } from "./multi-select";

/** Radix Select has no empty value, so "all" stands for an unset filter. */
const ALL = "all";

type Options = LeaderboardResponse["options"];

/** Case ids carry their scenario ("s1-…", "s2-…"); used when the option's own scenario does not say. */
function caseScenario(c: Options["cases"][number]): string {
  if (c.scenario === "scenario1" || c.scenario === "S1") return "scenario1";
  if (c.scenario === "scenario2" || c.scenario === "S2") return "scenario2";
  return c.id.startsWith("s1-") ? "scenario1" : c.id.startsWith("s2-") ? "scenario2" : "";
}

export function LeaderboardFiltersBar({
  options,
  value,
  onChange,
}: {
  /** What the server says can be chosen; empty until the first answer. */
  options: Options | undefined;
  value: LeaderboardFilters;
  onChange(next: LeaderboardFilters): void;
}) {
  const set = (patch: Partial<LeaderboardFilters>) => onChange({ ...value, ...patch });
  const cases = (options?.cases ?? []).filter((c) => !value.scenario || caseScenario(c) === value.scenario);
  const variants = options?.variants ?? [];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="group" aria-label="Filters">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="lb-scenario">Scenario</Label>
        <Select
          value={value.scenario || ALL}
          onValueChange={(v) =>
            // Cases of the other scenario would match nothing, so they are dropped with the switch.
            set({
              scenario: v === ALL ? "" : (v as LeaderboardFilters["scenario"]),
              cases: value.cases.filter((id) => {
                const c = options?.cases.find((x) => x.id === id);
                return v === ALL || !c || caseScenario(c) === v;
              }),
            })
          }
        >
          <SelectTrigger id="lb-scenario" aria-label="Scenario">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All scenarios</SelectItem>
            <SelectItem value="scenario1">Scenario 1: network</SelectItem>
            <SelectItem value="scenario2">Scenario 2: supply chain</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label asChild>
          <span>Cases</span>
        </Label>
        <MultiSelect
          label="Cases"
          allLabel="All cases"
          options={cases.map((c) => ({ value: c.id, label: c.id }))}
          value={value.cases}
          onChange={(next) => set({ cases: next })}
        />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label asChild>
          <span>Models</span>
        </Label>
        <MultiSelect
          label="Models"
          allLabel="All models"
          options={(options?.models ?? []).map((m) => ({ value: m, label: m }))}
          value={value.models}
          onChange={(next) => set({ models: next })}
        />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="lb-since">Finished since</Label>
        <Input id="lb-since" type="date" value={value.since} onChange={(e) => set({ since: e.target.value })} />
      </div>
      {variants.length > 1 && (
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="lb-variant">Variant</Label>
          <Select value={value.variant || ALL} onValueChange={(v) => set({ variant: v === ALL ? "" : v })}>
            <SelectTrigger id="lb-variant" aria-label="Variant">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All variants</SelectItem>
              {variants.map((v) => (
                <SelectItem key={v} value={v}>
                  {v}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {hasFilters(value) && (
        <div className="flex items-end">
          <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            <XIcon /> Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
