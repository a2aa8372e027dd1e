import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY, useTheme } from "@/lib/theme";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { framedUrl, resumeUrl } from "./use-viewer-frame-src";
import { ViewerPage } from "./viewer-page";

const VIEWER_URL = "http://127.0.0.1:7860/";
const RUNNING = { running: true, port: 7860, url: VIEWER_URL, mode: "builtin", error: null };

/** The app shell's theme button, as the sidebar has it: it reads "Dark mode" or "Light mode". */
function ThemeButton() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button onClick={toggleTheme} aria-label="Toggle theme">
      {theme === "dark" ? "Light mode" : "Dark mode"}
    </button>
  );
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    fakeFetch({
      "GET /api/inspect/viewer": () => json(RUNNING),
      "GET /api/inspect/scenarios": () => json({ scenarios: [] }),
      "GET /api/inspect/results": () => json({ files: [] }),
      [`HEAD ${VIEWER_URL}`]: () => new Response(null, { status: 200 }),
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ThemeButton />
      <ViewerPage />
    </>,
  );
  return user;
}

const newTabLink = () => screen.getByRole("link", { name: /Open in New Tab/ });

describe("the embedded viewer follows the console's theme", () => {
  it("loads the start page in the console's theme, light by default", async () => {
    setup();
    expect(await screen.findByTitle("Inspect AI Viewer")).toHaveAttribute("src", `${VIEWER_URL}?theme=light`);
    expect(newTabLink()).toHaveAttribute("href", `${VIEWER_URL}?theme=light`);
  });

  it("loads it dark when the console already is", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    setup();
    expect(await screen.findByTitle("Inspect AI Viewer")).toHaveAttribute("src", `${VIEWER_URL}?theme=dark`);
    expect(newTabLink()).toHaveAttribute("href", `${VIEWER_URL}?theme=dark`);
  });

  it("on a toggle, reloads the same frame where it was (/resume) in the new theme; Refresh All goes to the start page", async () => {
    const user = setup();
    const frame = await screen.findByTitle("Inspect AI Viewer");
    const toggle = screen.getByRole("button", { name: "Toggle theme" });
    expect(toggle).toHaveTextContent("Dark mode");
    await user.click(toggle);
    // The same element, navigated: not a new frame that starts over.
    expect(screen.getByTitle("Inspect AI Viewer")).toBe(frame);
    expect(frame).toHaveAttribute("src", `${VIEWER_URL}resume?theme=dark`);
    expect(newTabLink()).toHaveAttribute("href", `${VIEWER_URL}?theme=dark`);

    expect(toggle).toHaveTextContent("Light mode");
    await user.click(toggle);
    expect(frame).toHaveAttribute("src", `${VIEWER_URL}resume?theme=light`);
    expect(newTabLink()).toHaveAttribute("href", `${VIEWER_URL}?theme=light`);

    await user.click(screen.getByRole("button", { name: "Refresh All" }));
    await waitFor(() => expect(screen.getByTitle("Inspect AI Viewer")).not.toBe(frame));
    expect(screen.getByTitle("Inspect AI Viewer")).toHaveAttribute("src", `${VIEWER_URL}?theme=light`);
  });

  it("builds the addresses from the viewer's URL with or without its trailing slash", () => {
    expect(framedUrl("http://127.0.0.1:9000", "dark")).toBe("http://127.0.0.1:9000/?theme=dark");
    expect(framedUrl("http://127.0.0.1:9000/", "light")).toBe("http://127.0.0.1:9000/?theme=light");
    expect(resumeUrl("http://127.0.0.1:9000", "dark")).toBe("http://127.0.0.1:9000/resume?theme=dark");
  });
});
