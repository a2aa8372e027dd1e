import type { HealthResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { LogOutIcon, MenuIcon, SettingsIcon, UserCircle2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { NotificationBell } from "@/features/notifications/notification-bell";
import { apiJson } from "@/lib/api-client";
import { useTheme } from "@/lib/theme";
import type { NavTarget, PageId } from "@/lib/page-types";
import { HeaderSearch } from "./header-search";

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
  onNavigate(page: PageId, target?: NavTarget): void;
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
      <HeaderSearch onNavigate={onNavigate} />
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
