import type { ComponentType } from "react";
import type { LucideIcon } from "lucide-react";

/** The seven pages of the shell (spec section 2); switched by state, not by URL. */
export type PageId = "dashboard" | "scenario" | "scripts" | "filesystem" | "metadata" | "results" | "viewer";

/** What every page component receives from the shell. */
export interface PageProps {
  navigate(page: PageId): void;
}

export interface PageDefinition {
  id: PageId;
  label: string;
  description: string;
  icon: LucideIcon;
  component: ComponentType<PageProps>;
}
