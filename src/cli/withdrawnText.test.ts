// `withdraw`'s printout names what the study's participant left: finished clips and their
// unfinished ones given back where participants finish clips, spans (and the experts' reasons)
// in a span-marking study or where some were marked, judgments and unjudged trials given back
// where they judge pairs. Hand-written answers of the server, the exact texts.
import { expect, test } from "vitest";
import type { WithdrawResult } from "../domain/collection/protocol.ts";
import { NOTHING_DELETED } from "../domain/collection/withdrawal.test-data.ts";
import { withdrawnText } from "./collection.ts";

/** A withdrawal's answer: nothing deleted but the arrival, unless said. */
const withdrawn = (w: Partial<WithdrawResult> & Pick<WithdrawResult, "task">): WithdrawResult => ({
  participant: "5f1a2b3c",
  platform: "prolific",
  status: "completed",
  ...NOTHING_DELETED,
  ...w,
});

const HEAD =
  "Withdrew participant 5f1a2b3c (prolific, completed). Deleted from the server:\n" +
  "  their arrival (platform ids, session)\n";
const TAIL = "Files you collected before keep their copy: delete them from those too.\n";

test("a mark study: clips with their spans and the experts' reasons, none marked included", () => {
  expect(
    withdrawnText(
      withdrawn({
        task: "mark",
        intake: true,
        screening: true,
        submissions: 10,
        spans: 14,
        reasonLabels: 3,
      }),
    ),
  ).toBe(
    `${HEAD}  intake answers: yes\n  headphone check result: yes\n` +
      "  finished clips: 10, with 14 span(s)\n  experts' reasons on those spans: 3\n" +
      `Unfinished clips given back to be assigned to others: 0\n${TAIL}`,
  );
  expect(
    withdrawnText(withdrawn({ task: "mark", status: "started", submissions: 2, slotsFreed: 3 })),
  ).toBe(
    "Withdrew participant 5f1a2b3c (prolific, started). Deleted from the server:\n" +
      "  their arrival (platform ids, session)\n" +
      "  intake answers: none given\n  headphone check result: none\n" +
      "  finished clips: 2, with 0 span(s)\n  experts' reasons on those spans: 0\n" +
      `Unfinished clips given back to be assigned to others: 3\n${TAIL}`,
  );
});

test("a mark study with a pre-test: its judgments, and no trials given back", () => {
  expect(
    withdrawnText(
      withdrawn({
        task: "mark",
        screening: true,
        submissions: 1,
        spans: 2,
        slotsFreed: 1,
        judgments: 4,
      }),
    ),
  ).toBe(
    `${HEAD}  intake answers: none given\n  headphone check result: yes\n` +
      "  finished clips: 1, with 2 span(s)\n  experts' reasons on those spans: 0\n" +
      "  judgments of pairs: 4\n" +
      `Unfinished clips given back to be assigned to others: 1\n${TAIL}`,
  );
});

test("a compare study: judgments and unjudged trials, no clips or spans", () => {
  expect(
    withdrawnText(
      withdrawn({
        task: "compare",
        status: "started",
        screening: true,
        judgments: 5,
        trialsFreed: 7,
      }),
    ),
  ).toBe(
    "Withdrew participant 5f1a2b3c (prolific, started). Deleted from the server:\n" +
      "  their arrival (platform ids, session)\n" +
      "  intake answers: none given\n  headphone check result: yes\n" +
      "  judgments of pairs: 5\n" +
      `Unjudged trials given back to be judged by others: 7\n${TAIL}`,
  );
  // Every trial judged: none given back, said.
  expect(withdrawnText(withdrawn({ task: "compare", judgments: 12 }))).toBe(
    `${HEAD}  intake answers: none given\n  headphone check result: none\n` +
      "  judgments of pairs: 12\n" +
      `Unjudged trials given back to be judged by others: 0\n${TAIL}`,
  );
});

test("a transcription study: clips without spans", () => {
  expect(
    withdrawnText(withdrawn({ task: "transcribe", intake: true, submissions: 6, slotsFreed: 4 })),
  ).toBe(
    `${HEAD}  intake answers: yes\n  headphone check result: none\n` +
      "  finished clips: 6\n" +
      `Unfinished clips given back to be assigned to others: 4\n${TAIL}`,
  );
});
