import { describe, expect, test } from "vitest";
import type { AnnotationFile, Judgment, Pair } from "../interchange/types.ts";
import { binomialTwoSided, bradleyTerryFit, computeComparison, wilson } from "./comparison.ts";

describe("the pieces, against hand-worked and published values", () => {
  test("Wilson interval: 7 of 10 (statsmodels' proportion_confint, method wilson)", () => {
    const [lo, hi] = wilson(7, 10);
    expect(lo).toBeCloseTo(0.39677814746114537, 14);
    expect(hi).toBeCloseTo(0.8922087325936989, 14);
    expect(wilson(0, 4)[0]).toBe(0);
    expect(wilson(0, 4)[1]).toBeCloseTo(0.4898908364545974, 14);
  });

  test("exact binomial test: the tail counted by hand", () => {
    // P(X ≤ 2) for n = 10 is (1 + 10 + 45) / 1024; doubled.
    expect(binomialTwoSided(2, 10)).toBe(112 / 1024);
    expect(binomialTwoSided(8, 10)).toBe(112 / 1024);
    expect(binomialTwoSided(0, 5)).toBe(2 / 32);
    expect(binomialTwoSided(5, 10)).toBe(1);
    // SciPy's binomtest(400, 1000).
    expect(binomialTwoSided(400, 1000)).toBeCloseTo(2.728464156065976e-10, 20);
    expect(binomialTwoSided(400, 1000) / 2.728464156065976e-10).toBeCloseTo(1, 10);
  });

  test("Bradley–Terry: the fitted strengths solve the likelihood's equations", () => {
    // Three items; 0 beats 1 three times of four, 1 beats 2 twice of three, 0 and 2 tie once.
    const K = 3;
    const w = new Float64Array([0, 3, 0.5, 1, 0, 2, 0.5, 1, 0]);
    const pi = bradleyTerryFit(w, K).map(Math.exp);
    for (let i = 0; i < K; i++) {
      // W_i + 1 = Σ_j n_ij π_i/(π_i + π_j) + 2π_i/(π_i + 1): expected wins equal wins.
      let wins = 1;
      let expected = (2 * (pi[i] as number)) / ((pi[i] as number) + 1);
      for (let j = 0; j < K; j++) {
        if (j === i) continue;
        wins += w[i * K + j] as number;
        const n = (w[i * K + j] as number) + (w[j * K + i] as number);
        expected += (n * (pi[i] as number)) / ((pi[i] as number) + (pi[j] as number));
      }
      expect(expected).toBeCloseTo(wins, 12);
    }
    // Two items, 3 : 1: with b = 1/a the equations reduce to 2 = 4/(a² + 1) + 2/(a + 1).
    const two = bradleyTerryFit(new Float64Array([0, 3, 1, 0]), 2).map(Math.exp);
    const a = two[0] as number;
    expect((two[0] as number) * (two[1] as number)).toBeCloseTo(1, 13);
    expect(4 / (a * a + 1) + 2 / (a + 1)).toBeCloseTo(2, 13);
  });
});

/** Systems A, B, C on one sentence; side a and b as given. */
function study(
  pairs: Pair[],
  judgments: Judgment[],
  studyExtra: Record<string, unknown> = {},
): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "s", binSeconds: 0.1, task: "compare", ...studyExtra },
    taxonomy: [],
    clips: [
      { id: "a1", name: "a1", duration: 1, system: "A" },
      { id: "b1", name: "b1", duration: 1, system: "B" },
      { id: "c1", name: "c1", duration: 1, system: "C" },
      { id: "a2", name: "a2", duration: 1, system: "A" },
      { id: "h1", name: "h1", duration: 1, system: "human", isReference: true },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "w3", role: "crowd" },
      { id: "asr", role: "asr" },
    ],
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs,
    judgments,
  };
}

