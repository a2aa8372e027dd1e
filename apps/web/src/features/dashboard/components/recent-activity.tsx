import type { ActivityItem, ActivityLink } from "@analystbench/contracts";
import { ChevronRightIcon, PlayIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { relativeTime } from "@/lib/format";
import type { NavTarget, PageId, PageProps } from "@/lib/page-types";

export type Navigate = PageProps["navigate"];

export const EMPTY_RUNS_TEXT =
  "No runs yet. Open Test Cases, choose a model (builtin/reference needs no API key) and press Execute.";

export function ActivityStatusBadge({ status }: { status: string }) {
  if (status === "completed") return <Badge variant="success">Completed</Badge>;
  if (status === "running")
    return (
      <Badge variant="warning" className="gap-1.5">
        <span className="size-1.5 animate-pulse rounded-full bg-current" /> Running
      </Badge>
    );
  if (status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">Unknown</Badge>;
}

/** The page and item a row opens, and what a screen reader hears about it. */
export function activityDestination(link: ActivityLink): { page: PageId; target: NavTarget; hint: string } {
  if (link.type === "run")
    return { page: "scripts", target: { kind: "run", id: link.runId }, hint: "open the run's output on Test Cases" };
  return { page: "results", target: { kind: "result", path: link.path }, hint: "open its report on Results" };
}

/**
 * Action and result are cut to one line each (min-w-0 lets the flex child shrink below its text);
 * the full text stays in the title, so a long failure message never widens the card.
 */
function RowText({ item, muted }: { item: ActivityItem; muted?: boolean }) {
  return (
    <>
      <span className="block min-w-0 flex-1">
        <span className={muted ? "block truncate text-xs" : "block truncate text-sm font-medium"} title={item.action}>
          {item.action}
        </span>
        <span className="block truncate text-xs text-muted-foreground" title={item.result}>
          {item.result}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <ActivityStatusBadge status={item.status} />
        <time className="text-[11px] text-muted-foreground" dateTime={item.timestamp} title={item.timestamp}>
          {relativeTime(item.timestamp)}
        </time>
      </span>
    </>
  );
}

const ROW = "flex w-full min-w-0 items-center gap-4 px-2 py-3 text-left";

function ActionRow({ item, navigate }: { item: ActivityItem; navigate?: Navigate }) {
  const destination = item.link ? activityDestination(item.link) : null;
  if (!destination || !navigate)
    return (
      <div className={ROW}>
        <RowText item={item} />
      </div>
    );
  return (
    <button
      type="button"
      className={`${ROW} cursor-pointer rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50`}
      onClick={() => navigate(destination.page, destination.target)}
    >
      <RowText item={item} />
      <span className="sr-only">, {destination.hint}</span>
      <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </button>
  );
}

/** The first-run hint: where a run starts, and the model that needs no key. */
function EmptyRuns({ navigate }: { navigate?: Navigate }) {
  return (
    <div
      className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground"
      data-testid="activity-empty"
    >
      <PlayIcon className="size-6" aria-hidden />
      <p className="max-w-sm">{EMPTY_RUNS_TEXT}</p>
      {navigate && (
        <Button size="sm" onClick={() => navigate("scripts")}>
          Open Test Cases
        </Button>
      )}
    </div>
  );
}

/**
 * Recent Activity: runs and environment actions first, each opening its report or output; then
 * sign-ins, already folded by the server into one line per user and day, shown muted because they
 * are context, not work. Rows are re-partitioned here too, so the order holds whatever the server sends.
 * `navigate` comes from the dashboard page; without it rows are shown but not clickable.
 */
export function RecentActivity({
  items,
  isLoading,
  error,
  navigate,
}: {
  items: ActivityItem[] | undefined;
  isLoading: boolean;
  error: string | null;
  navigate?: Navigate;
}) {
  const actions = (items ?? []).filter((i) => i.kind !== "sign-in");
  const signIns = (items ?? []).filter((i) => i.kind === "sign-in");
  const signInsHeading = useId();
  return (
    <Card className="h-full min-w-0">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Latest runs and script executions; sign-ins summarised per user and day</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        {isLoading ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner /> Loading activity...
          </p>
        ) : error ? (
          <p className="py-6 text-sm text-destructive">{error}</p>
        ) : (
          <>
            {actions.length === 0 ? (
              <EmptyRuns navigate={navigate} />
            ) : (
              <ul className="-mx-2 divide-y" data-testid="activity-list">
                {actions.map((item) => (
                  <li key={item.id} className="min-w-0">
                    <ActionRow item={item} navigate={navigate} />
                  </li>
                ))}
              </ul>
            )}
            {signIns.length > 0 && (
              <section aria-labelledby={signInsHeading} className="mt-4 border-t pt-3 opacity-80">
                <h3 id={signInsHeading} className="text-xs font-medium text-muted-foreground">
                  Sign-ins
                </h3>
                <ul className="-mx-2 text-muted-foreground" data-testid="sign-in-list">
                  {signIns.map((item) => (
                    <li key={item.id} className={`${ROW} py-1.5`}>
                      <RowText item={item} muted />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
