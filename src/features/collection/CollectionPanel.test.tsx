// @vitest-environment happy-dom
// The collection card speaks the study's task (issue 36, problem 6): experts tag marked spans,
// so a rate or transcribe study is offered no expert links.
import { cleanup, render, screen } from "@testing-library/react";
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
