import { describe, expect, test } from "vitest";
import { playLimitOf, problemText, submissionProblems } from "./submissionRules.ts";

describe("the study's own rules on a submission, per task", () => {
  test("mark: a rating only when the study requires one", () => {
    expect(submissionProblems({}, {})).toEqual([]);
    expect(submissionProblems({ requireRating: false }, {})).toEqual([]);
    expect(submissionProblems({ requireRating: true }, { score: 3 })).toEqual([]);
    expect(problemText(submissionProblems({ requireRating: true }, {}))).toBe(
      "score: this study asks for a rating (1–5) of every clip",
    );
    // Marking has no play limit, whatever the page reports.
    expect(submissionProblems({}, { playCount: 10_000 })).toEqual([]);
  });

  test("rate: the rating always, whether or not requireRating is set", () => {
    expect(submissionProblems({ task: "rate" }, { score: 1 })).toEqual([]);
    expect(submissionProblems({ task: "rate", requireRating: false }, {})).toEqual([
      { field: "score", message: "this study asks for a rating (1–5) of every clip" },
    ]);
  });

  test("transcribe: a transcript (empty allowed), within the plays the study allows", () => {
    const sus = { task: "transcribe", transcription: { maxPlays: 2 } };
    expect(playLimitOf(sus)).toBe(2);
    expect(playLimitOf({ task: "transcribe" })).toBe(2); // the default
    expect(playLimitOf({ task: "transcribe", transcription: { maxPlays: 1 } })).toBe(1);
    expect(playLimitOf({ task: "rate" })).toBeNull();
    expect(submissionProblems(sus, { transcript: "", playCount: 2 }, { plays: 2 })).toEqual([]);
    expect(submissionProblems(sus, { transcript: "a b" })).toEqual([]);
    expect(problemText(submissionProblems(sus, { playCount: 10_000 }))).toBe(
      [
        'transcript: this study asks what was heard: the transcript is missing (send "" for nothing heard)',
        "playCount: this study allows 2 plays of a clip (got 10000)",
      ].join("\n"),
    );
    // The server's own count counts too (a study published again with fewer plays).
    expect(
      submissionProblems(
        { task: "transcribe", transcription: { maxPlays: 1 } },
        { transcript: "x", playCount: 1 },
        { plays: 2 },
      ),
    ).toEqual([{ field: "playCount", message: "this study allows 1 play of a clip (got 2)" }]);
    // A rating is not asked of a transcription, even with requireRating left on.
    expect(submissionProblems({ ...sus, requireRating: true }, { transcript: "x" })).toEqual([]);
  });
});
