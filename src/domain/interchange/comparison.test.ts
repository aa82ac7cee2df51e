import { describe, expect, test } from "vitest";
import { type ParseResult, parseAnnotationFile, serializeAnnotationFile } from "./schema.ts";

type Json = Record<string, unknown>;

/** A valid comparison study: an A/B test with a pre-test; each test breaks one rule of a copy. */
function base(study: Json = {}): Json {
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "ab",
      name: "A/B",
      binSeconds: 0.1,
      task: "compare",
      qualification: { pairs: ["q1"] },
      ...study,
    },
    taxonomy: [],
    clips: [
      { id: "c1", name: "a.wav", duration: 2, system: "A", sentence: "s1" },
      { id: "c2", name: "b.wav", duration: 2, system: "B", sentence: "s1" },
      { id: "n1", name: "n.wav", duration: 2, system: "human", sentence: "s1", isReference: true },
      { id: "n2", name: "m.wav", duration: 2, system: "human", sentence: "s2", isReference: true },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
    ],
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs: [
      { id: "p1", a: "c1", b: "c2" },
      { id: "q1", a: "n1", b: "c1" },
      { id: "v1", clipId: "c1", a: "regions:union", b: "regions:overlap" },
    ],
    judgments: [
      {
        pairId: "p1",
        annotatorId: "w1",
        choice: "b",
        shownFirst: "a",
        playCounts: [2, 1],
        heardToEnd: true,
        completedAt: "2026-11-21T09:58:12.000Z",
        seconds: 12.5,
      },
      { pairId: "p1", annotatorId: "w2", choice: "same" },
      { pairId: "q1", annotatorId: "w1", choice: "a" },
      { pairId: "v1", annotatorId: "w1", choice: "a" },
    ],
  };
}

const list = (file: Json, key: string) => file[key] as Json[];

function lines(result: ParseResult): string[] {
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
}

