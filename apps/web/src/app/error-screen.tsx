import { Component, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** The screen for an error thrown while drawing a route (or while fetching a page's code). */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : "An unknown error occurred.";
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-background px-4 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-lg text-sm text-muted-foreground">
        Something in the console failed while drawing this screen. Reloading usually helps; your runs and results are
        safe on the server.
      </p>
      <pre className="max-w-2xl overflow-x-auto rounded-md bg-muted px-4 py-3 text-left font-mono text-xs text-destructive">
        {message}
      </pre>
      <Button onClick={() => window.location.assign("/")}>Reload the console</Button>
    </div>
  );
}

/**
 * Each route's error boundary: a render error shows the ErrorScreen instead of a blank page
 * (React logs the error). The console uses the router's declarative mode, which has no
 * errorElement, and costs the browser half the code of the data router.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
