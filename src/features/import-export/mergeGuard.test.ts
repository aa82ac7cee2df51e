// @vitest-environment happy-dom
import { afterEach, expect, test } from "vitest";
import { guardMerge, interruptedMergeMessage } from "./mergeGuard.ts";

afterEach(() => sessionStorage.clear());

function leave(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

test("while a merge runs, leaving the page asks first; after it, not", () => {
  expect(leave()).toBe(false);
  const release = guardMerge({ studyName: "Pilot", files: 2, startedAt: "2026-11-24T03:00:00Z" });
  expect(leave()).toBe(true);
  release();
  expect(leave()).toBe(false);
  release(); // twice is harmless
  expect(leave()).toBe(false);
});

test("two merges at once: the page is guarded until both end", () => {
  const a = guardMerge({ studyName: "A", files: 1, startedAt: "" });
  const b = guardMerge({ studyName: "B", files: 1, startedAt: "" });
  a();
  expect(leave()).toBe(true);
  b();
  expect(leave()).toBe(false);
});

test("a merge that never ended is reported once on the next load, by study and files", () => {
  guardMerge({ studyName: "Pilot study", files: 3, startedAt: "2026-11-24T03:00:00Z" });
  // (the page went away here: the release never ran)
  expect(interruptedMergeMessage()).toBe(
    "The merge of 3 files into study “Pilot study” was cancelled: the page was left or reloaded before it finished. A merge is stored whole or not at all, so nothing of it was stored. Import the files again to merge them.",
  );
  expect(interruptedMergeMessage()).toBeNull();
});

test("a merge that ended leaves nothing to report", () => {
  guardMerge({ studyName: "Pilot", files: 1, startedAt: "" })();
  expect(interruptedMergeMessage()).toBeNull();
});