describe("reading a comparison", () => {
  test("pairs, judgments and the settings are read as written and written back the same", () => {
    const input = base({ comparison: { scale: "ab", allowSame: true, question: "Which?" } });
    const result = parseAnnotationFile(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.file.pairs).toEqual(input.pairs);
    expect(result.file.judgments).toEqual(input.judgments);
    expect(result.file.study.comparison).toEqual({
      scale: "ab",
      allowSame: true,
      question: "Which?",
    });
    expect(result.file.study.qualification).toEqual({ pairs: ["q1"] });
    const again = parseAnnotationFile(JSON.parse(serializeAnnotationFile(result.file)));
    expect(again.ok && again.file).toEqual(result.file);
  });

  test("a file without pairs writes none (a version-1 reader's file stays as it was)", () => {
    const input = base({ qualification: undefined });
    delete input.pairs;
    delete input.judgments;
    const result = parseAnnotationFile(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect("pairs" in result.file).toBe(false);
    expect(serializeAnnotationFile(result.file)).not.toContain('"pairs"');
  });

  test("a CCR study's scores, and choices on its pre-test pairs", () => {
    const input = base({ comparison: { scale: "ccr" } });
    input.judgments = [
      { pairId: "p1", annotatorId: "w1", score: -3 },
      { pairId: "p1", annotatorId: "w2", score: 3 },
      { pairId: "q1", annotatorId: "w1", choice: "b" },
    ];
    expect(parseAnnotationFile(input).ok).toBe(true);
  });

  test("a natural-pairs screening entry is read", () => {
    const input = base();
    list(input, "annotators")[0] = {
      id: "w1",
      role: "crowd",
      screening: [{ test: "natural-pairs", trials: 10, correct: 8, passed: true }],
    };
    expect(parseAnnotationFile(input).ok).toBe(true);
  });
});

describe("every rule, with the JSON path named", () => {
  test("both choice and score, and neither", () => {
    const input = base({ comparison: { scale: "ccr" } });
    input.judgments = [
      { pairId: "p1", annotatorId: "w1", choice: "a", score: 1 },
      { pairId: "p1", annotatorId: "w2" },
    ];
    expect(lines(parseAnnotationFile(input))).toEqual([
      "judgments[0]: has both choice and score: a judgment has exactly one (a choice in an A/B test, a score in a CCR test)",
      'judgments[1]: needs a choice ("a", "b" or "same"), or in a CCR study a score (−3 … 3)',
    ]);
  });

  test("a CCR score is an integer from −3 to 3", () => {
    const input = base({ comparison: { scale: "ccr" } });
    input.judgments = [
      { pairId: "p1", annotatorId: "w1", score: 3.5 },
      { pairId: "p1", annotatorId: "w2", score: 4 },
    ];
    expect(lines(parseAnnotationFile(input))).toEqual([
      "judgments[0].score: must be an integer (got 3.5)",
      "judgments[1].score: must be at most 3 (got 4)",
    ]);
  });

  test("a score only in a CCR study; a CCR study's main pairs take no choice", () => {
    const ab = base();
    list(ab, "judgments")[1] = { pairId: "p1", annotatorId: "w2", score: 1 };
    expect(lines(parseAnnotationFile(ab))).toEqual([
      'judgments[1].score: a score is only for a CCR study (study.comparison.scale "ccr"); this study\'s scale is "ab"',
    ]);
    const ccr = base({ comparison: { scale: "ccr" } });
    ccr.judgments = [{ pairId: "p1", annotatorId: "w1", choice: "a" }];
    expect(lines(parseAnnotationFile(ccr))).toEqual([
      "judgments[0].choice: a CCR study's judgments give a score (−3 … 3); a choice is only for its pre-test pairs",
    ]);
  });

  test('"same" only where the test offers it; never on a pre-test pair', () => {
    const input = base({ comparison: { allowSame: false } });
    list(input, "judgments")[2] = { pairId: "q1", annotatorId: "w1", choice: "same" };
    expect(lines(parseAnnotationFile(input))).toEqual([
      'judgments[1].choice: "same" is not offered in this study (study.comparison.allowSame is false)',
      'judgments[2].choice: pair "q1" is a pre-test pair: its choice is "a" or "b" (the pre-test has no "same")',
    ]);
  });

  test("references resolve: pairs to clips, judgments to pairs and annotators; one judgment per pair and annotator", () => {
    const input = base();
    list(input, "pairs")[0] = { id: "p1", a: "c1", b: "c9" };
    list(input, "pairs").push({ id: "p1", a: "c2", b: "c1" }, { id: "p3", a: "c2", b: "c2" });
    list(input, "judgments").push(
      { pairId: "p7", annotatorId: "w1", choice: "a" },
      { pairId: "p1", annotatorId: "w9", choice: "a" },
      { pairId: "p1", annotatorId: "w1", choice: "a" },
    );
    expect(lines(parseAnnotationFile(input))).toEqual([
      'pairs[0].b: no clip with id "c9"',
      'pairs[3].id: duplicate id "p1" (first at pairs[0])',
      'pairs[4].b: is the same clip as a ("c2"): a clip pair compares two different clips',
      'judgments[4].pairId: no pair with id "p7"',
      'judgments[5].annotatorId: no annotator with id "w9"',
      'judgments[6]: duplicate judgment of pair "p1" by annotator "w1" (first at judgments[0])',
    ]);
  });

  test("view names resolve; a view pair's clip too", () => {
    const input = base();
    list(input, "pairs").push(
      { id: "v2", clipId: "c8", a: "regions:union", b: "regions:all" },
      { id: "v3", clipId: "c1", a: "regions:union", b: "regions:union" },
      { id: "v4", clipId: "c1", a: "saliency:", b: "saliency:ssl-mos-ig" },
    );
    expect(lines(parseAnnotationFile(input))).toEqual([
      'pairs[3].clipId: no clip with id "c8"',
      'pairs[3].b: unknown view "regions:all" (a view is "regions:union", "regions:overlap" or "saliency:<model>")',
      'pairs[4].b: is the same view as a ("regions:union"): a view pair compares two different views of its clip',
      'pairs[5].a: "saliency:" names no model (a view is "regions:union", "regions:overlap" or "saliency:<model>")',
      'pairs[5].b: "saliency:ssl-mos-ig" needs the clip\'s saliency[] record of that model, which this reader does not read yet',
    ]);
  });

  test("each pre-test pair holds exactly one reference clip, is a clip pair, exists, and is listed once", () => {
    const input = base({ qualification: { pairs: ["q1", "p1", "v1", "q9", "q1", "q2"] } });
    list(input, "pairs").push({ id: "q2", a: "n1", b: "n2" });
    expect(lines(parseAnnotationFile(input))).toEqual([
      'study.qualification.pairs[1]: pair "p1" must hold exactly one reference clip (isReference true); it holds 0',
      'study.qualification.pairs[2]: pair "v1" is a view pair: the pre-test\'s pairs are two clips, one of them a natural recording',
      'study.qualification.pairs[3]: no pair with id "q9"',
      'study.qualification.pairs[4]: lists pair "q1" twice (first at pairs[0])',
      'study.qualification.pairs[5]: pair "q2" must hold exactly one reference clip (isReference true); it holds 2',
      // Listed in the pre-test, p1 takes no "same" either.
      'judgments[1].choice: pair "p1" is a pre-test pair: its choice is "a" or "b" (the pre-test has no "same")',
    ]);
  });

  test("a score on a pre-test pair", () => {
    const input = base({ comparison: { scale: "ccr" } });
    input.judgments = [{ pairId: "q1", annotatorId: "w1", score: 2 }];
    expect(lines(parseAnnotationFile(input))).toEqual([
      'judgments[0].score: pair "q1" is a pre-test pair: it is judged by a choice of "a" or "b", not a score',
    ]);
  });

  test("the structure: settings, choices, sides, plays", () => {
    const input = base({
      comparison: { scale: "mushra", replicates: 0 },
      qualification: { pairs: [], passAccuracy: 1.5 },
    });
    input.judgments = [
      { pairId: "p1", annotatorId: "w1", choice: "left", shownFirst: "c", playCounts: [1] },
    ];
    expect(lines(parseAnnotationFile(input))).toEqual([
      'study.comparison.scale: must be "ab" or "ccr" (got "mushra")',
      "study.comparison.replicates: must be at least 1 (got 0)",
      "study.qualification.pairs: must have at least 1 item",
      "study.qualification.passAccuracy: must be at most 1 (got 1.5)",
      'judgments[0].choice: must be "a", "b" or "same" (got "left")',
      'judgments[0].shownFirst: must be "a" or "b" (got "c")',
      "judgments[0].playCounts: must have at least 2 items",
    ]);
  });

  test("an unknown task names the four this reader knows", () => {
    expect(lines(parseAnnotationFile(base({ task: "mushra" })))).toEqual([
      'study.task: unknown task "mushra": this reader knows "mark", "rate", "transcribe" and "compare"',
    ]);
  });
});
