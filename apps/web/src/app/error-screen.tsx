import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

/** The router's fallback for errors thrown while rendering. */
export function ErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "An unknown error occurred.";
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
