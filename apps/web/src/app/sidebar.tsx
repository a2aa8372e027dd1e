import { healthHeadline } from "@analystbench/contracts";
import { ActivityIcon, MoonIcon, SunIcon } from "lucide-react";
import { useState } from "react";
import { HealthDialog } from "@/components/health-dialog";
import { HealthDot } from "@/components/health-status";
import { ProductMark } from "@/components/product-mark";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/lib/theme";
import { statsErrorMessage, useSystemStatus } from "@/lib/use-system-status";
import { cn } from "@/lib/utils";
import type { PageId } from "@/lib/page-types";
import { PAGES } from "./pages";

export function Sidebar({
  current,
  onSelect,
  className,
}: {
  current: PageId;
  onSelect(page: PageId): void;
  className?: string;
}) {
  const { theme, toggleTheme } = useTheme();
  return (
    <aside
      className={cn(
        "flex h-full w-72 shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground",
        className,
      )}
    >
      <div className="flex items-center gap-3 px-5 py-5">
        <ProductMark className="size-9" />
        <div>
          <p className="text-base font-semibold leading-tight tracking-tight text-foreground">AnalystBench</p>
          <p className="text-xs text-muted-foreground">LLM security analyst benchmark</p>
        </div>
      </div>
      <nav aria-label="Pages" className="flex-1 space-y-1 overflow-y-auto px-3">
        {PAGES.map((page) => {
          const isActive = page.id === current;
          const Icon = page.icon;
          return (
            <button
              key={page.id}
              type="button"
              data-page={page.id}
              aria-current={isActive ? "page" : undefined}
              onClick={() => onSelect(page.id)}
              // Fetch the page's code as the pointer or focus arrives, so the click rarely waits.
              onPointerEnter={() => void page.preload?.()}
              onFocus={() => void page.preload?.()}
              className={cn(
                "group flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-left transition-colors",
                isActive ? "bg-sidebar-accent text-sidebar-accent-foreground" : "hover:bg-sidebar-accent/60",
              )}
            >
              <Icon
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  isActive ? "text-primary" : "text-muted-foreground group-hover:text-foreground",
                )}
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{page.label}</span>
                <span className="block text-xs leading-snug text-muted-foreground">{page.description}</span>
              </span>
            </button>
          );
        })}
      </nav>
      <div className="space-y-3 border-t border-sidebar-border p-4">
        <Button variant="outline" className="w-full justify-start" onClick={toggleTheme} aria-label="Toggle theme">
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          {theme === "dark" ? "Light mode" : "Dark mode"}
        </Button>
        <SystemStatusCard />
      </div>
    </aside>
  );
}

/**
 * The server's health headline, from the same query as the dashboard; a click opens the
 * breakdown. While the first reading is on its way, or when it cannot be fetched, it says so
 * rather than claiming all is well.
 */
function SystemStatusCard() {
  const stats = useSystemStatus();
  const [isOpen, setIsOpen] = useState(false);
  const status = stats.data?.health.status ?? null;
  const headline = status ? healthHeadline(status) : stats.isError ? "Status unavailable" : "Checking status…";
  return (
    <>
      <button
        type="button"
        data-testid="sidebar-system-status"
        onClick={() => setIsOpen(true)}
        aria-label={`System Status: ${headline}. Show the health breakdown`}
        className="w-full cursor-pointer rounded-lg border border-sidebar-border bg-card p-3 text-left transition-colors hover:bg-sidebar-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <ActivityIcon className="size-3.5" /> System Status
        </span>
        <span className="mt-1.5 flex items-center gap-2 text-sm font-medium">
          <HealthDot status={status} />
          <span data-testid="sidebar-health-headline">{headline}</span>
        </span>
      </button>
      <HealthDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        stats={stats.data}
        error={stats.isError ? statsErrorMessage(stats.error) : null}
      />
    </>
  );
}
