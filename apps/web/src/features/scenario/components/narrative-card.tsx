import type { ContentSource } from "@analystbench/contracts";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SourceLabel } from "./source-label";

/** One narrative of either scenario: its number and title above its content. */
export function NarrativeCard({
  index,
  navItem,
  title,
  contentClassName,
  source,
  children,
}: {
  /** Zero-based; shown as "Narrative 1" and on. */
  index: number;
  /** The narrative's id, by which the header search finds the card. */
  navItem?: string;
  title: string;
  contentClassName?: string;
  /** Set when a user's case package adds the narrative. */
  source?: ContentSource;
  children: ReactNode;
}) {
  return (
    <Card data-testid="narrative-card" data-nav-item={navItem && `item:${navItem}`}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <Badge variant="secondary">Narrative {index + 1}</Badge>
          <CardTitle className="leading-snug">{title}</CardTitle>
        </div>
        {source && <SourceLabel source={source} />}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
