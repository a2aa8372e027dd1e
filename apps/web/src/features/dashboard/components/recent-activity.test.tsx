import type { ActivityItem } from "@analystbench/contracts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi, type Mock } from "vitest";
import { EMPTY_RUNS_TEXT, RecentActivity, type Navigate } from "./recent-activity";

const now = new Date().toISOString();
const item = (over: Partial<ActivityItem>): ActivityItem => ({
  id: over.action ?? "x",
  action: "Action",
  status: "completed",
  timestamp: now,
  result: "ok",
  ...over,
});

const REPORT = "results/s1-dmz/2026-11-25T09-00-00Z_builtin-reference_r_1.md";
const ITEMS: ActivityItem[] = [
  // Sent first on purpose: the console must still list actions before sign-ins.
  item({
    id: "sign-in-9",
    kind: "sign-in",
    action: "User sign-in",
    result: "admin signed in 3 times today",
    count: 3,
  }),
  item({ id: "1", kind: "run", action: "Run DMZ with builtin/reference", link: { type: "result", path: REPORT } }),
  item({
    id: "2",
    kind: "run",
    action: "Run Typosquat with openai/gpt-4o",
    status: "running",
    link: { type: "run", runId: "r_2" },
  }),
  item({ id: "3", kind: "script", action: "Inspect task DMZ", status: "failed", result: "Script execution failed" }),
  item({
    id: "sign-in-8",
    kind: "sign-in",
    action: "Failed sign-in",
    status: "failed",
    result: "2 failed sign-in attempts as root on 24 Nov",
    count: 2,
  }),
];

function show(items: ActivityItem[] | undefined, navigate: Mock<Navigate> | null = vi.fn<Navigate>()) {
  render(<RecentActivity items={items} isLoading={false} error={null} navigate={navigate ?? undefined} />);
  return navigate;
}

describe("RecentActivity", () => {
  it("lists actions before sign-ins and opens a run's report on Results, or its output on Test Cases", async () => {
    const navigate = show(ITEMS)!;
    const user = userEvent.setup();
    const list = screen.getByTestId("activity-list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining("Run DMZ"),
      expect.stringContaining("Run Typosquat"),
      expect.stringContaining("Inspect task DMZ"),
    ]);
    // The actions' list comes before the sign-ins' section in the document.
    const signIns = screen.getByRole("region", { name: "Sign-ins" });
    expect(list.compareDocumentPosition(signIns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole("button", { name: /Run DMZ with builtin\/reference/ }));
    expect(navigate).toHaveBeenLastCalledWith("results", { kind: "result", path: REPORT });
    await user.click(screen.getByRole("button", { name: /Run Typosquat/ }));
    expect(navigate).toHaveBeenLastCalledWith("scripts", { kind: "run", id: "r_2" });
    // A row with nowhere to go is not a button.
    expect(screen.queryByRole("button", { name: /Inspect task DMZ/ })).toBeNull();
  });

  it("reaches the rows with the keyboard and tells a screen reader where each leads", async () => {
    const navigate = show(ITEMS)!;
    const user = userEvent.setup();
    await user.tab();
    const first = screen.getByRole("button", { name: /open its report on Results/ });
    expect(first).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: /open the run's output on Test Cases/ })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(navigate).toHaveBeenCalledWith("scripts", { kind: "run", id: "r_2" });
    // Nothing else in the card takes focus: sign-in rows are not interactive.
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it("shows folded sign-ins muted, after the actions, with their outcome", () => {
    show(ITEMS);
    const section = screen.getByRole("region", { name: "Sign-ins" });
    expect(section.className).toMatch(/opacity-80/);
    const rows = within(section).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("admin signed in 3 times today"),
      expect.stringContaining("2 failed sign-in attempts as root on 24 Nov"),
    ]);
    expect(within(rows[1]!).getByText("Failed")).toBeInTheDocument();
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("says how to start a first run when there are none, even with sign-ins to show, and opens Test Cases", async () => {
    const navigate = show([ITEMS[0]!])!;
    expect(screen.getByText(EMPTY_RUNS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Sign-ins" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open Test Cases" }));
    expect(navigate).toHaveBeenCalledWith("scripts");
  });

  it("shows the same first-run hint for an empty list, and no dead button without navigate", () => {
    show([], null);
    expect(screen.getByText(EMPTY_RUNS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("region", { name: "Sign-ins" })).toBeNull();
  });

  it("cuts long results to one line without widening the card, keeping the full text in the title", () => {
    const long = `Run failed: ${"unbroken-token-".repeat(200)}`;
    show([item({ id: "1", kind: "run", result: long, link: { type: "run", runId: "r" } })]);
    const text = screen.getByText(long);
    expect(text).toHaveClass("truncate");
    expect(text).toHaveAttribute("title", long);
    // Every flex ancestor up to the card may shrink, or the truncation would never happen.
    expect(text.parentElement).toHaveClass("min-w-0");
    expect(screen.getByRole("button")).toHaveClass("min-w-0");
    expect(screen.getByRole("listitem")).toHaveClass("min-w-0");
  });

  it("renders hostile text as text", () => {
    show([
      item({ id: "s", kind: "sign-in", result: '<img src=x onerror="alert(1)"> signed in once today' }),
      item({ id: "r", kind: "run", action: "<b>bold</b>", result: "x" }),
    ]);
    expect(screen.getByText('<img src=x onerror="alert(1)"> signed in once today')).toBeInTheDocument();
    expect(screen.getByText("<b>bold</b>")).toBeInTheDocument();
    expect(document.querySelector("img, b")).toBeNull();
  });

  it("keeps the spec's badges: Completed, Running with a pulse, Failed, and Unknown for anything else", () => {
    show([
      item({ id: "a", kind: "run", status: "completed" }),
      item({ id: "b", kind: "run", status: "running" }),
      item({ id: "c", kind: "run", status: "failed" }),
      item({ id: "d", kind: "system", status: "cancelled" as ActivityItem["status"] }),
    ]);
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.getByText("Running").querySelector(".animate-pulse")).not.toBeNull();
    expect(screen.getByText("Failed").className).toMatch(/bg-destructive/);
    expect(screen.getByText("Unknown")).toBeInTheDocument();
  });

  it("shows loading and errors instead of the list", () => {
    const { rerender } = render(<RecentActivity items={undefined} isLoading error={null} />);
    expect(screen.getByText("Loading activity...")).toBeInTheDocument();
    rerender(<RecentActivity items={ITEMS} isLoading={false} error="Failed to fetch recent activity" />);
    expect(screen.getByText("Failed to fetch recent activity")).toBeInTheDocument();
    expect(screen.queryByTestId("activity-list")).toBeNull();
  });
});
