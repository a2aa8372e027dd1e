import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** One narrative of either scenario: its number and title above its content. */
export function NarrativeCard({
  index,
  navItem,
  title,
  contentClassName,
  children,
}: {
  /** Zero-based; shown as "Narrative 1" and on. */
  index: number;
  /** The narrative's id, by which the header search finds the card. */
  navItem?: string;
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid="narrative-card" data-nav-item={navItem && `item:${navItem}`}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <Badge variant="secondary">Narrative {index + 1}</Badge>
          <CardTitle className="leading-snug">{title}</CardTitle>
        </div>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
