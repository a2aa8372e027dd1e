import type { Scenario2View } from "@analystbench/contracts";
import { CodeBlock } from "@/components/code-block";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DeviceTable } from "./device-table";
import { Labeled } from "./text-blocks";

type Reference = Scenario2View["reference"];

function SdlcComponents({ rows }: { rows: Reference["sdlc_components"] }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[44rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">SDLC Components</caption>
        <colgroup>
          <col className="w-[11rem]" />
          <col className="w-[8.5rem]" />
          <col />
          <col />
        </colgroup>
        <thead className="bg-muted/60 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <tr>
            {["Component", "IP Address", "Role", "Security Baseline"].map((c) => (
              <th key={c} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.component} data-testid="sdlc-row" data-nav-item={`item:${r.component}`} className="align-top">
              <td className="px-3 py-3 font-medium break-words">{r.component}</td>
              <td className="px-3 py-3 font-mono text-xs break-all">{r.ip}</td>
              <td className="px-3 py-3 text-sm leading-relaxed">{r.role}</td>
              <td className="px-3 py-3 text-sm leading-relaxed">{r.security_baseline}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EnvironmentComponents({ items }: { items: Reference["environment_components"] }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {items.map((c) => (
        <Card key={c.name} className="gap-3">
          <CardHeader>
            <CardTitle className="text-base">{c.name}</CardTitle>
            <CardDescription>
              <span className="font-mono text-xs">{c.ip}</span> · {c.role}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-3 text-sm leading-relaxed">
            <Labeled label="Secure Baseline">
              <p>{c.secure_baseline}</p>
            </Labeled>
            <Labeled label="Attack Vectors">
              <p>{c.attack_vectors}</p>
            </Labeled>
            <Labeled label="Indicators of Compromise">
              <p>{c.indicators_of_compromise}</p>
            </Labeled>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/**
 * Scenario 2's reference material: the SDLC Components table first, then the environment,
 * baseline configurations, the six tools and the full device list, one tab at a time.
 */
export function ReferenceMaterials({ reference, focus }: { reference: Reference; focus?: string }) {
  // An item opened from the search shows on its own tab.
  const focusTab = reference.network_devices.some((d) => d.name === focus) ? "devices" : "sdlc";
  const tabs = [
    { id: "sdlc", label: "SDLC Components", count: reference.sdlc_components.length },
    { id: "environment", label: "Environment", count: reference.environment_components.length },
    { id: "baselines", label: "Baseline Configs", count: reference.baseline_configs.length },
    { id: "tools", label: "Tools", count: reference.tool_definitions.length },
    { id: "devices", label: "Network Devices", count: reference.network_devices.length },
  ];
  return (
    <Tabs defaultValue={focusTab} key={focusTab}>
      <TabsList className="h-auto flex-wrap">
        {tabs.map((t) => (
          <TabsTrigger key={t.id} value={t.id}>
            {t.label} <span className="text-xs text-muted-foreground tabular-nums">({t.count})</span>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="sdlc">
        <SdlcComponents rows={reference.sdlc_components} />
      </TabsContent>
      <TabsContent value="environment">
        <EnvironmentComponents items={reference.environment_components} />
      </TabsContent>
      <TabsContent value="baselines" className="space-y-4">
        {reference.baseline_configs.map((b) => (
          <Card key={b.id} className="gap-3">
            <CardHeader>
              <CardTitle className="text-base">{b.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CodeBlock code={b.code} lang={b.lang} />
            </CardContent>
          </Card>
        ))}
      </TabsContent>
      <TabsContent value="tools" className="space-y-4">
        {reference.tool_definitions.map((t) => (
          <Card key={t.name} className="gap-3">
            <CardHeader>
              <CardTitle className="font-mono text-base">{t.name}</CardTitle>
              <CardDescription className="leading-relaxed">{t.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Labeled label="Example implementation command">
                <CodeBlock code={t.example_implementation_command} lang="bash" wrap />
              </Labeled>
            </CardContent>
          </Card>
        ))}
      </TabsContent>
      <TabsContent value="devices">
        <DeviceTable caption="Network devices" groups={[{ id: "all", devices: reference.network_devices }]} />
      </TabsContent>
    </Tabs>
  );
}
