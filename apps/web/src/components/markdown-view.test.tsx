import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownView, splitFrontMatter } from "./markdown-view";

describe("MarkdownView", () => {
  it("shows front matter as fields and renders tables", () => {
    render(
      <MarkdownView
        text={"---\ncase: s1-dmz\nstatus: completed\n---\n# Report\n\n| Checkpoint | Points |\n|---|---|\n| 1 | +1 |\n"}
      />,
    );
    expect(screen.getByText("s1-dmz")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Report" })).toBeInTheDocument();
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("never renders HTML or scripts from the report", () => {
    const { container } = render(
      <MarkdownView text={'<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[x](javascript:alert(3))'} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it("splits front matter from the body", () => {
    expect(splitFrontMatter("---\na: 1\nb: 'two'\n---\nbody")).toEqual({
      meta: [
        ["a", "1"],
        ["b", "two"],
      ],
      body: "body",
    });
    expect(splitFrontMatter("no front matter").meta).toEqual([]);
  });
});
