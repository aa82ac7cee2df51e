import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../../interchange/types.ts";
import { computeComparison } from "../../stats/comparison.ts";
import { detectKind, foreignResult } from "../read.ts";
import { comparisonCsvKind, comparisonCsvToFile } from "./readComparisons.ts";

/** Sentences s1, s2 by the reference ("reference", natural) and systems C1, C2. */
function study(extra: Record<string, unknown> = {}): AnnotationFile {
  const clips = ["s1", "s2"].flatMap((s) =>
    ["reference", "C1", "C2"].map((system) => ({
      id: `${system}_${s}`,
      name: `${system}_${s}.wav`,
      duration: 2,
      system,
      sentence: s,
      ...(system === "reference" ? { isReference: true } : {}),
    })),
  );
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "st", name: "St", binSeconds: 0.1, task: "compare", ...extra },
    taxonomy: [],
    clips,
    annotators: [{ id: "w1", role: "crowd" }],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

const bytes = (text: string) => new TextEncoder().encode(text);

// webMUSHRA's write.php: session_test_id, the participant fields, then the trial's columns.
const MUSHRA = [
  "session_test_id,email,age,trial_id,choice_reference,choice_non_reference,choice_answer,choice_time,choice_comment",
  "pc_test,w1,31,s1,reference,C1,correct,5200,",
  "pc_test,w1,31,s2,reference,C2,incorrect,4100,",
  "pc_test,anna@example.org,25,s1,reference,C1,undecided,3000,",
  "pc_test,anna@example.org,25,s2,reference,C2,unknown,800,",
  "",
].join("\n");

describe("webMUSHRA's paired_comparison.csv", () => {
  test("detected by its header, whatever the file is called", () => {
    expect(comparisonCsvKind(MUSHRA)).toBe("webmushra");
    expect(detectKind(bytes(MUSHRA), "paired_comparison.csv")).toBe("webmushra");
    expect(detectKind(bytes(MUSHRA), "results.txt")).toBe("webmushra");
  });

  test("each answered row a judgment: the reference is side a, correct chose it", () => {
    const result = comparisonCsvToFile(MUSHRA, study(), "webmushra");
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.file.pairs).toEqual([
      { id: "webmushra:s1:reference:C1", a: "reference_s1", b: "C1_s1" },
      { id: "webmushra:s2:reference:C2", a: "reference_s2", b: "C2_s2" },
    ]);
    expect(result.file.judgments).toEqual([
      { pairId: "webmushra:s1:reference:C1", annotatorId: "w1 / 31", choice: "a", seconds: 5.2 },
      { pairId: "webmushra:s2:reference:C2", annotatorId: "w1 / 31", choice: "b", seconds: 4.1 },
      {
        pairId: "webmushra:s1:reference:C1",
        annotatorId: "anna@example.org / 25",
        choice: "same",
        seconds: 3,
      },
    ]);
    expect(result.file.annotators.map((a) => [a.id, a.role])).toEqual([
      ["w1", "crowd"],
      ["w1 / 31", "crowd"],
      ["anna@example.org / 25", "crowd"],
    ]);
    expect(result.warnings).toEqual([
      { path: "", message: '1 row with choice_answer "unknown" (no answer given): left out' },
    ]);
    // The figures: the reference against C1 (one win, one tie), against C2 (one loss).
    const c = computeComparison(result.file);
    expect(c?.pairs.map((p) => [p.a, p.b, p.aWins, p.bWins, p.same])).toEqual([
      ["C1", "reference", 0, 1, 1],
      ["C2", "reference", 1, 0, 0],
    ]);
  });

  test("a pair the study already has is reused", () => {
    const s = study();
    s.pairs = [{ id: "mine", a: "reference_s1", b: "C1_s1" }];
    const result = comparisonCsvToFile(MUSHRA, s, "webmushra");
    expect(result.ok && result.file.judgments?.[0]?.pairId).toBe("mine");
  });

  test("refusals name the line: unknown stimulus, bad answer, a second judgment, no participant column", () => {
    const bad = [
      "session_test_id,email,trial_id,choice_reference,choice_non_reference,choice_answer,choice_time,choice_comment",
      "t,w1,s1,reference,C9,correct,1,",
      "t,w1,s1,reference,C1,maybe,1,",
      "t,w1,s2,reference,C1,correct,1,",
      "t,w1,s2,reference,C1,incorrect,1,",
    ].join("\n");
    const result = comparisonCsvToFile(bad, study(), "webmushra");
    expect(result.ok ? [] : result.errors).toEqual([
      {
        path: "line 2",
        message:
          'no clip of the study for trial "s1", stimulus "C9" (a clip whose sentence is the trial id and system the stimulus id, or whose id or file name is the stimulus id)',
      },
      {
        path: "line 3",
        message: 'choice_answer "maybe" is not one of correct, incorrect, undecided, unknown',
      },
      {
        path: "line 5",
        message:
          'a second judgment of clips "reference_s2" and "C1_s2" by "w1" (the first: line 4)',
      },
    ]);
    const anonymous = comparisonCsvToFile(
      "session_test_id,trial_id,choice_reference,choice_non_reference,choice_answer,choice_time,choice_comment\nt,s1,reference,C1,correct,1,\n",
      study(),
      "webmushra",
    );
    expect(anonymous.ok ? "" : anonymous.errors[0]?.message).toMatch(
      /^no participant column between session_test_id and trial_id/,
    );
  });

  test('the study\'s own rules hold: no "same" where the test does not offer it', () => {
    const result = comparisonCsvToFile(
      MUSHRA,
      study({ comparison: { allowSame: false } }),
      "webmushra",
    );
    expect(result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'judgments[2].choice: "same" is not offered in this study (study.comparison.allowSame is false)',
    ]);
  });
});

