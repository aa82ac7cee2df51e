import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { exp, ln, log1p } from "../util/math.ts";
import { seededRandom } from "../util/random.ts";
import {
  binsToSpans,
  computeConsensus,
  dawidSkene,
  majorityBins,
  majoritySpans,
} from "./consensus.ts";

const v = (s: string) => Uint8Array.from(s, (c) => (c === "1" ? 1 : 0));

describe("majority vote", () => {
  test("more than half: 2 of 3 yes, 1 of 2 no (a tie is not a majority)", () => {
    expect(Array.from(majorityBins([v("1100"), v("1010"), v("0000")]))).toEqual([1, 0, 0, 0]);
    expect(Array.from(majorityBins([v("1100"), v("0110")]))).toEqual([0, 1, 0, 0]);
    expect(Array.from(majorityBins([v("101")]))).toEqual([1, 0, 1]);
  });

  test("runs of bins become spans; the last bin ends at the clip's end", () => {
    // 0.1 s bins on a 0.45 s clip: bins 0–1 and 4 (the half bin) → 0–0.2 s and 0.4–0.45 s.
    expect(binsToSpans(v("11001"), 100_000, 450_000)).toEqual([
      { start: 0, end: 0.2 },
      { start: 0.4, end: 0.45 },
    ]);
  });

  test("majoritySpans: three annotators on a 1 s clip, 0.1 s bins", () => {
    // a: 0.10–0.45 marks bins 1–4, b: 0.30–0.62 bins 3–6, c: 0.40–0.50 bin 4 only (a region
    // ending at 0.5 s does not mark the bin starting there). Bins 3 (a, b) and 4 (a, b, c) have
    // two or more of three marks; 1, 2 (a only) and 5, 6 (b only) do not.
    const spans = majoritySpans(
      [[{ start: 0.1, end: 0.45 }], [{ start: 0.3, end: 0.62 }], [{ start: 0.4, end: 0.5 }]],
      1,
      0.1,
    );
    expect(spans).toEqual([{ start: 0.3, end: 0.5 }]);
  });
});

describe("Dawid–Skene by EM", () => {
  test("recovers planted sensitivities, specificities and prevalence on a simulated crowd", () => {
    const planted = [
      { se: 0.95, sp: 0.97 },
      { se: 0.85, sp: 0.9 },
      { se: 0.6, sp: 0.95 },
      { se: 0.5, sp: 0.5 }, // a spammer: marks at random
      { se: 0.3, sp: 0.8 },
    ];
    const next = seededRandom("planted crowd");
    const items = 20_000;
    const prevalence = 0.2;
    const patterns = [];
    const truth: number[] = [];
    for (let i = 0; i < items; i++) {
      const y = next() < prevalence ? 1 : 0;
      truth.push(y);
      const votes = planted.map(({ se, sp }) => (y ? (next() < se ? 1 : 0) : next() < sp ? 0 : 1));
      patterns.push({
        annotators: Int32Array.from([0, 1, 2, 3, 4]),
        votes: Uint8Array.from(votes),
        weight: 1,
      });
    }
    const fit = dawidSkene(patterns, planted.length);
    expect(fit.converged).toBe(true);
    expect(fit.prevalence).toBeCloseTo(prevalence, 1);
    planted.forEach(({ se, sp }, w) => {
      expect(Math.abs((fit.sensitivity[w] as number) - se)).toBeLessThan(0.03);
      expect(Math.abs((fit.specificity[w] as number) - sp)).toBeLessThan(0.03);
    });
    // The model beats the majority of five at recovering the truth.
    let modelRight = 0;
    let majorityRight = 0;
    patterns.forEach((p, i) => {
      const y = truth[i] as number;
      if (((fit.posterior[i] as number) > 0.5 ? 1 : 0) === y) modelRight++;
      const marks = p.votes.reduce((s, x) => s + x, 0);
      if ((2 * marks > 5 ? 1 : 0) === y) majorityRight++;
    });
    expect(modelRight).toBeGreaterThan(majorityRight);
    expect(modelRight / items).toBeGreaterThan(0.95);
  });

  test("pooled identical items give the same fit as the items one by one", () => {
    const next = seededRandom("pooled");
    const single = [];
    const counts = new Map<string, number>();
    for (let i = 0; i < 500; i++) {
      const votes = [next() < 0.3 ? 1 : 0, next() < 0.4 ? 1 : 0, next() < 0.35 ? 1 : 0];
      single.push({
        annotators: Int32Array.from([0, 1, 2]),
        votes: Uint8Array.from(votes),
        weight: 1,
      });
      counts.set(votes.join(""), (counts.get(votes.join("")) ?? 0) + 1);
    }
    const pooled = [...counts].map(([key, weight]) => ({
      annotators: Int32Array.from([0, 1, 2]),
      votes: v(key),
      weight,
    }));
    const a = dawidSkene(single, 3);
    const b = dawidSkene(pooled, 3);
    expect(b.prevalence).toBeCloseTo(a.prevalence, 10);
    for (let w = 0; w < 3; w++) {
      expect(b.sensitivity[w]).toBeCloseTo(a.sensitivity[w] as number, 10);
      expect(b.specificity[w]).toBeCloseTo(a.specificity[w] as number, 10);
    }
  });
});

