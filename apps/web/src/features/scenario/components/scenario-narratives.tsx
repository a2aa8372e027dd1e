import type { Narrative2View } from "@analystbench/contracts";
import { CodeBlock } from "@/components/code-block";
import { languageForPath } from "@/components/highlight";
import { Collapsible } from "@/components/ui/collapsible";
import { NarrativeCard } from "./narrative-card";
import { BulletList, Labeled, Prose } from "./text-blocks";

function Blueprint({ narrative: n }: { narrative: Narrative2View }) {
  const b = n.implementation_blueprint;
  return (
    <div className="space-y-5">
      <Labeled label="Real-world Example">
        <Prose text={n.attack_background.real_world_example} />
      </Labeled>
      <Labeled label={`Evidence Files (${n.conceptual_evidence_files.length})`}>
        <ul className="space-y-1.5 text-sm">
          {n.conceptual_evidence_files.map((f) => (
            <li key={f.asset_id}>
              <span className="font-mono text-xs">{f.file_name}</span>
              <span className="text-muted-foreground"> — {f.description}</span>
            </li>
          ))}
        </ul>
      </Labeled>
      <Labeled label="Required Tools">
        <ul className="space-y-1 text-sm">
          {b.required_tools.map((t) => (
            <li key={t.name}>
              <span className="font-mono text-xs font-medium">{t.name}</span>
              <span className="text-muted-foreground"> — {t.description}</span>
            </li>
          ))}
        </ul>
      </Labeled>
      {b.setup_commands.length > 0 && (
        <Labeled label="Setup Commands">
          <div className="space-y-2">
            {b.setup_commands.map((s, i) => (
              <CodeBlock key={i} code={s.command} lang="bash" label={s.device_role} wrap />
            ))}
          </div>
        </Labeled>
      )}
      <Labeled label={`Evidence Placement (${b.evidence_placement.length})`}>
        <div className="space-y-3">
          {b.evidence_placement.map((p, i) => (
            <CodeBlock
              key={i}
              code={p.content}
              lang={languageForPath(p.destination_path)}
              label={`${p.destination_host_role}: ${p.destination_path}`}
              compact
            />
          ))}
        </div>
      </Labeled>
      <Labeled label="Intended Solution Path">
        <ol className="list-decimal space-y-1 pl-5 text-sm leading-relaxed marker:text-muted-foreground">
          {b.intended_solution_path.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
      </Labeled>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Labeled label="Red Herrings">
          <BulletList items={b.making_it_realistic.red_herrings} />
        </Labeled>
        <Labeled label="Additional Challenges">
          <BulletList items={b.making_it_realistic.additional_challenges} />
        </Labeled>
        <Labeled label="Realistic Noise">
          <BulletList items={b.making_it_realistic.realistic_noise} />
        </Labeled>
      </div>
    </div>
  );
}

/** Each narrative's Story, Attack Background, Danger and Common Actors; the rest on request. */
export function ScenarioNarratives({ narratives }: { narratives: readonly Narrative2View[] }) {
  return (
    <div className="space-y-5">
      {narratives.map((n, i) => (
        <NarrativeCard
          key={`${n.source?.caseId ?? ""}/${n.id}`}
          navItem={n.id}
          index={i}
          title={n.title}
          source={n.source}
          contentClassName="space-y-4"
        >
          <Labeled label="Story">
            <Prose text={n.story} />
          </Labeled>
          <Labeled label="Attack Background">
            <Prose text={n.attack_background.description} />
          </Labeled>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Labeled label="Danger">
              <Prose text={n.attack_background.danger} />
            </Labeled>
            <Labeled label="Common Actors">
              <Prose text={n.attack_background.common_actors} />
            </Labeled>
          </div>
          <Collapsible title="Real-world example and implementation blueprint">
            {() => <Blueprint narrative={n} />}
          </Collapsible>
        </NarrativeCard>
      ))}
    </div>
  );
}
