import { DEFAULT_SCENARIO_ID, type ScenarioId, type ScenarioReference } from "@analystbench/contracts";
import { RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import { revealItem, useNavTarget } from "@/lib/nav-target";
import type { PageProps } from "@/lib/page-types";
import { parseVariant, useVariantDraft } from "@/lib/remembered-variant";
import { useScenario, useScenarioList } from "./api/get-scenario";
import { AttackNarratives } from "./components/attack-narratives";
import { DeviceTable } from "./components/device-table";
import { LlmTaskList } from "./components/llm-task-list";
import { ReferenceMaterials } from "./components/reference-materials";
import { ScenarioDescription } from "./components/scenario-description";
import { ScenarioNarratives } from "./components/scenario-narratives";
import { ScenarioSidePanel } from "./components/scenario-side-panel";
import { SecurityConfigs } from "./components/security-configs";
import { VariantField } from "./components/variant-field";
import { SECTIONS, VARIANT_SECTIONS, firstSection, type SectionId } from "./sections";

/** A variant typed is fetched once typing pauses this long, not at every keystroke. */
const VARIANT_DELAY_MS = 400;
const ignore = () => {};

/** Only the selected section is rendered: the scenarios are long, the page must stay quick. */
function SectionContent({
  scenario,
  section,
  focus,
}: {
  scenario: ScenarioReference;
  section: SectionId;
  /** The item opened from elsewhere, if any. */
  focus?: string;
}) {
  if (scenario.id === "scenario1") {
    switch (section) {
      case "devices": {
        const groups = scenario.zones.map((z) => ({
          id: z.id,
          label: `${z.name} · ${z.cidr}`,
          devices: scenario.devices.filter((d) => d.zone === z.id),
        }));
        return <DeviceTable caption="Network Devices" groups={groups.filter((g) => g.devices.length > 0)} />;
      }
      case "configs":
        return <SecurityConfigs configs={scenario.configs} />;
      case "narratives":
        return <AttackNarratives narratives={scenario.narratives} />;
      case "tasks":
        return <LlmTaskList taskList={scenario.llm_tasks} />;
      default:
        return null;
    }
  }
  switch (section) {
    case "description":
      return <ScenarioDescription scenario={scenario} />;
    case "reference":
      return <ReferenceMaterials reference={scenario.reference} focus={focus} />;
    case "narratives":
      return <ScenarioNarratives narratives={scenario.narratives} />;
    case "tasks":
      return <LlmTaskList taskList={scenario.llm_tasks} />;
    default:
      return null;
  }
}

export function ScenarioPage({ target }: Pick<PageProps, "target">) {
  const [selection, setSelection] = useState<{ scenario: ScenarioId; section: SectionId }>({
    scenario: DEFAULT_SCENARIO_ID,
    section: firstSection(DEFAULT_SCENARIO_ID),
  });
  const list = useScenarioList();
  // The variant shown (0: as published) and the field's text, which becomes it once typing pauses.
  const [variant, setVariant] = useState(0);
  const variantDraft = useVariantDraft(variant, ignore);
  useEffect(() => {
    const typed = parseVariant(variantDraft.text);
    if (!("variant" in typed) || typed.variant === variant) return;
    const timer = setTimeout(() => setVariant(typed.variant), VARIANT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [variantDraft.text, variant]);
  const content = useScenario(selection.scenario, variant);
  const showsVariant = VARIANT_SECTIONS[selection.scenario].includes(selection.section);
  const shownVariant = content.data?.variant ?? 0;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<{ item?: string; seq: number } | null>(null);
  useNavTarget(target, "scenario", true, (t) => {
    const known = SECTIONS[t.scenario].some((s) => s.id === t.section);
    setSelection({ scenario: t.scenario, section: known ? (t.section as SectionId) : firstSection(t.scenario) });
    setFocus({ item: t.item, seq: t.seq });
  });
  // Once the scenario's content is on screen, bring the item into view.
  const shown = content.data?.id === selection.scenario;
  useEffect(() => {
    if (focus?.item && shown) revealItem(`item:${focus.item}`);
  }, [focus, shown]);
  const sectionLabel = SECTIONS[selection.scenario].find((s) => s.id === selection.section)?.label ?? "";

  // A new section starts at its top, not wherever the previous one was scrolled to.
  useEffect(() => {
    const heading = headingRef.current;
    if (heading && heading.getBoundingClientRect().top < 0) heading.scrollIntoView?.({ block: "start" });
  }, [selection]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Scenario Reference</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Devices, configurations, narratives and the task lists the models are scored on.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <ScenarioSidePanel
          scenario={selection.scenario}
          section={selection.section}
          summaries={list.data?.scenarios}
          onScenarioChange={(scenario) => setSelection({ scenario, section: firstSection(scenario) })}
          onSectionChange={(section) => setSelection((s) => ({ ...s, section }))}
        />
        <section className="min-w-0 space-y-4" aria-labelledby="scenario-section-heading">
          <div className="flex scroll-mt-6 flex-wrap items-end justify-between gap-x-4 gap-y-2" ref={headingRef}>
            <div className="min-w-0">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {content.data?.title ??
                  list.data?.scenarios.find((s) => s.id === selection.scenario)?.title ??
                  "\u00a0"}
              </p>
              <h2 id="scenario-section-heading" className="text-xl font-semibold tracking-tight">
                {sectionLabel}
              </h2>
            </div>
            {showsVariant && (
              <VariantField
                text={variantDraft.text}
                error={variantDraft.error}
                onChange={variantDraft.setText}
                isLoading={content.isPlaceholderData}
              />
            )}
          </div>
          {showsVariant && shownVariant > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="variant-note">
              Variant {shownVariant}: each case&apos;s addresses, domains, users and hashes as a run of variant{" "}
              {shownVariant} sees them.
            </p>
          )}
          {content.isPending ? (
            <Card>
              <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
                <Spinner className="size-5" /> Loading scenario...
              </CardContent>
            </Card>
          ) : content.isError ? (
            <Alert variant="destructive">
              <TriangleAlertIcon />
              <AlertTitle>{messageOf(content.error, "Failed to load the scenario")}</AlertTitle>
              <AlertDescription className="flex items-center justify-between gap-4">
                <span>The scenario content could not be loaded.</span>
                <Button size="sm" variant="outline" onClick={() => void content.refetch()}>
                  <RefreshCwIcon /> Retry
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <SectionContent scenario={content.data} section={selection.section} focus={focus?.item} />
          )}
        </section>
      </div>
    </div>
  );
}