/**
 * Two-class Dawid–Skene by EM as docs/statistics.md states it, one annotator's sums at a time
 * (the reference: no classes of annotators, no combined indexes), stopping by the same rule.
 */
function textbookDawidSkene(patterns: Parameters<typeof dawidSkene>[0], annotators: number) {
  const clamp = (x: number) => Math.min(1 - 1e-6, Math.max(1e-6, x));
  const posterior = patterns.map((p) => p.votes.reduce((s, x) => s + x, 0) / p.votes.length);
  const se = new Array<number>(annotators).fill(0);
  const sp = new Array<number>(annotators).fill(0);
  let prevalence = 0;
  let logLikelihood = Number.NEGATIVE_INFINITY;
  for (let round = 1; round <= 1000; round++) {
    let total = 0;
    let positive = 0;
    const posNum = new Array<number>(annotators).fill(0);
    const posDen = new Array<number>(annotators).fill(0);
    const negNum = new Array<number>(annotators).fill(0);
    const negDen = new Array<number>(annotators).fill(0);
    patterns.forEach((p, i) => {
      const t = (posterior[i] as number) * p.weight;
      const f = (1 - (posterior[i] as number)) * p.weight;
      total += p.weight;
      positive += t;
      p.annotators.forEach((w, j) => {
        posDen[w] = (posDen[w] as number) + t;
        negDen[w] = (negDen[w] as number) + f;
        if (p.votes[j]) posNum[w] = (posNum[w] as number) + t;
        else negNum[w] = (negNum[w] as number) + f;
      });
    });
    prevalence = clamp(total > 0 ? positive / total : 0.5);
    for (let w = 0; w < annotators; w++) {
      se[w] = clamp(
        (posDen[w] as number) > 0 ? (posNum[w] as number) / (posDen[w] as number) : 0.5,
      );
      sp[w] = clamp(
        (negDen[w] as number) > 0 ? (negNum[w] as number) / (negDen[w] as number) : 0.5,
      );
    }
    let sum = 0;
    patterns.forEach((p, i) => {
      let l1 = ln(prevalence);
      let l0 = ln(1 - prevalence);
      p.annotators.forEach((w, j) => {
        l1 += p.votes[j] ? ln(se[w] as number) : ln(1 - (se[w] as number));
        l0 += p.votes[j] ? ln(1 - (sp[w] as number)) : ln(sp[w] as number);
      });
      posterior[i] = 1 / (1 + exp(l0 - l1));
      const high = Math.max(l0, l1);
      sum += p.weight * (high + log1p(exp(Math.min(l0, l1) - high)));
    });
    const previous = logLikelihood;
    logLikelihood = sum / total;
    if (logLikelihood - previous < 1e-10)
      return { prevalence, se, sp, posterior, round, converged: true };
  }
  return { prevalence, se, sp, posterior, round: 1000, converged: false };
}

