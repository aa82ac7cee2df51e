// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ensureDemoStudy } from "../db/demo.ts";
import { PERSIST_DENIED_MESSAGE } from "../db/persist.ts";
import { useNotices } from "../stores/notices.ts";
import { useStorageStatus } from "../stores/storage.ts";
import { App } from "./App.tsx";

vi.mock("../db/demo.ts", () => ({ ensureDemoStudy: vi.fn(async () => "exists") }));

afterEach(() => {
  cleanup();
  useNotices.getState().clear();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return location;
}

test("the shell: app name links home, unknown routes say so, the demo is ensured", async () => {
  renderAt("/nowhere");
  expect(screen.getByRole("link", { name: "RedPen Annotator" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  expect(ensureDemoStudy).toHaveBeenCalled();
});

test("write errors appear in the notices area", async () => {
  renderAt("/studies/nope");
  expect(await screen.findByRole("heading", { name: "Study not found" })).toBeInTheDocument();
  act(() => {
    useNotices.getState().push("error", "Storage is full: could not save the region.");
  });
  const region = screen.getByRole("region", { name: "Notices" });
  expect(region).toHaveTextContent("Storage is full: could not save the region.");
  expect(screen.getByRole("alert")).toHaveTextContent("Storage is full");
});

test("refused persistent storage: a header indicator that explains, no toast over the page", async () => {
  renderAt("/nowhere");
  expect(screen.queryByText("Storage not persistent")).not.toBeInTheDocument();
  act(() => {
    useStorageStatus.setState({ persistence: "denied" });
  });
  expect(screen.getByText("Storage not persistent")).toBeInTheDocument();
  expect(screen.getByText(PERSIST_DENIED_MESSAGE)).toBeInTheDocument();
  expect(useNotices.getState().notices).toEqual([]);
  act(() => {
    useStorageStatus.setState({ persistence: "unknown" });
  });
});

test("after a navigation whose link disappears, focus lands on the new screen's heading", async () => {
  const location = renderAt("/nowhere");
  const back = screen.getByRole("link", { name: "Back to the studies" });
  back.focus();
  // The not-found screen's link goes away with it; the next screen's h1 takes focus.
  act(() => location.navigate("/studies/nope"));
  const heading = await screen.findByRole("heading", { level: 1, name: "Study not found" });
  await waitFor(() => expect(heading).toHaveFocus());
  // A control that keeps focus across the navigation keeps it.
  const home = screen.getByRole("link", { name: "RedPen Annotator" });
  await userEvent.click(home);
  await screen.findByRole("heading", { level: 1, name: "RedPen Annotator" });
  await new Promise((r) => setTimeout(r, 50));
  expect(home).toHaveFocus();
});
