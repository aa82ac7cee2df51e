// Hand-worked examples of "Comparing conditions" (docs/spec/statistics.md); SciPy 1.10's
// mannwhitneyu(method="asymptotic", use_continuity=False), kendalltau and t.ppf agree with each
// (noted beside it). The golden conditions (tests/golden/conditions) check the rest against the
// independent Python reference.
import { describe, expect, test } from "vitest";
import type { AnnotationFile, Annotator, Submission } from "../interchange/types.ts";
import {
  type Condition,
  ConditionsError,
  compareConditions,
  conditionsByGroup,
  conditionsOfStudies,
  groupingsOf,
  mannWhitney,
  ratingsOf,
} from "./conditions.ts";
import { computeMos } from "./mos.ts";

function study(
  name: string,
  ratings: [clip: string, rater: string, score: number, seconds?: number][],
  annotators: Annotator[] = [],
): AnnotationFile {
  const clipIds = [...new Set(ratings.map((r) => r[0]))];
  const raters = [...new Set(ratings.map((r) => r[1]))];
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: name, name, binSeconds: 0.1 },
    taxonomy: [],
    clips: clipIds.map((id) => ({
      id,
      name: `${id}.wav`,
      duration: 1,
      system: id.split("_")[0] as string,
      sentence: id.split("_")[1] as string,
    })),
    annotators: [
      ...annotators,
      ...raters
        .filter((id) => !annotators.some((a) => a.id === id))
        .map((id) => ({ id, role: "crowd" as const })),
    ],
    submissions: ratings.map(([clipId, annotatorId, score, seconds]) => {
      const s: Submission = { clipId, annotatorId, score };
      if (seconds !== undefined) s.seconds = seconds;
      return s;
    }),
    regions: [],
    reasonLabels: [],
  } as AnnotationFile;
}

// Condition A: X rated 5 and 4, Y rated 3; w1 spent 10 + 20 s, w2 gave no time.
const A = study("A", [
  ["X_1", "w1", 5, 10],
  ["Y_1", "w1", 3, 20],
  ["X_2", "w2", 4],
]);
// Condition B: X rated 2, 3, 3; Y rated 4, 5.
const B = study("B", [
  ["X_1", "v1", 2],
  ["X_2", "v1", 3],
  ["X_3", "v2", 3],
  ["Y_1", "v2", 4],
  ["Y_2", "v3", 5],
]);

describe("compareConditions, worked by hand", () => {
  const result = compareConditions(
    conditionsOfStudies([
      { file: A, source: "a.json" },
      { file: B, source: "b.json", label: "Pass test" },
    ]),
  );

  test("conditions: raters, ratings and minutes per rater (raters without seconds left out)", () => {
    expect(result.conditions).toEqual([
      // (10 + 20) s of w1 alone: 0.5 minutes
      { label: "A", raters: 2, ratings: 3, minutesPerRater: 0.5 },
      { label: "Pass test", raters: 3, ratings: 5, minutesPerRater: null },
    ]);
  });

  test("per system and condition: mean, the t interval's half width, rank", () => {
    const [x, y] = result.systems;
    expect(x?.system).toBe("X");
    expect(y?.system).toBe("Y");
    // X under A: mean 4.5, sd √0.5, half width t(0.975, 1) · √0.5 / √2 = 12.7062… / 2
    // (the closed form tan(π · 0.475) / 2; SciPy 1.10's t.ppf(0.975, 1) * 0.5 = 6.353102368216048
    // is 1.3e-10 off it); best of A.
    expect(x?.byCondition[0]?.n).toBe(2);
    expect(x?.byCondition[0]?.mean).toBe(4.5);
    expect(x?.byCondition[0]?.ci95HalfWidth).toBeCloseTo(Math.tan(Math.PI * 0.475) / 2, 12);
    expect(x?.byCondition[0]?.rank).toBe(1);
    // X under B: mean 8/3, sd √(1/3), half width t(0.975, 2) / 3 (SciPy: 1.4342175766370915); second.
    expect(x?.byCondition[1]?.mean).toBeCloseTo(8 / 3, 15);
    expect(x?.byCondition[1]?.ci95HalfWidth).toBeCloseTo(
      0.95 / Math.sqrt(2 * 0.975 * 0.025) / 3,
      12,
    );
    expect(x?.byCondition[1]?.rank).toBe(2);
    // Y under A: one rating, no interval.
    expect(y?.byCondition[0]).toEqual({ n: 1, mean: 3, ci95HalfWidth: null, rank: 2 });
    expect(y?.byCondition[1]?.rank).toBe(1);
  });

  test("rankings: Kendall's tau-b between the means (SciPy kendalltau: −1)", () => {
    expect(result.rankings).toEqual([{ a: "A", b: "Pass test", systems: 2, kendallTau: -1 }]);
  });

  test("differences: Mann–Whitney per system with Holm over all", () => {
    // X: A's 5 and 4 rank 5 and 4 in 2, 3, 3, 4, 5 → U = 9 − 3 = 6; one tie of 2:
    // var = 6/12 · (6 − 6/20) = 2.85, z = 3/√2.85 (SciPy: p = 0.07556056752594133).
    // Y: A's 3 ranks 1 in 3, 4, 5 → U = 0, var = 2/12 · 4, z = −1/√(2/3) (SciPy: 0.22067136191984693).
    const [dx, dy] = result.differences;
    expect(dx).toMatchObject({ system: "X", a: "A", b: "Pass test", u: 6, significant: false });
    expect(dx?.p).toBeCloseTo(0.07556056752594133, 12);
    expect(dx?.pHolm).toBeCloseTo(2 * 0.07556056752594133, 12);
    expect(dy).toMatchObject({ system: "Y", u: 0, significant: false });
    expect(dy?.p).toBeCloseTo(0.22067136191984693, 12);
    expect(dy?.pHolm).toBeCloseTo(0.22067136191984693, 12);
  });

  test("a single study's means are the MOS section's to the bit", () => {
    const mos = computeMos(B);
    expect(result.systems[0]?.byCondition[1]?.mean).toBe(mos.bySystem.X?.mean);
    const ci = mos.bySystem.X?.ci95 as [number, number];
    expect(result.systems[0]?.byCondition[1]?.ci95HalfWidth).toBeCloseTo((ci[1] - ci[0]) / 2, 14);
  });
});

