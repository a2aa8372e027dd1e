import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider } from "@/features/auth/auth-provider";
import { ThemeProvider, useTheme } from "@/lib/theme";
import { ErrorScreen } from "./error-screen";
import { NotFoundPage } from "./not-found-page";
import { Shell } from "./shell";

export const router = createBrowserRouter([
  { path: "/", element: <Shell />, errorElement: <ErrorScreen /> },
  { path: "*", element: <NotFoundPage />, errorElement: <ErrorScreen /> },
]);

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
            <RouterProvider router={router} />
          </AuthProvider>
          <ThemedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
