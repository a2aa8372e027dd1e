import type { ComponentType } from "react";
import type { LucideIcon } from "lucide-react";
import type { SearchTarget } from "@analystbench/contracts";

/** The pages of the shell (spec section 2, plus the Leaderboard); switched by state, not by URL. */
export type PageId =
  "dashboard" | "scenario" | "scripts" | "filesystem" | "metadata" | "results" | "leaderboard" | "viewer";

/**
 * An item a page should bring into view when it is opened from elsewhere (the header search,
 * a Recent Activity row). Each page reads only the kinds it owns and ignores the rest.
 */
export type NavTarget = SearchTarget;

/** A target as handed to a page; `seq` changes on every navigation, so the same target can be reopened. */
export type PageTarget = NavTarget & { seq: number };

/** What every page component receives from the shell. */
export interface PageProps {
  navigate(page: PageId, target?: NavTarget): void;
  /** The item to bring into view, when the page was opened for one. */
  target?: PageTarget;
}

export interface PageDefinition {
  id: PageId;
  label: string;
  description: string;
  icon: LucideIcon;
  component: ComponentType<PageProps>;
  /** Fetches the page's code ahead of its first visit (pages are loaded lazily). */
  preload?(): Promise<unknown>;
}