describe("the comparison section", () => {
  test("wins are counted by item whichever side shows it; ties, the same item and recognisers apart", () => {
    const file = study(
      [
        { id: "p1", a: "a1", b: "b1" },
        { id: "p2", a: "b1", b: "a1" }, // B on side a
        { id: "p3", a: "a1", b: "a2" }, // A against A
      ],
      [
        { pairId: "p1", annotatorId: "w1", choice: "a" }, // A
        { pairId: "p2", annotatorId: "w1", choice: "b" }, // A
        { pairId: "p2", annotatorId: "w2", choice: "a" }, // B
        { pairId: "p1", annotatorId: "w2", choice: "same" },
        { pairId: "p1", annotatorId: "w3", choice: "a" }, // A
        { pairId: "p3", annotatorId: "w3", choice: "a" }, // same item
        { pairId: "p1", annotatorId: "asr", choice: "b" }, // never counted
      ],
    );
    const c = computeComparison(file);
    expect(c?.judgments).toBe(5);
    expect(c?.sameItem).toBe(1);
    expect(c?.pairs).toHaveLength(1);
    const [row] = c?.pairs ?? [];
    expect(row).toMatchObject({ a: "A", b: "B", judgments: 5, aWins: 3, bWins: 1, same: 1 });
    expect(row?.preferA).toBe(0.75);
    // Binomial: P(X ≤ 1) of 4 = 5/16, doubled; one test, so Holm changes nothing.
    expect(row?.p).toBe(10 / 16);
    expect(row?.pHolm).toBe(10 / 16);
    expect(row?.significant).toBe(false);
    expect(row?.ci95).toEqual(wilson(3, 4));
    expect("meanDiff" in (row ?? {})).toBe(false);
    expect(c?.qualification).toBeNull();
    // A beat B more often: the greater strength, centred so that the two sum to 0.
    const bt = c?.bradleyTerry ?? {};
    expect(bt.A?.rank).toBe(1);
    expect(bt.B?.rank).toBe(2);
    expect((bt.A?.strength ?? 0) + (bt.B?.strength ?? 0)).toBeCloseTo(0, 15);
  });

  test("CCR: a's advantage is the score when a is side b and its negation on side a", () => {
    const file = study(
      [
        { id: "p1", a: "a1", b: "b1" },
        { id: "p2", a: "b1", b: "a1" },
      ],
      [
        { pairId: "p1", annotatorId: "w1", score: -2 }, // A better by 2
        { pairId: "p2", annotatorId: "w1", score: 1 }, // A (side b) better by 1
        { pairId: "p1", annotatorId: "w2", score: 0 }, // a tie
        { pairId: "p2", annotatorId: "w2", score: -3 }, // B (side a) better by 3
      ],
      { comparison: { scale: "ccr" } },
    );
    const [row] = computeComparison(file)?.pairs ?? [];
    // Advantages of A: 2, 1, 0, −3: mean 0, sd √(14/3), t(0.975, 3) = 3.182446305284263.
    expect(row).toMatchObject({ a: "A", b: "B", aWins: 2, bWins: 1, same: 1, meanDiff: 0 });
    expect(row?.sd).toBeCloseTo(Math.sqrt(14 / 3), 14);
    const half = (3.182446305284263 * Math.sqrt(14 / 3)) / 2;
    expect(row?.meanDiffCi95?.[0]).toBeCloseTo(-half, 10);
    expect(row?.meanDiffCi95?.[1]).toBeCloseTo(half, 10);
  });

  test("the same judgments in another order give the same bits", () => {
    const pairs: Pair[] = [
      { id: "p1", a: "a1", b: "b1" },
      { id: "p2", a: "b1", b: "c1" },
    ];
    const scores = [3, -1, 2, 0, -2, 1, 3, -3, 2];
    const judgments: Judgment[] = scores.map((score, k) => ({
      pairId: k % 2 === 0 ? "p1" : "p2",
      annotatorId: ["w1", "w2", "w3"][k % 3] as string,
      score,
    }));
    const unique = judgments.filter(
      (j, i) =>
        judgments.findIndex((x) => x.pairId === j.pairId && x.annotatorId === j.annotatorId) === i,
    );
    const settings = { comparison: { scale: "ccr", replicates: 40 } };
    const forward = JSON.stringify(computeComparison(study(pairs, unique, settings)));
    const backward = JSON.stringify(
      computeComparison(study(pairs, [...unique].reverse(), settings)),
    );
    expect(backward).toBe(forward);
  });

  test("the listener bootstrap: one listener gives every replicate the same strengths", () => {
    const file = study(
      [
        { id: "p1", a: "a1", b: "b1" },
        { id: "p2", a: "b1", b: "c1" },
      ],
      [
        { pairId: "p1", annotatorId: "w1", choice: "a" },
        { pairId: "p2", annotatorId: "w1", choice: "a" },
      ],
      { comparison: { replicates: 50 } },
    );
    const bt = computeComparison(file)?.bradleyTerry ?? {};
    expect(Object.keys(bt)).toEqual(["A", "B", "C"]);
    for (const s of Object.values(bt)) expect(s.ci95).toEqual([s.strength, s.strength]);
    expect([bt.A?.rank, bt.B?.rank, bt.C?.rank]).toEqual([1, 2, 3]);
  });

  test("the bootstrap is seeded: the same seed, the same intervals; another seed, others", () => {
    const judgments: Judgment[] = [];
    const pairs: Pair[] = [
      { id: "p1", a: "a1", b: "b1" },
      { id: "p2", a: "b1", b: "c1" },
    ];
    const annotators = Array.from({ length: 9 }, (_, k) => ({
      id: `v${k}`,
      role: "crowd" as const,
    }));
    annotators.forEach(({ id }, k) => {
      judgments.push({ pairId: "p1", annotatorId: id, choice: k % 3 === 2 ? "b" : "a" });
      judgments.push({ pairId: "p2", annotatorId: id, choice: k % 4 === 0 ? "b" : "same" });
    });
    const run = (seed: string) =>
      computeComparison({ ...study(pairs, judgments, { comparison: { seed } }), annotators });
    const one = run("x");
    const again = run("x");
    const other = run("y");
    expect(again?.bradleyTerry).toEqual(one?.bradleyTerry);
    expect(other?.bradleyTerry).not.toEqual(one?.bradleyTerry);
  });

  test("the pre-test: accuracy per participant, a histogram, and the pairs kept out of the figures", () => {
    const file = study(
      [
        { id: "q1", a: "h1", b: "a1" },
        { id: "q2", a: "b1", b: "h1" },
      ],
      [
        { pairId: "q1", annotatorId: "w1", choice: "a" },
        { pairId: "q2", annotatorId: "w1", choice: "b" }, // 2 of 2
        { pairId: "q1", annotatorId: "w2", choice: "b" },
        { pairId: "q2", annotatorId: "w2", choice: "b" }, // 1 of 2
        { pairId: "q1", annotatorId: "w3", choice: "a" }, // 1 of 1
        { pairId: "q1", annotatorId: "asr", choice: "a" }, // not a participant
      ],
      { task: "rate", qualification: { pairs: ["q1", "q2"] } },
    );
    const c = computeComparison(file);
    expect(c).toEqual({
      scale: "ab",
      judgments: 0,
      sameItem: 0,
      pairs: [],
      bradleyTerry: {},
      qualification: {
        pairs: 2,
        passAccuracy: 0.7,
        participants: 3,
        passed: 2,
        histogram: [
          { accuracy: 0.5, participants: 1 },
          { accuracy: 1, participants: 2 },
        ],
      },
    });
  });

  test("items named like Object.prototype members are ordinary items", () => {
    const file = study(
      [{ id: "p1", a: "a1", b: "b1" }],
      [
        { pairId: "p1", annotatorId: "w1", choice: "a" },
        { pairId: "p1", annotatorId: "w2", choice: "a" },
      ],
      { comparison: { replicates: 10 } },
    );
    file.clips = file.clips.map((c) =>
      c.id === "a1"
        ? { ...c, system: "__proto__" }
        : c.id === "b1"
          ? { ...c, system: "constructor" }
          : c,
    );
    const c = computeComparison(file);
    const json = JSON.parse(JSON.stringify(c));
    expect(Object.keys(json.bradleyTerry)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(json.bradleyTerry, "__proto__")?.value.rank).toBe(1);
    expect(json.pairs[0]).toMatchObject({ a: "__proto__", b: "constructor", aWins: 2 });
  });

  test("null without judgments and without a pre-test", () => {
    expect(computeComparison(study([], []))).toBeNull();
    expect(
      computeComparison({ ...study([], []), pairs: undefined, judgments: undefined }),
    ).toBeNull();
  });

  test("Holm over the pairs and the study's alpha", () => {
    const pairs: Pair[] = [
      { id: "p1", a: "a1", b: "b1" },
      { id: "p2", a: "a1", b: "c1" },
    ];
    const annotators = Array.from({ length: 6 }, (_, k) => ({
      id: `v${k}`,
      role: "crowd" as const,
    }));
    const judgments: Judgment[] = annotators.flatMap((a) => [
      { pairId: "p1", annotatorId: a.id, choice: "a" as const },
      { pairId: "p2", annotatorId: a.id, choice: a.id === "v0" ? ("b" as const) : ("a" as const) },
    ]);
    const file = { ...study(pairs, judgments, { comparison: { alpha: 0.1 } }), annotators };
    const rows = computeComparison(file)?.pairs ?? [];
    // 6 of 6: p = 2/64; 5 of 6: p = 14/64. Holm: 2 · 2/64, then max(4/64, 14/64).
    expect(rows.map((r) => [r.b, r.p, r.pHolm, r.significant])).toEqual([
      ["B", 2 / 64, 4 / 64, true],
      ["C", 14 / 64, 14 / 64, false],
    ]);
  });
});
