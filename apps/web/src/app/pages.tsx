import {
  DatabaseIcon,
  DownloadIcon,
  FolderOpenIcon,
  LayoutDashboardIcon,
  MonitorPlayIcon,
  PlayCircleIcon,
  ShieldIcon,
} from "lucide-react";
import { DashboardPage } from "@/features/dashboard/dashboard-page";
import { FileBrowserPage } from "@/features/filesystem/file-browser-page";
import { MetadataPage } from "@/features/metadata/metadata-page";
import { ResultsPage } from "@/features/results/results-page";
import { ScenarioPage } from "@/features/scenario/scenario-page";
import { ScriptsPage } from "@/features/scripts/scripts-page";
import { ViewerPage } from "@/features/viewer/viewer-page";
import type { PageDefinition } from "@/lib/page-types";

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
    id: "viewer",
    label: "Inspect Viewer",
    description: "Native evaluation-framework web interface",
    icon: MonitorPlayIcon,
    component: ViewerPage,
  },
];
