import { ActivityIcon, MoonIcon, SunIcon } from "lucide-react";
import { ProductMark } from "@/components/product-mark";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/lib/theme";
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
        <div className="rounded-lg border border-sidebar-border bg-card p-3">
          <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <ActivityIcon className="size-3.5" /> System Status
          </p>
          <p className="mt-1.5 flex items-center gap-2 text-sm font-medium">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
              <span className="relative inline-flex size-2 rounded-full bg-success" />
            </span>
            All systems operational
          </p>
        </div>
      </div>
    </aside>
  );
}
