// What each task's participant leaves, and which of a withdrawal's counts are named.
import { expect, test } from "vitest";
import type { WithdrawResult } from "./protocol.ts";
import { NOTHING_DELETED } from "./withdrawal.test-data.ts";
import { withdrawnParts, workOf } from "./withdrawal.ts";

test("clips in every task but a comparison; spans only in span marking", () => {
  expect(workOf("mark")).toEqual({ clips: true, spans: true });
  expect(workOf("rate")).toEqual({ clips: true, spans: false });
  expect(workOf("transcribe")).toEqual({ clips: true, spans: false });
  expect(workOf("compare")).toEqual({ clips: false, spans: false });
});

const none: Omit<WithdrawResult, "task"> = {
  participant: "P",
  platform: "link",
  status: "started",
  ...NOTHING_DELETED,
};

test("named: the task's work always, anything else only when there was some", () => {
  const all = { clips: true, spans: true, judgments: true, trialsFreed: true };
  expect(withdrawnParts({ ...none, task: "mark" })).toEqual({
    ...all,
    judgments: false,
    trialsFreed: false,
  });
  expect(withdrawnParts({ ...none, task: "rate" })).toEqual({
    clips: true,
    spans: false,
    judgments: false,
    trialsFreed: false,
  });
  expect(withdrawnParts({ ...none, task: "compare" })).toEqual({
    clips: false,
    spans: false,
    judgments: true,
    trialsFreed: true,
  });
  // A rate study's participant with spans (none today, but named if there were), a pre-test.
  expect(withdrawnParts({ ...none, task: "rate", submissions: 1, spans: 2, judgments: 3 })).toEqual(
    { ...all, trialsFreed: false },
  );
});
