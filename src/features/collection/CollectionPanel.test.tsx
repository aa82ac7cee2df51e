// @vitest-environment happy-dom
// The collection card speaks the study's task (issue 36, problem 6): experts tag marked spans,
// so a rate or transcribe study is offered no expert links.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { CollectionPanel } from "./CollectionPanel.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test.each([
  ["mark", true],
  ["rate", false],
  ["transcribe", false],
] as const)("a %s study: expert links offered: %s", (task, offered) => {
  // No collection server serves this page: its health check finds none.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("", { status: 404 })),
  );
  render(<CollectionPanel studyId="s" task={task} />);
  expect(screen.getByRole("heading", { name: "Collect from server" })).toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "Expert links" }) !== null).toBe(offered);
});

// Served by a collection server, the page's own address is the default server: the typed
// client's health call (its answer checked against the contract) decides it.
test.each([
  ["a collection server's health", 200, '{"ok":true,"database":"pglite"}', "http://localhost:3000"],
  ["a 404 (no collection server here)", 404, "", ""],
  ["a 200 that is not the contract's health", 200, "<!doctype html>", ""],
] as const)(
  "the page's own origin answers %s: server field %j",
  async (_what, status, body, shown) => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(body, { status });
      }),
    );
    render(<CollectionPanel studyId="s" task="mark" />);
    await waitFor(() => expect(calls).toEqual(["http://localhost:3000/api/health"]));
    const field = screen.getByLabelText("Server address");
    await waitFor(() => expect(field).toHaveValue(shown));
  },
);
test("a comparison: K and R in its terms, starting from the study's own settings", () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("", { status: 404 })),
  );
  render(
    <CollectionPanel
      studyId="s"
      task="compare"
      defaults={{ clipsPerParticipant: 12, ratingsPerClip: 4 }}
    />,
  );
  expect(screen.getByLabelText("Pairs per participant")).toHaveValue(12);
  expect(screen.getByLabelText("Judgments per pair (R)")).toHaveValue(4);
  expect(screen.queryByLabelText("Clips per participant")).toBeNull();
  cleanup();
  render(<CollectionPanel studyId="s" task="rate" />);
  expect(screen.getByLabelText("Clips per participant")).toHaveValue(10);
  expect(screen.getByLabelText("Ratings per clip")).toHaveValue(3);
});