describe("ranks, missing systems and significance", () => {
  test("equal means share the smaller rank; a system not rated in a condition has n 0 and nulls", () => {
    const c1: Condition = {
      label: "one",
      ratings: [
        { system: "P", rater: "r", score: 4 },
        { system: "Q", rater: "r", score: 4 },
        { system: "R", rater: "r", score: 2 },
      ],
    };
    const c2: Condition = { label: "two", ratings: [{ system: "P", rater: "s", score: 1 }] };
    const r = compareConditions([c1, c2]);
    expect(r.systems.map((s) => s.byCondition[0]?.rank)).toEqual([1, 1, 3]);
    expect(r.systems[1]?.byCondition[1]).toEqual({
      n: 0,
      mean: null,
      ci95HalfWidth: null,
      rank: null,
    });
    // One shared system: tau-b is null (fewer than 2), as in `asr`.
    expect(r.rankings[0]).toEqual({ a: "one", b: "two", systems: 1, kendallTau: null });
    // Only P is rated in both conditions, so it alone has a difference.
    expect(r.differences.map((d) => d.system)).toEqual(["P"]);
  });

  test("identical ratings give no p (zero variance), and significant stays false", () => {
    const same = (label: string): Condition => ({
      label,
      ratings: [
        { system: "S", rater: "a", score: 3 },
        { system: "S", rater: "b", score: 3 },
      ],
    });
    const r = compareConditions([same("u"), same("v")]);
    expect(r.differences).toEqual([
      { system: "S", a: "u", b: "v", u: 2, p: null, pHolm: null, significant: false },
    ]);
  });

  test("clearly separated ratings differ significantly after Holm", () => {
    const many = (label: string, score: number): Condition => ({
      label,
      ratings: Array.from({ length: 20 }, (_, i) => ({
        system: "S",
        rater: `r${i}`,
        score: score + (i % 2) * 0.5,
      })),
    });
    const r = compareConditions([many("low", 1), many("high", 4)]);
    // All of low's 20 ratings rank below high's: U = 0, z = −200/√(400/12 · (41 − Σ/1560)).
    expect(r.differences[0]?.u).toBe(0);
    expect(r.differences[0]?.significant).toBe(true);
  });
});

describe("Mann–Whitney", () => {
  test("U of the first sample, ties at their mean rank (SciPy: U = 5, p = 0.2109…)", () => {
    // SciPy mannwhitneyu([1, 2, 2, 5], [2, 3, 4, 4, 6], method="asymptotic", use_continuity=False)
    const { u, p } = mannWhitney(Float64Array.of(1, 2, 2, 5), Float64Array.of(2, 3, 4, 4, 6));
    expect(u).toBe(5);
    expect(p).toBeCloseTo(0.21090292605661043, 12);
  });
});

