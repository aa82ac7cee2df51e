// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { StudyProgress, WithdrawResult } from "../../domain/collection/protocol.ts";
import { NOTHING_DELETED } from "../../domain/collection/withdrawal.test-data.ts";
import { ProgressView, withdrawnSentence } from "./ProgressView.tsx";

afterEach(cleanup);

const row = (
  participant: string,
  status: StudyProgress["perParticipant"][number]["status"],
  done: number,
  total: number,
) => ({
  id: `p-${participant}`,
  platform: "prolific",
  participant,
  status,
  done,
  total,
  referenceMarkedSeconds: done > 0 ? 0.1 : null,
  referenceSeconds: done > 0 ? 2 : null,
});

// The study: 24 clips × 3; two finished 6 each, one working with 2 of 6, one returned
// after 2 (their 4 unfinished clips released: total 2), one screened out.
const progress: StudyProgress = {
  studyId: "s",
  participants: { started: 1, completed: 2, returned: 1, screenedOut: 1 },
  assigned: 20,
  done: 16,
  clips: 24,
  ratingsPerClip: 3,
  perParticipant: [
    row("PIDAAA", "completed", 6, 6),
    row("PIDBBB", "completed", 6, 6),
    row("PIDCCC", "started", 2, 6),
    row("PIDDDD", "returned", 2, 2),
    row("PIDEEE", "screened-out", 0, 0),
  ],
};

test("summary: every status counted, the returned person's clips apart; platform ids; screened-out row", () => {
  render(<ProgressView progress={progress} onWithdraw={vi.fn()} task="mark" />);
  // 6 + 6 + 2 = 14 finished of 6 + 6 + 6 = 18 given (not 20: the returned one's 2 are apart).
  expect(screen.getByText(/^Participants:/).textContent).toBe(
    "Participants: 1 working, 2 finished, 1 screened out, 1 returned. Clips: 14 finished of 18 given to people working or finished (72 wanted: 24 clips × 3); 2 more finished by people who returned.",
  );
  const rows = within(screen.getByRole("table")).getAllByRole("row");
  expect(rows.map((r) => r.textContent)).toEqual([
    "ParticipantStatusClipsReference markedWithdraw",
    "PIDAAA (Prolific)finished6 / 65% (0.1 s)Withdraw",
    "PIDBBB (Prolific)finished6 / 65% (0.1 s)Withdraw",
    "PIDCCC (Prolific)working2 / 65% (0.1 s)Withdraw",
    "PIDDDD (Prolific)returned2 / 25% (0.1 s)Withdraw",
    "PIDEEE (Prolific)screened outnone: screened out—Withdraw",
  ]);
  expect(screen.queryByText(/p-PID/)).toBeNull();
});

test("a comparison's progress counts pairs judged, in its summary and its column", () => {
  // The same counts read as a compare study's: 24 pairs × 3 judgments each.
  render(<ProgressView progress={progress} onWithdraw={vi.fn()} task="compare" />);
  expect(screen.getByText(/^Participants:/).textContent).toBe(
    "Participants: 1 working, 2 finished, 1 screened out, 1 returned. Pairs: 14 judged of 18 given to people working or finished (72 wanted: 24 pairs × 3); 2 more judged by people who returned.",
  );
  const rows = within(screen.getByRole("table")).getAllByRole("row");
  // No reference-clip column in a comparison.
  expect(rows[0]?.textContent).toBe("ParticipantStatusPairsWithdraw");
  expect(screen.queryByText(/Clips/)).toBeNull();
});

