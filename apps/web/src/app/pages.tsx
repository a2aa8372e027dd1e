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
import type { PageDefinition } from "@/lib/page-types";
import { lazyPage } from "./lazy-page";

// Each page is its own chunk, fetched on first visit (or earlier, see preload): the console's
// start-up code is the shell, and the markdown renderer, highlight.js and the charting library
// come with the pages that use them.
const dashboard = lazyPage(
  () => import("@/features/dashboard/dashboard-page"),
  (m) => m.DashboardPage,
);
const scenario = lazyPage(
  () => import("@/features/scenario/scenario-page"),
  (m) => m.ScenarioPage,
);
const scripts = lazyPage(
  () => import("@/features/scripts/scripts-page"),
  (m) => m.ScriptsPage,
);
const filesystem = lazyPage(
  () => import("@/features/filesystem/file-browser-page"),
  (m) => m.FileBrowserPage,
);
const metadata = lazyPage(
  () => import("@/features/metadata/metadata-page"),
  (m) => m.MetadataPage,
);
const results = lazyPage(
  () => import("@/features/results/results-page"),
  (m) => m.ResultsPage,
);
const leaderboard = lazyPage(
  () => import("@/features/leaderboard/leaderboard-page"),
  (m) => m.LeaderboardPage,
);
const viewer = lazyPage(
  () => import("@/features/viewer/viewer-page"),
  (m) => m.ViewerPage,
);

/** The sidebar's pages, in order, with the spec's ids, labels and descriptions. */
export const PAGES: PageDefinition[] = [
  {
    id: "dashboard",
    label: "Dashboard",
    description: "System overview and status",
    icon: LayoutDashboardIcon,
    ...dashboard,
  },
  {
    id: "scenario",
    label: "Scenario",
    description: "Cybersecurity benchmark scenarios",
    icon: ShieldIcon,
    ...scenario,
  },
  {
    id: "scripts",
    label: "Execute Scripts",
    description: "Run cybersecurity tests",
    icon: PlayCircleIcon,
    ...scripts,
  },
  {
    id: "filesystem",
    label: "File Browser",
    description: "Browse system files",
    icon: FolderOpenIcon,
    ...filesystem,
  },
  {
    id: "metadata",
    label: "Metadata",
    description: "View scenario configurations",
    icon: DatabaseIcon,
    ...metadata,
  },
  {
    id: "results",
    label: "Results",
    description: "Download test results",
    icon: DownloadIcon,
    ...results,
  },
  {
    id: "leaderboard",
    label: "Leaderboard",
    description: "Compare models",
    icon: TrophyIcon,
    ...leaderboard,
  },
  {
    id: "viewer",
    label: "Inspect Viewer",
    description: "Native evaluation-framework web interface",
    icon: MonitorPlayIcon,
    ...viewer,
  },
];
