// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { Notices } from "./Notices.tsx";
import { ProgressBar } from "./ProgressBar.tsx";

afterEach(() => {
  cleanup();
  useNotices.getState().clear();
});

test("Notices shows errors as alerts in a live region and dismisses them", async () => {
  render(<Notices />);
  act(() => {
    useNotices.getState().push("error", "Could not save the region: disk full");
    useNotices.getState().push("info", "Created “A” with 2 clips.");
  });
  const region = screen.getByRole("region", { name: "Notices" });
  expect(region).toHaveAttribute("aria-live", "polite");
  expect(screen.getByRole("alert")).toHaveTextContent("Could not save the region: disk full");
  expect(screen.getByRole("status")).toHaveTextContent("Created “A” with 2 clips.");
  await userEvent.click(
    screen.getByRole("button", { name: "Dismiss: Could not save the region: disk full" }),
  );
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(useNotices.getState().notices).toHaveLength(1);
});

test("ProgressBar exposes its value and label", () => {
  render(<ProgressBar value={12} max={40} label="Decoding 12 of 40" />);
  const bar = screen.getByRole("progressbar", { name: "Decoding 12 of 40" });
  expect(bar).toHaveAttribute("aria-valuenow", "12");
  expect(bar).toHaveAttribute("aria-valuemax", "40");
  expect(screen.getByText("30%")).toBeInTheDocument();
});

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error("kaboom");
  return <p>all fine</p>;
}

function Harness() {
  const [explode, setExplode] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setExplode(false)}>
        defuse
      </button>
      <ErrorBoundary>
        <Bomb explode={explode} />
      </ErrorBoundary>
    </>
  );
}

test("ErrorBoundary shows the error and recovers with Try again", async () => {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  render(<Harness />);
  expect(screen.getByRole("alert")).toHaveTextContent("kaboom");
  await userEvent.click(screen.getByRole("button", { name: "defuse" }));
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(screen.getByText("all fine")).toBeInTheDocument();
  spy.mockRestore();
});
