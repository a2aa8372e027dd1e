import type { HealthResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { LogOutIcon, MenuIcon, SearchIcon, SettingsIcon, UserCircle2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
import { NotificationBell } from "@/features/notifications/notification-bell";
import { apiJson } from "@/lib/api-client";
import { useTheme } from "@/lib/theme";
import type { PageId } from "@/lib/page-types";
import { PAGES } from "./pages";

/** Jumps to a page whose name or description matches what was typed. */
function PageSearch({ onSelect }: { onSelect(page: PageId): void }) {
  const [query, setQuery] = useState("");
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    return PAGES.filter((p) => `${p.label} ${p.description}`.toLowerCase().includes(q));
  }, [query]);
  const choose = (id: PageId) => {
    onSelect(id);
    setQuery("");
  };
  return (
    <Popover open={query.trim().length > 0}>
      <PopoverAnchor asChild>
        <div className="relative w-full max-w-md">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search"
            placeholder="Search scripts, files, or logs..."
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && matches[0]) choose(matches[0].id);
              if (e.key === "Escape") setQuery("");
            }}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-[var(--radix-popover-trigger-width)] min-w-80 p-1"
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        {matches.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted-foreground">No page matches "{query.trim()}".</p>
        ) : (
          matches.map((p) => (
            <button
              key={p.id}
              type="button"
              onClick={() => choose(p.id)}
              className="flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-accent"
            >
              <p.icon className="size-4 text-muted-foreground" />
              <span>
                <span className="block text-sm font-medium">{p.label}</span>
                <span className="block text-xs text-muted-foreground">{p.description}</span>
              </span>
            </button>
          ))
        )}
      </PopoverContent>
    </Popover>
  );
}

function SettingsDialog({
  open,
  onOpenChange,
  username,
  expiresAt,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  username: string;
  expiresAt: string;
}) {
  const { theme, setTheme } = useTheme();
  const { data } = useQuery({
    queryKey: ["health"],
    queryFn: () => apiJson<HealthResponse>("/api/health"),
    enabled: open,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Appearance and your session.</DialogDescription>
        </DialogHeader>
        <div className="space-y-4 text-sm">
          <div className="flex items-center justify-between">
            <span className="font-medium">Theme</span>
            <div className="flex gap-2">
              <Button size="sm" variant={theme === "light" ? "default" : "outline"} onClick={() => setTheme("light")}>
                Light
              </Button>
              <Button size="sm" variant={theme === "dark" ? "default" : "outline"} onClick={() => setTheme("dark")}>
                Dark
              </Button>
            </div>
          </div>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 rounded-lg border p-3">
            <dt className="text-muted-foreground">Signed in as</dt>
            <dd className="font-medium">{username}</dd>
            <dt className="text-muted-foreground">Session ends</dt>
            <dd>{new Date(expiresAt).toLocaleString()}</dd>
            <dt className="text-muted-foreground">Server version</dt>
            <dd>{data?.version ?? "…"}</dd>
          </dl>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function Header({
  username,
  expiresAt,
  onNavigate,
  onLogout,
  onOpenMenu,
}: {
  username: string;
  expiresAt: string;
  onNavigate(page: PageId): void;
  onLogout(): void;
  /** Opens the navigation drawer on narrow screens. */
  onOpenMenu(): void;
}) {
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card/80 px-3 backdrop-blur sm:gap-4 sm:px-6">
      <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation" onClick={onOpenMenu}>
        <MenuIcon />
      </Button>
      <PageSearch onSelect={onNavigate} />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <Button variant="ghost" size="icon" aria-label="Settings" onClick={() => setIsSettingsOpen(true)}>
          <SettingsIcon />
        </Button>
        <div
          className="mx-2 hidden items-center gap-2 rounded-full border bg-background py-1 pr-3 pl-1 sm:flex"
          data-testid="user-label"
        >
          <UserCircle2Icon className="size-6 text-primary" />
          <span className="text-sm font-medium">{username}</span>
        </div>
        <Button variant="outline" size="sm" onClick={onLogout} aria-label="Logout">
          <LogOutIcon /> <span className="hidden sm:inline">Logout</span>
        </Button>
      </div>
      <SettingsDialog
        open={isSettingsOpen}
        onOpenChange={setIsSettingsOpen}
        username={username}
        expiresAt={expiresAt}
      />
    </header>
  );
}