test("the EM gives the textbook EM's figures to the bit, for crowds of overlapping sets of annotators", () => {
  // Patterns of 1 to 12 votes by up to 30 annotators, drawn from a few sets of annotators (so that
  // some annotators share every set and others do not), of whole and fractional weights.
  const crowd = fc.integer({ min: 1, max: 30 }).chain((annotators) =>
    fc.tuple(
      fc.constant(annotators),
      fc.array(
        fc.uniqueArray(fc.nat(annotators - 1), {
          minLength: 1,
          maxLength: Math.min(12, annotators),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      fc.array(
        fc.record({
          set: fc.nat(),
          votes: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
          weight: fc.oneof(
            fc.integer({ min: 1, max: 500 }),
            fc.double({ min: 0.01, max: 50, noNaN: true }),
          ),
        }),
        { minLength: 1, maxLength: 80 },
      ),
    ),
  );
  fc.assert(
    fc.property(crowd, ([annotators, sets, items]) => {
      const patterns = items.map(({ set, votes, weight }) => {
        const ids = (sets[set % sets.length] as number[]).slice().sort((x, y) => x - y);
        return {
          annotators: Int32Array.from(ids),
          votes: Uint8Array.from(ids, (_, j) => (votes[j] ? 1 : 0)),
          weight,
        };
      });
      const fit = dawidSkene(patterns, annotators);
      const reference = textbookDawidSkene(patterns, annotators);
      // toEqual tells 0 from -0 and compares every double exactly.
      expect(Array.from(fit.posterior)).toEqual(reference.posterior);
      expect(Array.from(fit.sensitivity)).toEqual(reference.se);
      expect(Array.from(fit.specificity)).toEqual(reference.sp);
      expect([fit.prevalence, fit.iterations, fit.converged]).toEqual([
        reference.prevalence,
        reference.round,
        reference.converged,
      ]);
    }),
    { numRuns: 80 },
  );
}, 60_000);

describe("computeConsensus on a study", () => {
  const study = (): AnnotationFile => ({
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [
      { id: "c1", name: "a.wav", duration: 1 },
      { id: "c2", name: "b.wav", duration: 0.5 },
      { id: "c3", name: "c.wav", duration: 0.5 },
    ],
    annotators: [
      { id: "a", role: "crowd" },
      { id: "b", role: "crowd" },
      { id: "c", role: "crowd" },
      { id: "e", role: "expert" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "c" },
      { clipId: "c3", annotatorId: "a" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "a", start: 0.1, end: 0.45 },
      { id: "r2", clipId: "c1", annotatorId: "b", start: 0.3, end: 0.62 },
      { id: "r3", clipId: "c1", annotatorId: "e", start: 0, end: 1 },
      { id: "r4", clipId: "c2", annotatorId: "a", start: 0, end: 0.2 },
    ],
    reasonLabels: [],
  });

  test("clips with two or more crowd annotations only; experts never vote", () => {
    const { summary, clips } = computeConsensus(study(), 0.1);
    // c1 has a, b and c (c submitted without spans); c2 and c3 have one crowd annotation each.
    expect(summary.clips).toBe(1);
    expect(summary.bins).toBe(10);
    expect(clips.map((c) => c.clipId)).toEqual(["c1"]);
    expect(clips[0]?.annotators).toEqual(["a", "b", "c"]);
    // a marks bins 1–4, b bins 3–6, c nothing: only bins 3 and 4 have two of three.
    expect(clips[0]?.majority).toEqual([{ start: 0.3, end: 0.5 }]);
    expect(summary.majorityFraction).toBe(0.2);
    expect(summary.workers.map((w) => w.id)).toEqual(["a", "b", "c"]);
    // a against the majority: n11 = 2, n10 = 2, n01 = 0, n00 = 6: po = 0.8, pa = 0.4,
    // pm = 0.2, pe = 0.08 + 0.48 = 0.56, kappa = 0.24 / 0.44.
    expect(summary.workers[0]?.kappaMajority).toBeCloseTo(0.24 / 0.44, 12);
    // c marks nothing: pe = 0.8·1 … kappa = 0 (po = 0.8 = pe).
    expect(summary.workers[2]?.kappaMajority).toBe(0);
    expect(summary.workers[0]?.bins).toBe(10);
  });

  test("no clip with two crowd annotations: nulls, not NaN", () => {
    const file = study();
    file.regions = file.regions.filter((r) => r.clipId !== "c1");
    file.submissions = [];
    const { summary } = computeConsensus(file, 0.1);
    expect(summary).toEqual({
      clips: 0,
      bins: 0,
      majorityFraction: null,
      modelFraction: null,
      prevalence: null,
      converged: true,
      iterations: 0,
      workers: [],
    });
  });
});

test("annotator classes refined past a renumbering, until no set can tell two annotators apart (the EM to the bit)", () => {
  // Four annotators. {0, 1, 2} and {0, 1} leave the classes {0, 1}, {2}, {3}; {0, 1, 3} takes the
  // class numbers past 4, so they are numbered again (three classes, not every annotator alone:
  // the refinement must go on); only the last set, {0, 3}, tells annotator 0 from annotator 1.
  const sets = [
    [0, 1, 2],
    [0, 1],
    [0, 1, 3],
    [0, 3],
  ];
  const votes = [
    [1, 1, 0],
    [0, 1],
    [1, 0, 1],
    [1, 1],
  ];
  const patterns = sets.flatMap((ids, s) => [
    {
      annotators: Int32Array.from(ids),
      votes: Uint8Array.from(votes[s] as number[]),
      weight: 3 + s,
    },
    { annotators: Int32Array.from(ids), votes: new Uint8Array(ids.length), weight: 5 },
  ]);
  const fit = dawidSkene(patterns, 4);
  const reference = textbookDawidSkene(patterns, 4);
  expect(Array.from(fit.sensitivity)).toEqual(reference.se);
  expect(Array.from(fit.specificity)).toEqual(reference.sp);
  expect(Array.from(fit.posterior)).toEqual(reference.posterior);
  // Annotators 0 and 1 differ only by the last set's patterns.
  expect(fit.sensitivity[0]).not.toBe(fit.sensitivity[1]);
});
