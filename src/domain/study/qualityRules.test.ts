import { describe, expect, test } from "vitest";
import type { AnnotationFile, Submission } from "../interchange/types.ts";
import {
  checkAnnotators,
  DEFAULT_RULES,
  excludedAnnotators,
  qualityRulesOf,
  ruleText,
  withoutAnnotators,
} from "./qualityRules.ts";

/** Raters who each break one rule (r0 breaks none), on 2 reference and 2 synthetic clips. */
function study(): AnnotationFile {
  const s = (clipId: string, annotatorId: string, extra: Partial<Submission>): Submission => ({
    clipId,
    annotatorId,
    ...extra,
  });
  const good = (id: string) => [
    s("ref1", id, { score: 5, seconds: 9, heardToEnd: true }),
    s("ref2", id, { score: 4, seconds: 8, heardToEnd: true }),
    s("syn1", id, { score: 2, seconds: 7, heardToEnd: true }),
    s("syn2", id, { score: 3, seconds: 10, heardToEnd: true }),
  ];
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "q", name: "q", binSeconds: 0.1 },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips: [
      { id: "ref1", name: "ref1", duration: 2, isReference: true },
      { id: "ref2", name: "ref2", duration: 2, isReference: true },
      { id: "syn1", name: "syn1", duration: 2 },
      { id: "syn2", name: "syn2", duration: 2 },
    ],
    annotators: ["r0", "rLow", "rDeaf", "rFast", "rFlat", "e1"].map((id) => ({
      id,
      role: id === "e1" ? ("expert" as const) : ("crowd" as const),
    })),
    submissions: [
      ...good("r0"),
      // reference clips rated 2 and 3: mean 2.5 < 3
      ...good("rLow").map((x) =>
        x.clipId.startsWith("ref") ? { ...x, score: x.clipId === "ref1" ? 2 : 3 } : x,
      ),
      // one clip of four not heard to the end
      ...good("rDeaf").map((x) => (x.clipId === "syn2" ? { ...x, heardToEnd: false } : x)),
      // median of 1, 2, 2, 3 seconds = 2 < 3
      ...good("rFast").map((x, i) => ({ ...x, seconds: [1, 2, 2, 3][i] as number })),
      // every rating 4: variance 0 < 0.1
      ...good("rFlat").map((x) => ({ ...x, score: 4 })),
      s("syn1", "e1", { score: 1, seconds: 1, heardToEnd: false }),
    ],
    regions: [
      { id: "g1", clipId: "syn1", annotatorId: "rFast", start: 0, end: 1 },
      { id: "g2", clipId: "syn1", annotatorId: "r0", start: 0, end: 1 },
    ],
    reasonLabels: [
      { regionId: "g1", annotatorId: "e1", reasons: ["undefined"] },
      { regionId: "g2", annotatorId: "e1", reasons: ["undefined"] },
    ],
  };
}

describe("quality rules", () => {
  test("each rater breaks exactly the rule built for them; experts are not checked", () => {
    const file = study();
    // r0 marked 60 % of the reference bins (from the report); everyone else none.
    const quality = file.annotators.map((a) => ({
      id: a.id,
      annotations: 4,
      regions: 0,
      referenceMarkedFraction: a.id === "r0" ? 0.6 : 0,
    }));
    const checks = checkAnnotators(file, quality, DEFAULT_RULES);
    expect(checks).toEqual([
      { id: "r0", breaks: ["referenceMarked"] },
      { id: "rDeaf", breaks: ["notHeard"] },
      { id: "rFast", breaks: ["fast"] },
      { id: "rFlat", breaks: ["lowVariance"] },
      { id: "rLow", breaks: ["referenceRating"] },
    ]);
    // Nothing is on by default: nobody is excluded.
    expect(excludedAnnotators(checks, DEFAULT_RULES)).toEqual([]);
    const rules = qualityRulesOf({
      qualityRules: { fast: { on: true }, lowVariance: { on: true, variance: 0.5 } },
    });
    expect(excludedAnnotators(checks, rules)).toEqual([
      { id: "rFast", rules: ["fast"] },
      { id: "rFlat", rules: ["lowVariance"] },
    ]);
  });

  test("thresholds: the notHeard share and the fast seconds move who is caught", () => {
    const file = study();
    const quality = file.annotators.map((a) => ({
      id: a.id,
      annotations: 4,
      regions: 0,
      referenceMarkedFraction: 0,
    }));
    const rules = qualityRulesOf({
      qualityRules: { notHeard: { on: true, threshold: 0.25 }, fast: { on: true, seconds: 8 } },
    });
    // rDeaf: 1 of 4 = 0.25, not above 0.25. Median seconds: r0 8.5, rFast 2, rLow 8.5 …
    expect(excludedAnnotators(checkAnnotators(file, quality, rules), rules)).toEqual([
      { id: "rFast", rules: ["fast"] },
    ]);
  });

  test("the study's rules: missing parts and bad values fall back to the defaults", () => {
    expect(qualityRulesOf({})).toEqual(DEFAULT_RULES);
    expect(
      qualityRulesOf({
        qualityRules: { fast: { on: "yes", seconds: -2 }, notHeard: { on: true } },
      }),
    ).toEqual({ ...DEFAULT_RULES, notHeard: { on: true, threshold: 0 } });
    expect(ruleText("lowVariance", DEFAULT_RULES)).toBe("gave ratings with a variance under 0.1");
    expect(ruleText("notHeard", DEFAULT_RULES)).toBe(
      "finished a clip without playing it to the end",
    );
  });

  test("excluding is a view: the raters' work is left out, the file itself is unchanged", () => {
    const file = study();
    const before = JSON.stringify(file);
    const view = withoutAnnotators(file, new Set(["rFast"]));
    expect(view.annotators.map((a) => a.id)).not.toContain("rFast");
    expect(view.submissions.some((s) => s.annotatorId === "rFast")).toBe(false);
    expect(view.regions.map((r) => r.id)).toEqual(["g2"]);
    expect(view.reasonLabels.map((l) => l.regionId)).toEqual(["g2"]);
    expect(JSON.stringify(file)).toBe(before);
    expect(withoutAnnotators(file, new Set())).toBe(file);
  });
});

test("the rules check the raters who rated: the screened out and those who left without a clip are not raters", () => {
  const file = study();
  file.annotators.push(
    { id: "out1", role: "crowd", status: "screened-out" },
    { id: "gone1", role: "crowd", status: "returned" },
  );
  const quality = file.annotators.map((a) => ({
    id: a.id,
    annotations: 0,
    regions: 0,
    referenceMarkedFraction: null,
  }));
  // The five crowd raters with clips, not seven.
  expect(checkAnnotators(file, quality, DEFAULT_RULES).map((c) => c.id)).toEqual([
    "r0",
    "rDeaf",
    "rFast",
    "rFlat",
    "rLow",
  ]);
});
