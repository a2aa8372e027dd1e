import { FileTextIcon, HeartPulseIcon, PlayIcon, Trash2Icon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

export interface QuickAction {
  label: string;
  icon: LucideIcon;
  onClick?: () => void;
  /** Why the action is unavailable; the button is disabled while set. */
  unavailableReason?: string;
}

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common operations</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {actions.map((a, i) => {
          const button = (
            <Button
              variant="outline"
              className="h-auto w-full justify-start gap-3 py-3 animate-in fade-in-0 slide-in-from-bottom-1 fill-mode-both"
              style={{ animationDelay: `${i * 50}ms` }}
              onClick={a.onClick}
              disabled={Boolean(a.unavailableReason)}
            >
              <a.icon className="size-4 text-primary" />
              {a.label}
            </Button>
          );
          return a.unavailableReason ? (
            <Tooltip key={a.label}>
              <TooltipTrigger asChild>
                <span tabIndex={0}>{button}</span>
              </TooltipTrigger>
              <TooltipContent>{a.unavailableReason}</TooltipContent>
            </Tooltip>
          ) : (
            <div key={a.label}>{button}</div>
          );
        })}
      </CardContent>
    </Card>
  );
}

export const QUICK_ACTION_ICONS = { run: PlayIcon, logs: FileTextIcon, health: HeartPulseIcon, clean: Trash2Icon };