test("withdraw asks first, then says what was deleted; Cancel deletes nothing", async () => {
  const user = userEvent.setup();
  const result: WithdrawResult = {
    participant: "PIDCCC",
    platform: "prolific",
    status: "started",
    task: "mark",
    submissions: 2,
    spans: 3,
    reasonLabels: 0,
    intake: true,
    screening: true,
    slotsFreed: 4,
    judgments: 0,
    trialsFreed: 0,
  };
  const onWithdraw = vi.fn(async () => result);
  render(<ProgressView progress={progress} onWithdraw={onWithdraw} task="mark" />);
  await user.click(screen.getByRole("button", { name: "Withdraw PIDCCC" }));
  const dialog = screen.getByRole("alertdialog", { name: "Withdraw PIDCCC?" });
  expect(within(dialog).getByText(/^Deletes/).textContent).toBe(
    "Deletes their arrival, intake answers, headphone check, 2 finished clip(s) and their spans from the server; their unfinished clips go to others. Files you already collected keep their copy. This cannot be undone.",
  );
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(onWithdraw).not.toHaveBeenCalled();
  expect(screen.queryByRole("alertdialog")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Withdraw PIDCCC" }));
  await user.click(screen.getByRole("button", { name: "Delete their data" }));
  expect(onWithdraw).toHaveBeenCalledWith(progress.perParticipant[2]);
  expect((await screen.findByRole("status")).textContent).toBe(
    "Withdrew PIDCCC: deleted their arrival, intake answers, headphone check, 2 finished clip(s) with 3 span(s); 4 unfinished clip(s) go to others.",
  );
});

/** A withdrawal's answer: nothing deleted but the arrival, unless said. */
const withdrawn = (w: Partial<WithdrawResult> & Pick<WithdrawResult, "task">): WithdrawResult => ({
  participant: "PIDXYZ",
  platform: "prolific",
  status: "started",
  ...NOTHING_DELETED,
  ...w,
});

test.each([
  [
    "a mark study: spans always, none marked included; no judgments",
    withdrawn({ task: "mark", screening: true, submissions: 3, slotsFreed: 2 }),
    "Withdrew PIDXYZ: deleted their arrival, headphone check, 3 finished clip(s) with 0 span(s); 2 unfinished clip(s) go to others.",
  ],
  [
    "a mark study with a pre-test: its judgments too (its trials never go to others)",
    withdrawn({
      task: "mark",
      intake: true,
      submissions: 1,
      spans: 4,
      reasonLabels: 1,
      slotsFreed: 9,
      judgments: 6,
    }),
    "Withdrew PIDXYZ: deleted their arrival, intake answers, 1 finished clip(s) with 4 span(s), 1 expert reason label(s) on them, 6 judgment(s) of pairs; 9 unfinished clip(s) go to others.",
  ],
  [
    "a compare study: judgments and unjudged trials, no clips or spans",
    withdrawn({ task: "compare", judgments: 7, trialsFreed: 3 }),
    "Withdrew PIDXYZ: deleted their arrival, 7 judgment(s) of pairs; 3 unjudged trial(s) go to others.",
  ],
  [
    "a compare study whose participant judged every trial",
    withdrawn({ task: "compare", screening: true, judgments: 10 }),
    "Withdrew PIDXYZ: deleted their arrival, headphone check, 10 judgment(s) of pairs; 0 unjudged trial(s) go to others.",
  ],
  [
    "a transcription study: clips without spans",
    withdrawn({ task: "transcribe", intake: true, submissions: 5 }),
    "Withdrew PIDXYZ: deleted their arrival, intake answers, 5 finished clip(s); 0 unfinished clip(s) go to others.",
  ],
  [
    "a rating (MOS) study: clips without spans",
    withdrawn({ task: "rate", submissions: 2, slotsFreed: 8 }),
    "Withdrew PIDXYZ: deleted their arrival, 2 finished clip(s); 8 unfinished clip(s) go to others.",
  ],
])("withdrawnSentence, %s", (_, result, sentence) => {
  expect(withdrawnSentence(result)).toBe(sentence);
});

test.each([
  ["rate", "ParticipantStatusClipsWithdraw"],
  ["transcribe", "ParticipantStatusClipsWithdraw"],
  ["mark", "ParticipantStatusClipsReference markedWithdraw"],
] as const)("a %s study's table: no “Reference marked” outside span marking", (task, header) => {
  render(<ProgressView progress={progress} onWithdraw={vi.fn()} task={task} />);
  const rows = within(screen.getByRole("table")).getAllByRole("row");
  expect(rows[0]?.textContent).toBe(header);
  expect(rows[1]?.textContent).toBe(
    task === "mark"
      ? "PIDAAA (Prolific)finished6 / 65% (0.1 s)Withdraw"
      : "PIDAAA (Prolific)finished6 / 6Withdraw",
  );
});

test.each([
  ["transcribe", "2 finished clip(s) from the server; their unfinished clips go to others."],
  [
    "compare",
    "their judgments (2 pair(s) judged) from the server; their unjudged pairs go to others.",
  ],
] as const)(
  "a %s study's question before withdrawing names its participants' work",
  async (task, words) => {
    const user = userEvent.setup();
    render(<ProgressView progress={progress} onWithdraw={vi.fn()} task={task} />);
    await user.click(screen.getByRole("button", { name: "Withdraw PIDCCC" }));
    const dialog = screen.getByRole("alertdialog", { name: "Withdraw PIDCCC?" });
    expect(within(dialog).getByText(/^Deletes/).textContent).toBe(
      `Deletes their arrival, intake answers, headphone check, ${words} Files you already collected keep their copy. This cannot be undone.`,
    );
  },
);
