import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter, Route, Routes } from "react-router";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider } from "@/features/auth/auth-provider";
import { ThemeProvider, useTheme } from "@/lib/theme";
import { RouteErrorBoundary } from "./error-screen";
import { NotFoundPage } from "./not-found-page";
import { Shell } from "./shell";

/** The console is one page ("/", pages switched by state); any other path is its 404 page. */
function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <RouteErrorBoundary>
              <Shell />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="*"
          element={
            <RouteErrorBoundary>
              <NotFoundPage />
            </RouteErrorBoundary>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

function ThemedToaster() {
  const { theme } = useTheme();
  // Below the 64 px header, so a toast never covers the bell, Settings or Logout.
  return (
    <Toaster
      theme={theme}
      position="top-right"
      offset={{ top: 76, right: 24 }}
      mobileOffset={{ top: 72, left: 8, right: 8 }}
      richColors
      closeButton
    />
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

export function App({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={200}>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
          <ThemedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
