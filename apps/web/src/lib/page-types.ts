import type { ComponentType } from "react";
import type { LucideIcon } from "lucide-react";

/** The seven pages of the shell (spec section 2); switched by state, not by URL. */
export type PageId = "dashboard" | "scenario" | "scripts" | "filesystem" | "metadata" | "results" | "viewer";

/**
 * An item a page should bring into view when it is opened from elsewhere (the header search,
 * a Recent Activity row). Each page reads only the kinds it owns and ignores the rest.
 */
export type NavTarget =
  /** Test Cases: the case's card, scrolled to and highlighted. */
  | { kind: "case"; id: string }
  /** Test Cases: the output of a run (live or finished). */
  | { kind: "run"; id: string }
  /** Scenario: a scenario's section, and optionally one item in it (a device name, a narrative id). */
  | { kind: "scenario"; scenario: "scenario1" | "scenario2"; section: string; item?: string }
  /** File Browser: the file's directory, with the file's preview open (or the directory itself). */
  | { kind: "file"; path: string; isDirectory: boolean }
  /** Results: a report or benchmark file, opened in the view dialog. */
  | { kind: "result"; path: string }
  /** Inspect Viewer: an evaluation log on the Logs tab. */
  | { kind: "eval-log"; name: string }
  /** Metadata: a case's configuration. */
  | { kind: "metadata"; scenario: "S1" | "S2"; id: string };

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
}
