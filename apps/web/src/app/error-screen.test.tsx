import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./error-screen";

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error("The page could not be drawn");
}

describe("RouteErrorBoundary", () => {
  it("shows its children while they render", () => {
    render(
      <RouteErrorBoundary>
        <p>All well</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText("All well")).toBeInTheDocument();
  });

  it("shows the error screen, with the error's message and a way back, when a child throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the caught error
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("The page could not be drawn")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload the console" })).toBeInTheDocument();
  });
});
