import { HourglassIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

/** A page whose feature has not landed yet: its title and a line saying so. */
export function ComingSoonPage({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{summary}</p>
      </div>
      <Card className="border-dashed">
        <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
          <HourglassIcon className="size-5 text-primary" />
          This page arrives soon: its feature is being built.
        </CardContent>
      </Card>
    </div>
  );
}
