import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider } from "@/features/auth/auth-provider";
import { ThemeProvider } from "@/lib/theme";

/** Renders a piece of the console with its providers, as the app does. */
export function renderWithProviders(ui: ReactElement, { withAuth = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const body = withAuth ? <AuthProvider>{ui}</AuthProvider> : ui;
  return render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {body}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch that answers like the server for the routes a test cares about; the edge of the test. */
export function fakeFetch(routes: Record<string, Handler>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const handler = routes[key];
    if (!handler) return json({ error: `no fake for ${key}`, code: "NOT_FOUND" }, 404);
    return handler(url, init);
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
