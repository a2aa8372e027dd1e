import { DEFAULT_METADATA_SCENARIO, type MetadataScenario } from "@analystbench/contracts";
import { FileSearchIcon, RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { METADATA_FETCH_ERROR, useMetadata } from "./api/get-metadata";
import { MetadataDetail } from "./components/metadata-detail";
import { MetadataList } from "./components/metadata-list";

/** The selector's options, with the spec's labels. */
export const METADATA_SCENARIOS: { value: MetadataScenario; label: string }[] = [
  { value: "S1", label: "Scenario 1 - Network Security" },
  { value: "S2", label: "Scenario 2 - Supply Chain" },
];

export function MetadataPage() {
  const metadata = useMetadata();
  const [scenario, setScenario] = useState<MetadataScenario>(DEFAULT_METADATA_SCENARIO);
  // null: the first case of the scenario, so a change of scenario selects its first case.
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Scenario Metadata</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The configuration of every test case, formatted and as YAML.
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void metadata.refetch()} disabled={metadata.isFetching}>
        <RefreshCwIcon className={metadata.isFetching ? "animate-spin" : ""} /> Refresh
      </Button>
    </div>
  );

  if (metadata.isPending)
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5" /> Loading metadata files...
          </CardContent>
        </Card>
      </div>
    );

  if (metadata.isError) {
    const detail = metadata.error instanceof Error ? metadata.error.message : "";
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{METADATA_FETCH_ERROR}</AlertTitle>
          <AlertDescription className="flex items-center justify-between gap-4">
            <span>{detail && detail !== METADATA_FETCH_ERROR ? detail : "The metadata list could not be loaded."}</span>
            <Button size="sm" variant="outline" onClick={() => void metadata.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  if (metadata.data.length === 0)
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <FileSearchIcon className="size-8 text-muted-foreground" />
            <p className="font-medium">No metadata files found</p>
            <p className="text-sm text-muted-foreground">The server writes one file per test case when it starts.</p>
          </CardContent>
        </Card>
      </div>
    );

  const files = metadata.data.filter((m) => m.scenario === scenario);
  const selected = files.find((m) => m.id === selectedId) ?? files[0];
  const scenarioLabel = METADATA_SCENARIOS.find((s) => s.value === scenario)!.label;

  return (
    <div className="space-y-6">
      {header}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Label htmlFor="metadata-scenario" className="shrink-0 text-sm font-medium">
            Scenario
          </Label>
          <Select
            value={scenario}
            onValueChange={(v) => {
              setScenario(v as MetadataScenario);
              setSelectedId(null);
            }}
          >
            <SelectTrigger id="metadata-scenario" aria-label="Scenario" className="w-72 max-w-full min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {METADATA_SCENARIOS.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="text-sm text-muted-foreground" data-testid="metadata-summary">
          <span className="font-semibold text-foreground tabular-nums">{files.length}</span>{" "}
          {files.length === 1 ? "test case" : "test cases"} in {scenarioLabel}
        </p>
      </div>
      {files.length === 0 || !selected ? (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            No metadata files found for {scenarioLabel}.
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <MetadataList files={files} selectedId={selected.id} onSelect={setSelectedId} />
          <div className="lg:sticky lg:top-4">
            <MetadataDetail key={selected.id} file={selected} />
          </div>
        </div>
      )}
    </div>
  );
}
