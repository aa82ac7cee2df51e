// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { LowSpaceWarning } from "./LowSpaceWarning.tsx";

const MB = 1024 * 1024;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubEstimate(quota: number, usage: number) {
  vi.stubGlobal("navigator", { storage: { estimate: async () => ({ quota, usage }) } });
}

test("under 50 MB left: a warning with the download of the annotator's work", async () => {
  stubEstimate(100 * MB, 70 * MB);
  render(<LowSpaceWarning studyId="s" annotatorId="w1" finished={0} />);
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(
    "This browser is running out of storage (about 30 MB left for this site). Download your annotations now and send them to the researcher, so none of your work can be lost.",
  );
  expect(screen.getByRole("button", { name: "Download my annotations (JSON)" })).toBeEnabled();
});

test("enough room: nothing is shown; it is checked again when a clip is finished", async () => {
  stubEstimate(1000 * MB, 100 * MB);
  const { rerender } = render(<LowSpaceWarning studyId="s" annotatorId="w1" finished={0} />);
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole("alert")).toBeNull();
  stubEstimate(1000 * MB, 990 * MB);
  rerender(<LowSpaceWarning studyId="s" annotatorId="w1" finished={1} />);
  expect(await screen.findByRole("alert")).toHaveTextContent("about 10 MB left");
});
