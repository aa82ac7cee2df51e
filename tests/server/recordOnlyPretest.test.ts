// The pre-test in record-only mode (issue 40, item 4; `study.qualification.screenOut: false`):
// one rate study published with a natural-pairs pre-test that screens nobody out. Four
// participants take it through the server — two prefer the natural recording in both pairs, two
// in neither — and all four go on to rate their clips. The collected file then holds each one's
// `natural-pairs` entry, and `compare FILE --by screening:natural-pairs` sets Chiang et al.'s
// "Pass test" column beside those who failed it, from this one study.
import { afterAll, beforeAll, expect, test } from "vitest";
import { runCompareCli } from "../../src/cli/compare.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import type { ConditionComparison } from "../../src/domain/stats/conditions.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

/** Two sentences by the human and two systems; the pre-test's pairs hold one natural clip each. */
function rateWithRecordOnlyPretest(): AnnotationFile {
  const file = studyFile("record40", 2, ["A", "B"]);
  file.study = {
    ...file.study,
    task: "rate",
    qualification: { pairs: ["nat1", "nat2"], screenOut: false },
  };
  file.pairs = [
    { id: "nat1", a: "s01_human", b: "s01_A" },
    { id: "nat2", a: "s02_B", b: "s02_human" },
  ];
  return file;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.publish(rateWithRecordOnlyPretest(), {
    clipsPerParticipant: 2,
    ratingsPerClip: 10,
    completionCode: "DONE-40",
    screenedOutCode: "OUT-40",
  });
});
afterAll(() => h?.close());

/** The sample ("1" or "2") of a pre-test trial that is, or is not, the natural recording. */
async function pretestChoice(participant: string, position: number, natural: boolean) {
  const [row] = await h.store.query<{ shown_first: string; reference: string }>(
    `SELECT t.shown_first, t.reference FROM trials t JOIN participants p
       ON p.study_id = t.study_id AND p.id = t.participant_id
     WHERE t.study_id = 'record40' AND p.platform_participant = $1
       AND t.stage = 'pretest' AND t.position = $2`,
    [participant, position],
  );
  if (!row) throw new Error(`no pre-test trial ${position} for ${participant}`);
  return (row.reference === row.shown_first) === natural ? "1" : "2";
}

/** One participant: the pre-test (preferring the natural sample or not), then their clips rated. */
async function takePart(participant: string, natural: boolean, score: number) {
  const arrival = await h.api("POST", "p/record40/arrive", {
    platform: "link",
    participantId: participant,
  });
  expect(arrival.status, JSON.stringify(arrival.json)).toBe(200);
  const token = arrival.json.sessionToken as string;
  for (const position of [1, 2]) {
    for (const side of [1, 2]) {
      const played = await h.api(
        "POST",
        `p/record40/trials/pretest/${position}/${side}/plays`,
        { playId: `play-${participant}-${position}-${side}` },
        token,
      );
      expect(played.status, JSON.stringify(played.json)).toBe(200);
    }
    const judged = await h.api(
      "POST",
      "p/record40/judgments",
      {
        clientId: `pre-${participant}-${position}`,
        stage: "pretest",
        position,
        choice: await pretestChoice(participant, position, natural),
        heardToEnd: true,
        completedAt: "2026-11-29T09:00:00.000Z",
      },
      token,
    );
    expect(judged.status, JSON.stringify(judged.json)).toBe(200);
    // Record-only: nobody is screened out, whatever they answered.
    expect(judged.json.screenedOut).toBeUndefined();
    expect(judged.json.status).toBe("started");
  }
  for (const position of [1, 2]) {
    const sent = await h.api(
      "POST",
      "p/record40/submissions",
      {
        clientId: `clip-${participant}-${position}`,
        position,
        spans: [],
        score,
        heardToEnd: true,
        seconds: 30,
        completedAt: "2026-11-29T09:05:00.000Z",
      },
      token,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  }
  const state = await h.api("GET", "p/record40/state", undefined, token);
  expect(state.json.status).toBe("completed");
}

test("a record-only pre-test screens nobody out, and compare --by screening:natural-pairs sets passed beside failed", async () => {
  await takePart("pass-1", true, 4);
  await takePart("fail-1", false, 2);
  await takePart("pass-2", true, 4);
  await takePart("fail-2", false, 2);

  const collected = await h.api("GET", "studies/record40/collect", undefined, TOKEN);
  expect(collected.status).toBe(200);
  const parsed = parseAnnotationFile(collected.json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
  const entryOf = (pid: string) =>
    parsed.file.annotators.find((a) => a.platform?.participantId === pid)?.screening;
  expect(entryOf("pass-1")).toEqual([
    { test: "natural-pairs", trials: 2, correct: 2, passed: true },
  ]);
  expect(entryOf("fail-2")).toEqual([
    { test: "natural-pairs", trials: 2, correct: 0, passed: false },
  ]);
  // Every participant rated both their clips: 8 ratings, 4 of them by those who failed.
  expect(parsed.file.submissions.filter((s) => typeof s.score === "number")).toHaveLength(8);

  let out = "";
  let err = "";
  const code = runCompareCli(
    ["compare", "collected.json", "--by", "screening:natural-pairs", "--json"],
    {
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        err += t;
      },
      readFile: () => JSON.stringify(collected.json),
    },
  );
  expect(code, err).toBe(0);
  const result = JSON.parse(out) as ConditionComparison;
  // The conditions in code-unit order of their names; two raters and four ratings each, half a
  // minute per clip: 2 × 30 s per rater = 1 minute.
  expect(result.conditions).toEqual([
    { label: "failed", raters: 2, ratings: 4, minutesPerRater: 1 },
    { label: "passed", raters: 2, ratings: 4, minutesPerRater: 1 },
  ]);
  // Those who failed gave every clip 2, those who passed 4: each system's mean says which.
  for (const system of result.systems) {
    const [failed, passed] = system.byCondition;
    if (failed?.n) expect(failed.mean).toBe(2);
    if (passed?.n) expect(passed.mean).toBe(4);
  }
  expect(result.systems.reduce((n, s) => n + (s.byCondition[0]?.n ?? 0), 0)).toBe(4);
});
