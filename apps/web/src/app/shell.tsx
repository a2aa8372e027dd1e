import { Suspense, useEffect, useState } from "react";
import { toast } from "sonner";
import { LoadingLine } from "@/components/loading-line";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-provider";
import { LoginPage } from "@/features/auth/login-page";
import { Header } from "./header";
import type { NavTarget, PageId, PageTarget } from "@/lib/page-types";
import { PAGES } from "./pages";
import { Sidebar } from "./sidebar";

export function LoadingScreen() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-background">
      <Spinner className="size-8 text-primary" label="Loading AnalystBench" />
      <p className="text-sm text-muted-foreground">Loading AnalystBench…</p>
    </div>
  );
}

/** The single-page shell: sign-in when signed out, otherwise sidebar, header and the current page. */
export function Shell() {
  const { state, logout, recheck } = useAuth();
  const [page, setPage] = useState<PageId>("dashboard");
  const [target, setTarget] = useState<PageTarget | undefined>(undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  // The first page's code is fetched while the session is checked, not after.
  useEffect(() => {
    void PAGES[0]?.preload?.();
  }, []);

  if (state.status === "loading") return <LoadingScreen />;
  if (state.status === "unreachable") {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-4 bg-background text-center">
        <p className="text-lg font-semibold">Cannot reach AnalystBench</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {state.message} Check that the server is running, then try again.
        </p>
        <Button onClick={recheck}>Try again</Button>
      </div>
    );
  }
  if (state.status === "unauthenticated") return <LoginPage />;

  const current = PAGES.find((p) => p.id === page) ?? PAGES[0]!;
  const Page = current.component;
  const handleLogout = async () => {
    await logout();
    goTo("dashboard");
    toast.success("Logged Out", { description: "You have been successfully logged out." });
  };

  const goTo = (id: PageId, next?: NavTarget) => {
    setPage(id);
    setTarget(next ? { ...next, seq: (target?.seq ?? 0) + 1 } : undefined);
    setMenuOpen(false);
  };

  return (
    <div className="flex h-full overflow-hidden">
      <Sidebar current={page} onSelect={goTo} className="hidden md:flex" />
      {menuOpen && (
        // Narrow screens: the sidebar as a drawer over the page, closed by choosing or by the backdrop.
        <div className="fixed inset-0 z-40 flex md:hidden" role="dialog" aria-modal="true" aria-label="Navigation">
          <Sidebar current={page} onSelect={goTo} className="relative z-50 shadow-xl" />
          <button
            type="button"
            aria-label="Close navigation"
            className="flex-1 cursor-default bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          username={state.username}
          expiresAt={state.expiresAt}
          onNavigate={goTo}
          onLogout={handleLogout}
          onOpenMenu={() => setMenuOpen(true)}
        />
        <main className="flex-1 overflow-y-auto" data-page-id={page}>
          <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
            {/* Pages load lazily: sidebar and header stay while a page's code is on its way. */}
            <Suspense fallback={<LoadingLine label={`Loading ${current.label}…`} className="min-h-64" />}>
              <Page navigate={goTo} target={target} />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
