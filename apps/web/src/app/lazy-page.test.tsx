import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import type { PageProps } from "@/lib/page-types";
import { lazyPage } from "./lazy-page";

const Hello = ({ target }: PageProps) => <p>Hello {target?.kind ?? "page"}</p>;

describe("lazyPage", () => {
  it("fetches the page's code once, whether preloaded or rendered", async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const page = lazyPage(load, (m) => m.Hello);
    expect(load).not.toHaveBeenCalled();
    await page.preload();
    const Page = page.component;
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page navigate={() => {}} />
      </Suspense>,
    );
    expect(await screen.findByText("Hello page")).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it("lets a later preload retry after a failed fetch", async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({ Hello });
    const page = lazyPage(load, (m) => m.Hello);
    await expect(page.preload()).rejects.toThrow("offline");
    await expect(page.preload()).resolves.toEqual({ default: Hello });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
