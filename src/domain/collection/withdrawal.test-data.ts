// A withdrawal's counts with nothing deleted, for the tests of the texts that render one
// (withdrawal.test.ts, src/cli/withdrawnText.test.ts, ProgressView.test.tsx): each test says
// only what its case deleted.
import type { WithdrawResult } from "./protocol.ts";

/** Every count of a withdrawal's answer at nothing (its arrival aside, always deleted). */
export const NOTHING_DELETED = {
  submissions: 0,
  spans: 0,
  reasonLabels: 0,
  intake: false,
  screening: false,
  slotsFreed: 0,
  judgments: 0,
  trialsFreed: 0,
} satisfies Omit<WithdrawResult, "participant" | "platform" | "status" | "task">;
