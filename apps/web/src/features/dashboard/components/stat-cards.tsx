import { healthWord, type HealthStatus, type SystemStats } from "@analystbench/contracts";
import { ActivityIcon, CheckCircle2Icon, HeartPulseIcon, TerminalSquareIcon, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { formatUptime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The health card's icon colours follow the status, like the dots in the sidebar. */
const HEALTH_TONE: Record<HealthStatus, string> = {
  ok: "text-success bg-success/15",
  degraded: "text-warning-foreground bg-warning/20 dark:text-warning",
  down: "text-destructive bg-destructive/10",
};

interface StatCard {
  title: string;
  value: string;
  description: string;
  trend: string;
  icon: LucideIcon;
  tone: string;
  /** Makes the whole card a button (the System Health breakdown). */
  onClick?: () => void;
}

function cardsOf(stats: SystemStats, onOpenHealth: () => void): StatCard[] {
  const status = stats.health.status;
  return [
    {
      title: "Total Scripts",
      value: String(stats.totalScripts),
      description: "Available test scenarios",
      trend: "Ready to execute",
      icon: TerminalSquareIcon,
      tone: "text-primary bg-primary/10",
    },
    {
      title: "Active Tests",
      value: String(stats.activeTests),
      description: "Currently running",
      trend: stats.activeTests > 0 ? "Running now" : "None active",
      icon: ActivityIcon,
      tone: "text-warning-foreground bg-warning/20 dark:text-warning",
    },
    {
      title: "Completed",
      value: String(stats.completedTests),
      description: "Tests completed",
      trend: "All time",
      icon: CheckCircle2Icon,
      tone: "text-success bg-success/15",
    },
    {
      title: "System Health",
      value: `${stats.systemHealth}%`,
      description: `Uptime: ${formatUptime(stats.uptime)}`,
      // The word follows the status, not the number: "Excellent" only when every check is ok.
      trend: healthWord(status),
      icon: HeartPulseIcon,
      tone: HEALTH_TONE[status],
      onClick: onOpenHealth,
    },
  ];
}

export function StatCards({ stats, onOpenHealth }: { stats: SystemStats; onOpenHealth: () => void }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cardsOf(stats, onOpenHealth).map((card, i) => (
        <Card
          key={card.title}
          data-testid={`stat-${card.title.toLowerCase().replace(/\s+/g, "-")}`}
          className={cn(
            "relative gap-3 py-5 animate-in fade-in-0 slide-in-from-bottom-2 fill-mode-both duration-500",
            card.onClick && "transition-colors hover:bg-accent/40",
          )}
          style={{ animationDelay: `${i * 100}ms` }}
        >
          <div className="flex items-start justify-between px-5">
            <div>
              <p className="text-sm font-medium text-muted-foreground">{card.title}</p>
              <p className="mt-2 text-3xl font-semibold tracking-tight tabular-nums" data-testid="stat-value">
                {card.value}
              </p>
            </div>
            <span className={cn("flex size-10 items-center justify-center rounded-lg", card.tone)}>
              <card.icon className="size-5" />
            </span>
          </div>
          <div className="flex items-center justify-between px-5 text-xs">
            <span className="text-muted-foreground">{card.description}</span>
            <span className="font-medium text-foreground/80" data-testid="stat-trend">
              {card.trend}
            </span>
          </div>
          {card.onClick && (
            // The whole card is the target; the button lies over it so the card keeps its layout.
            <button
              type="button"
              onClick={card.onClick}
              aria-label={`${card.title} ${card.value}, ${card.trend}: show the breakdown`}
              className="absolute inset-0 cursor-pointer rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          )}
        </Card>
      ))}
    </div>
  );
}