describe("groupings (--by)", () => {
  const annotators: Annotator[] = [
    {
      id: "w1",
      role: "crowd",
      platform: { name: "prolific" },
      profile: { arm: "natural", nativeLanguages: ["vi", "en"] },
      screening: [{ test: "huggins", trials: 6, correct: 2, passed: false }],
    },
    {
      id: "w2",
      role: "crowd",
      platform: { name: "link" },
      profile: { arm: "quality", nativeLanguages: ["en"] },
      screening: [
        { test: "huggins", trials: 6, correct: 2, passed: false },
        { test: "huggins", trials: 6, correct: 6, passed: true },
      ],
    },
    { id: "w3", role: "crowd" },
  ];
  const file = study(
    "G",
    [
      ["X_1", "w1", 5],
      ["Y_1", "w1", 2],
      ["X_2", "w2", 4],
      ["Y_2", "w2", 3],
      ["X_3", "w3", 1],
    ],
    annotators,
  );
  const labels = (by: string) => conditionsByGroup(file, by, "g.json").map((c) => c.label);

  test("platform, arm, screening and intake fields, groups in code-unit order with (none)", () => {
    expect(labels("platform")).toEqual(["(none)", "link", "prolific"]);
    expect(labels("arm")).toEqual(["(none)", "natural", "quality"]);
    // w2's last huggins entry counts: passed.
    expect(labels("screening:huggins")).toEqual(["(none)", "failed", "passed"]);
    // An array's items sorted and joined by ",", as byListenerGroup.
    expect(labels("nativeLanguages")).toEqual(["(none)", "en", "en,vi"]);
    const arm = conditionsByGroup(file, "arm", "g.json");
    expect(arm[1]?.ratings.map((r) => r.score)).toEqual([5, 2]);
  });

  test("a field nobody has, an empty screening test, fewer than two groups: ConditionsError", () => {
    expect(() => labels("country")).toThrow(
      new ConditionsError(
        '--by country: no annotator of g.json has an intake answer "country" (profile.country)',
      ),
    );
    expect(() => labels("screening:natural-pairs")).toThrow(
      /no annotator of g.json has a screening entry of the test "natural-pairs"/,
    );
    expect(() => labels("screening:")).toThrow(/needs a test's name/);
    const onePlatform = study("H", [["X_1", "w1", 5]], [annotators[0] as Annotator]);
    expect(() => conditionsByGroup(onePlatform, "platform", "h.json")).toThrow(
      '--by platform: fewer than two conditions: every rating of h.json is in the group "prolific"',
    );
  });
});

describe("studies as conditions: bad input", () => {
  test("fewer than two studies", () => {
    expect(() => conditionsOfStudies([{ file: A, source: "a.json" }])).toThrow(
      /fewer than two conditions: .*only a\.json/,
    );
  });
  test("studies that share no system name each side's systems", () => {
    const C = study("C", [["Z_1", "u", 3]]);
    expect(() =>
      conditionsOfStudies([
        { file: A, source: "a.json" },
        { file: C, source: "c.json" },
      ]),
    ).toThrow("the conditions share no system: a.json rates X, Y; c.json rates Z");
  });
  test("with three studies, the one sharing no system with the others is named", () => {
    const C = study("C", [["Z_1", "u", 3]]);
    expect(() =>
      conditionsOfStudies([
        { file: A, source: "a.json" },
        { file: C, source: "c.json" },
        { file: B, source: "b.json" },
      ]),
    ).toThrow("c.json shares no system with the other conditions (it rates Z)");
  });
  test("a study without a rating, and two conditions with one label", () => {
    const empty = study("E", []);
    expect(() =>
      conditionsOfStudies([
        { file: A, source: "a.json" },
        { file: empty, source: "e.json" },
      ]),
    ).toThrow("e.json: no rating (no submission has a score) to compare");
    expect(() =>
      conditionsOfStudies([
        { file: A, source: "a.json" },
        { file: A, source: "a2.json" },
      ]),
    ).toThrow('a.json and a2.json are both labelled "A": give each its own label');
  });
  test("ratingsOf reads the MOS section's ratings: clips without a system under (none)", () => {
    const f = study("N", [["X_1", "w", 2]]);
    delete (f.clips[0] as { system?: string }).system;
    expect(ratingsOf(f)).toEqual([{ system: "(none)", rater: "w", score: 2 }]);
  });
});

describe("the groupings a study offers", () => {
  test("platform, arm, each screening test, then the other intake fields", () => {
    expect(
      groupingsOf([
        { id: "a", role: "crowd", profile: { country: "UK", arm: "x", age: null } },
        {
          id: "b",
          role: "crowd",
          platform: { name: "link" },
          screening: [{ test: "huggins", trials: 1, correct: 1, passed: true }],
          profile: { device: "phone" },
        },
        { id: "c", role: "expert" },
      ]),
    ).toEqual(["platform", "arm", "screening:huggins", "country", "device"]);
    expect(groupingsOf([{ id: "c", role: "crowd" }])).toEqual([]);
  });
});
