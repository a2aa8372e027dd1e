import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { LoginPage } from "./login-page";

afterEach(() => vi.unstubAllGlobals());

describe("sign-in screen", () => {
  it("shows the spec's texts and placeholders", () => {
    vi.stubGlobal("fetch", fakeFetch({}));
    renderWithProviders(<LoginPage />, { withAuth: true });
    expect(screen.getByRole("heading", { name: "AnalystBench" })).toBeInTheDocument();
    expect(screen.getByText("Secure access to cybersecurity benchmarking platform")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Enter your username")).toBeRequired();
    expect(screen.getByPlaceholderText("Enter your password")).toBeRequired();
    expect(screen.getByText("Secure Authentication Required")).toBeInTheDocument();
    expect(screen.getByText("Authorized personnel only")).toBeInTheDocument();
  });

  it("shows and hides the password", async () => {
    vi.stubGlobal("fetch", fakeFetch({}));
    renderWithProviders(<LoginPage />, { withAuth: true });
    const password = screen.getByPlaceholderText("Enter your password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("disables the form and says Authenticating... while signing in, then reports a failure", async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal("fetch", fakeFetch({ "POST /api/auth/login": () => new Promise<Response>((r) => (release = r)) }));
    renderWithProviders(<LoginPage />, { withAuth: true });
    await userEvent.type(screen.getByPlaceholderText("Enter your username"), "admin");
    await userEvent.type(screen.getByPlaceholderText("Enter your password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: "Authenticating..." })).toBeDisabled();
    expect(screen.getByPlaceholderText("Enter your username")).toBeDisabled();
    expect(screen.getByPlaceholderText("Enter your password")).toBeDisabled();
    release(json({ error: "The username or password is incorrect.", code: "INVALID_CREDENTIALS" }, 401));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid credentials. Please try again.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled());
  });

  it("tells a throttled user how long to wait", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "POST /api/auth/login": () =>
          json({ error: "Too many failed sign-in attempts. Try again in 42 seconds.", code: "TOO_MANY_ATTEMPTS" }, 429),
      }),
    );
    renderWithProviders(<LoginPage />, { withAuth: true });
    await userEvent.type(screen.getByPlaceholderText("Enter your username"), "admin");
    await userEvent.type(screen.getByPlaceholderText("Enter your password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Too many failed sign-in attempts. Try again in 42 seconds.")).toBeInTheDocument();
  });
});
