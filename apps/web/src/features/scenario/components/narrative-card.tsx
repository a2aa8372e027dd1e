import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** One narrative of either scenario: its number and title above its content. */
export function NarrativeCard({
  index,
  title,
  contentClassName,
  children,
}: {
  /** Zero-based; shown as "Narrative 1" and on. */
  index: number;
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid="narrative-card">
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