// result_parser.py --method ccr: the votes per worker.
const P808 = [
  "HITId,workerid,assignment_id,assignmentstatus,file,short_file_name,vote,question_type,condition_name",
  "H1,AW1,A1,Approved,https://x.blob/deg/C1_s1.wav,C1_s1.wav,-2,CMOS,C1",
  "H1,AW1,A1,Approved,https://x.blob/deg/C2_s2.wav,C2_s2.wav,1,CMOS,C2",
  "H2,AW2,A2,Submitted,https://x.blob/deg/C1_s1.wav,C1_s1.wav,0,CMOS,C1",
  "",
].join("\r\n");

describe("the P.808 toolkit's CCR votes per worker", () => {
  test("each vote a CCR judgment of the processed clip (b) against its sentence's reference (a)", () => {
    expect(detectKind(bytes(P808), "batch_votes_per_worker_.csv")).toBe("p808");
    const result = foreignResult(bytes(P808), "votes.csv", study({ comparison: { scale: "ccr" } }));
    if (!result?.ok) throw new Error(JSON.stringify(result));
    expect(result.file.pairs).toEqual([
      { id: "p808:reference_s1:C1_s1", a: "reference_s1", b: "C1_s1" },
      { id: "p808:reference_s2:C2_s2", a: "reference_s2", b: "C2_s2" },
    ]);
    expect(result.file.judgments).toEqual([
      { pairId: "p808:reference_s1:C1_s1", annotatorId: "AW1", score: -2 },
      { pairId: "p808:reference_s2:C2_s2", annotatorId: "AW1", score: 1 },
      { pairId: "p808:reference_s1:C1_s1", annotatorId: "AW2", score: 0 },
    ]);
    // CMOS of C1 against the reference: advantages of "C1" −2 and 0 → mean −1.
    const c = computeComparison(result.file);
    expect(c?.pairs[0]).toMatchObject({ a: "C1", b: "reference", meanDiff: -1 });
  });

  test("into an A/B study the scores are refused by the study's rule", () => {
    const result = foreignResult(bytes(P808), "votes.csv", study());
    expect(result?.ok ? [] : result?.errors[0]?.message).toBe(
      'a score is only for a CCR study (study.comparison.scale "ccr"); this study\'s scale is "ab"',
    );
  });

  test("refusals name the line: not CMOS, a vote out of range, an unknown file, no reference", () => {
    const s = study({ comparison: { scale: "ccr" } });
    s.clips.push({ id: "lonely", name: "lonely.wav", duration: 1, sentence: "s9", system: "C1" });
    const bad = [
      "HITId,workerid,assignment_id,assignmentstatus,file,short_file_name,vote,question_type",
      "H,W,A,Approved,u/C1_s1.wav,C1_s1.wav,4,CMOS",
      "H,W,A,Approved,u/C1_s1.wav,C1_s1.wav,2,MOS",
      "H,W,A,Approved,u/zzz.wav,zzz.wav,1,CMOS",
      "H,W,A,Approved,u/lonely.wav,lonely.wav,1,CMOS",
    ].join("\n");
    const result = comparisonCsvToFile(bad, s, "p808");
    expect(result.ok ? [] : result.errors).toEqual([
      { path: "line 2", message: 'vote "4" is not an integer from -3 to 3' },
      {
        path: "line 3",
        message:
          'question_type "MOS" is not a CCR vote ("CMOS"): import the toolkit\'s CCR results (result_parser.py --method ccr)',
      },
      { path: "line 4", message: 'file "zzz.wav" is not a clip of the study (by file name)' },
      {
        path: "line 5",
        message:
          'sentence "s9" has no reference clip (isReference) in the study to compare clip "lonely" with',
      },
    ]);
  });

  test("without a study to import into: refused, saying where to import it", () => {
    expect(foreignResult(bytes(P808), "votes.csv", undefined)).toEqual({
      ok: false,
      errors: [
        {
          path: "",
          message:
            "P.808 toolkit CCR results name no study: import them from the study's page, or with --into STUDY.json",
        },
      ],
    });
  });
});
