import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";

/** While a file's content loads in a preview dialog. */
export function ContentLoading() {
  return (
    <p className="flex min-h-[12rem] items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner /> Loading file content...
    </p>
  );
}

/** Why a file's content could not be shown, in the server's words. */
export function ContentError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
      {messageOf(error)}
    </p>
  );
}
