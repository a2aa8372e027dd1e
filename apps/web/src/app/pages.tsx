import {
  DatabaseIcon,
  DownloadIcon,
  FolderOpenIcon,
  LayoutDashboardIcon,
  MonitorPlayIcon,
  PlayCircleIcon,
  ShieldIcon,
  TrophyIcon,
} from "lucide-react";
import { lazy, Suspense } from "react";
import { DashboardPage } from "@/features/dashboard/dashboard-page";
import { FileBrowserPage } from "@/features/filesystem/file-browser-page";
import { MetadataPage } from "@/features/metadata/metadata-page";
import { ResultsPage } from "@/features/results/results-page";
import { ScenarioPage } from "@/features/scenario/scenario-page";
import { ScriptsPage } from "@/features/scripts/scripts-page";
import { ViewerPage } from "@/features/viewer/viewer-page";
import { Spinner } from "@/components/ui/spinner";
import type { PageDefinition, PageProps } from "@/lib/page-types";

// The Leaderboard brings the charting library; it loads on first visit, not with the console.
const LeaderboardPageChunk = lazy(() =>
  import("@/features/leaderboard/leaderboard-page").then((m) => ({ default: m.LeaderboardPage })),
);

function LeaderboardPage(props: PageProps) {
  return (
    <Suspense
      fallback={
        <p className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
          <Spinner className="size-5" /> Loading the leaderboard…
        </p>
      }
    >
      <LeaderboardPageChunk {...props} />
    </Suspense>
  );
}

/** The sidebar's pages, in order, with the spec's ids, labels and descriptions. */
export const PAGES: PageDefinition[] = [
  {
    id: "dashboard",
    label: "Dashboard",
    description: "System overview and status",
    icon: LayoutDashboardIcon,
    component: DashboardPage,
  },
  {
    id: "scenario",
    label: "Scenario",
    description: "Cybersecurity benchmark scenarios",
    icon: ShieldIcon,
    component: ScenarioPage,
  },
  {
    id: "scripts",
    label: "Execute Scripts",
    description: "Run cybersecurity tests",
    icon: PlayCircleIcon,
    component: ScriptsPage,
  },
  {
    id: "filesystem",
    label: "File Browser",
    description: "Browse system files",
    icon: FolderOpenIcon,
    component: FileBrowserPage,
  },
  {
    id: "metadata",
    label: "Metadata",
    description: "View scenario configurations",
    icon: DatabaseIcon,
    component: MetadataPage,
  },
  {
    id: "results",
    label: "Results",
    description: "Download test results",
    icon: DownloadIcon,
    component: ResultsPage,
  },
  {
    id: "leaderboard",
    label: "Leaderboard",
    description: "Compare models",
    icon: TrophyIcon,
    component: LeaderboardPage,
  },
  {
    id: "viewer",
    label: "Inspect Viewer",
    description: "Native evaluation-framework web interface",
    icon: MonitorPlayIcon,
    component: ViewerPage,
  },
];
