import type { SystemStats } from "@analystbench/contracts";
import { ActivityIcon, CheckCircle2Icon, HeartPulseIcon, TerminalSquareIcon, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { formatUptime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The word beside the health figure. */
export function healthWord(percent: number): string {
  if (percent >= 90) return "Excellent";
  if (percent >= 75) return "Good";
  if (percent >= 50) return "Degraded";
  return "Critical";
}

interface StatCard {
  title: string;
  value: string;
  description: string;
  trend: string;
  icon: LucideIcon;
  tone: string;
}

export function StatCards({ stats }: { stats: SystemStats }) {
  const cards: StatCard[] = [
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
      trend: healthWord(stats.systemHealth),
      icon: HeartPulseIcon,
      tone: stats.systemHealth >= 75 ? "text-success bg-success/15" : "text-destructive bg-destructive/10",
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card, i) => (
        <Card
          key={card.title}
          data-testid={`stat-${card.title.toLowerCase().replace(/\s+/g, "-")}`}
          className="gap-3 py-5 animate-in fade-in-0 slide-in-from-bottom-2 fill-mode-both duration-500"
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
            <span className="font-medium text-foreground/80">{card.trend}</span>
          </div>
        </Card>
      ))}
    </div>
  );
}
