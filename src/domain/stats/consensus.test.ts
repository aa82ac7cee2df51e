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

type Patterns = Parameters<typeof dawidSkene>[0];

/**
 * One round of two-class Dawid–Skene by EM as docs/statistics.md states it, from the posteriors
 * given: the M-step one annotator's sums at a time, the E-step vote by vote (the reference: no
 * classes of annotators, no sets, no marks). Also each item's log joints l1 (unnatural) and l0.
 */
function textbookRound(patterns: Patterns, annotators: number, start: readonly number[]) {
  const clamp = (x: number) => Math.min(1 - 1e-6, Math.max(1e-6, x));
  let total = 0;
  let positive = 0;
  const posNum = new Array<number>(annotators).fill(0);
  const posDen = new Array<number>(annotators).fill(0);
  const negNum = new Array<number>(annotators).fill(0);
  const negDen = new Array<number>(annotators).fill(0);
  patterns.forEach((p, i) => {
    const t = (start[i] as number) * p.weight;
    const f = (1 - (start[i] as number)) * p.weight;
    total += p.weight;
    positive += t;
    p.annotators.forEach((w, j) => {
      posDen[w] = (posDen[w] as number) + t;
      negDen[w] = (negDen[w] as number) + f;
      if (p.votes[j]) posNum[w] = (posNum[w] as number) + t;
      else negNum[w] = (negNum[w] as number) + f;
    });
  });
  const prevalence = clamp(total > 0 ? positive / total : 0.5);
  const se = posDen.map((d, w) => clamp(d > 0 ? (posNum[w] as number) / d : 0.5));
  const sp = negDen.map((d, w) => clamp(d > 0 ? (negNum[w] as number) / d : 0.5));
  const l1s: number[] = [];
  const l0s: number[] = [];
  const posterior: number[] = [];
  let sum = 0;
  for (const p of patterns) {
    let l1 = ln(prevalence);
    let l0 = ln(1 - prevalence);
    p.annotators.forEach((w, j) => {
      l1 += p.votes[j] ? ln(se[w] as number) : ln(1 - (se[w] as number));
      l0 += p.votes[j] ? ln(1 - (sp[w] as number)) : ln(sp[w] as number);
    });
    l1s.push(l1);
    l0s.push(l0);
    posterior.push(1 / (1 + exp(l0 - l1)));
    const high = Math.max(l0, l1);
    sum += p.weight * (high + log1p(exp(Math.min(l0, l1) - high)));
  }
  return { prevalence, se, sp, posterior, l1: l1s, l0: l0s, logLikelihood: sum / total };
}

/** The soft majority: each item's share of marks, where the EM starts. */
const softMajority = (patterns: Patterns) =>
  patterns.map((p) => p.votes.reduce((s, x) => s + x, 0) / p.votes.length);

/** The textbook EM: rounds from the soft majority, stopping by the same rule as the EM. */
function textbookDawidSkene(patterns: Patterns, annotators: number) {
  let posterior = softMajority(patterns);
  let logLikelihood = Number.NEGATIVE_INFINITY;
  for (let round = 1; ; round++) {
    const fit = textbookRound(patterns, annotators, posterior);
    const gain = fit.logLikelihood - logLikelihood;
    if (gain < 1e-10 || round === 1000) return { ...fit, round, converged: gain < 1e-10 };
    posterior = fit.posterior;
    logLikelihood = fit.logLikelihood;
  }
}

/**
 * Rounding: u = 2⁻⁵³, and γ(n) = n·u / (1 − n·u) (Higham), which bounds the relative error of n
 * roundings in a row: a sum of n + 1 numbers is within γ(n) times the sum of their sizes. Every
 * log term of an item is at most Λ = −ln 10⁻⁶ in size (se, sp and the prevalence stay in
 * [10⁻⁶, 1 − 10⁻⁶]), so an item's log joint of m votes at most (m + 1)·Λ.
 */
const U = 2 ** -53;
const gamma = (n: number) => (n * U) / (1 - n * U);
const LAMBDA = -ln(1e-6);

/**
 * How far one EM round may be from the textbook's round from the same posteriors (P patterns),
 * from the rounding of their sums in their different orders; nothing carried over from round
 * to round, so the bound is tight:
 * - the prevalence and the sensitivities: the same additions in the same order (a class's sums
 *   are each of its annotators' sums; the unnatural shares of the items an annotator marked are
 *   the textbook's posNum), so equal to the bit;
 * - a specificity: the textbook divides the sum of the natural shares of the unmarked items
 *   (within γ(P) of it, relatively), the EM subtracts those of the marked items from all of them
 *   (each within γ(P)·negDen): |Δsp| ≤ 3γ(P) + 4u (the subtraction and divisions); its logs
 *   ln sp and ln(1 − sp) then move by at most δ_w = Δsp / (min(sp, 1 − sp) − Δsp), plus 4u·Λ
 *   for rounding the logs of two different numbers;
 * - an item's log joints of m votes: the textbook adds m + 1 terms (error ≤ γ(m)·(m + 1)·Λ);
 *   the EM adds a set's m terms, the prior and up to m changes, each a difference of two logs
 *   (error ≤ γ(2m + 1)·(3m + 1)·Λ + m·2u·Λ): with that e_m, |Δl1| ≤ e_m and |Δl0| ≤ e_m + Σ δ_w
 *   over the item's annotators;
 * - its posterior 1 / (1 + e^(l0 − l1)), whose slope in l0 − l1 is p(1 − p): moves by at most
 *   (p(1 − p) + D)·D + 8u, with D = |Δl1| + |Δl0| (the second order within D·D) and 8u for
 *   exp, the sum and the division of each;
 * - the log-likelihood per item, Σ weight·ll / Σ weight with ll = max + log1p(e^(min − max))
 *   (1-Lipschitz in l1 and l0, evaluated within 4u·(|ll| + 1)), summed in the same order:
 *   within (Σ weight·(max(|Δl1|, |Δl0|) + 4u·(|ll| + 1)) + 2γ(P + 1)·Σ weight·|ll|) / Σ weight
 *   + 2u·|LL|.
 * With 12 votes and specificities away from 10⁻⁶, about 2e-12 on the log joints.
 */
function roundBounds(patterns: Patterns, reference: ReturnType<typeof textbookRound>) {
  const P = patterns.length;
  const dsp = 3 * gamma(P) + 4 * U;
  const delta = reference.sp.map((sp) => dsp / (Math.min(sp, 1 - sp) - dsp) + 4 * U * LAMBDA);
  const posterior: number[] = [];
  let total = 0;
  let spread = 0;
  let size = 0;
  patterns.forEach((p, i) => {
    const m = p.annotators.length;
    const order = (gamma(m) * (m + 1) + gamma(2 * m + 1) * (3 * m + 1) + 2 * m * U) * LAMBDA;
    let dl0 = order;
    for (const w of p.annotators) dl0 += delta[w] as number;
    const D = order + dl0;
    const post = reference.posterior[i] as number;
    posterior.push((post * (1 - post) + D) * D + 8 * U);
    const l1 = reference.l1[i] as number;
    const l0 = reference.l0[i] as number;
    const ll = Math.abs(Math.max(l0, l1) + log1p(exp(Math.min(l0, l1) - Math.max(l0, l1))));
    total += p.weight;
    spread += p.weight * (dl0 + 4 * U * (ll + 1));
    size += p.weight * ll;
  });
  const logLikelihood =
    (spread + 2 * gamma(P + 1) * size) / total + 2 * U * Math.abs(reference.logLikelihood);
  return { specificity: dsp, posterior, logLikelihood };
}

/** Each figure within its bound (a number: the same for all), naming the first one outside. */
function expectWithin(
  what: string,
  actual: ArrayLike<number>,
  expected: readonly number[],
  bound: number | readonly number[],
) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    const b = typeof bound === "number" ? bound : (bound[i] as number);
    if (!(Math.abs(a - e) <= b)) expect({ what, i, a, e, bound: b }).toBeUndefined();
  }
}

/** One EM round from `start` against the textbook's round from it, within roundBounds. */
function expectRoundAsTextbook(patterns: Patterns, annotators: number, start: readonly number[]) {
  const fit = dawidSkene(patterns, annotators, { posterior: start, maxRounds: 1 });
  const reference = textbookRound(patterns, annotators, start);
  const bounds = roundBounds(patterns, reference);
  expect(fit.iterations).toBe(1);
  expect(fit.prevalence).toBe(reference.prevalence);
  expect(Array.from(fit.sensitivity)).toEqual(reference.se);
  expectWithin("specificity", fit.specificity, reference.sp, bounds.specificity);
  expectWithin("posterior", fit.posterior, reference.posterior, bounds.posterior);
  expectWithin(
    "log-likelihood",
    [fit.logLikelihood],
    [reference.logLikelihood],
    bounds.logLikelihood,
  );
}

/**
 * Crowds of patterns of 1 to 12 votes by up to 30 annotators, drawn from a few sets of
 * annotators (so that some annotators share every set and others do not), of whole and
 * fractional weights.
 */
const crowds = fc
  .integer({ min: 1, max: 30 })
  .chain((annotators) =>
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
  )
  .map(([annotators, sets, items]) => ({
    annotators,
    patterns: items.map(({ set, votes, weight }) => {
      const ids = (sets[set % sets.length] as number[]).slice().sort((x, y) => x - y);
      return {
        annotators: Int32Array.from(ids),
        votes: Uint8Array.from(ids, (_, j) => (votes[j] ? 1 : 0)),
        weight,
      };
    }),
  }));

test("one EM round from any posteriors is the textbook's round, within the rounding of the sums' orders", () => {
  const startsAnywhere = fc.tuple(
    crowds,
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 80, maxLength: 80 }),
  );
  fc.assert(
    fc.property(startsAnywhere, ([{ annotators, patterns }, posteriors]) => {
      expectRoundAsTextbook(patterns, annotators, posteriors.slice(0, patterns.length));
      // And from the soft majority, where the EM starts.
      expectRoundAsTextbook(patterns, annotators, softMajority(patterns));
    }),
    { numRuns: 200 },
  );
}, 60_000);

test("no EM round lowers the log-likelihood per item by more than its rounding; the rounds one at a time are the run's", () => {
  fc.assert(
    fc.property(crowds, ({ annotators, patterns }) => {
      const fit = dawidSkene(patterns, annotators);
      // EM's defining property: L(θ_k+1) ≥ L(θ_k). The clamps keep it (each M-step's objective
      // is concave in each parameter, so the clamped maximum is the maximum over the clamped
      // range). Computed, each L is within E of its exact value (roundBounds's terms for the EM's
      // own sums, with m = 12 votes, P patterns, and each log term's rounding 2u·Λ):
      // E = (γ(2m + 1)·(3m + 1) + 6(m + 1)·u)·Λ + 4u·((m + 1)·Λ + 2) + (γ(P + 1) + u)·((m + 1)·Λ + 1),
      // so a round may show a fall of at most 2E (about 6.5e-12 for 80 patterns). The rounding of
      // the posteriors and parameters it is taken at moves L only to the second order.
      const m = 12;
      const P = patterns.length;
      const E =
        (gamma(2 * m + 1) * (3 * m + 1) + 6 * (m + 1) * U) * LAMBDA +
        4 * U * ((m + 1) * LAMBDA + 2) +
        (gamma(P + 1) + U) * ((m + 1) * LAMBDA + 1);
      let round = dawidSkene(patterns, annotators, { maxRounds: 1 });
      for (let k = 2; k <= fit.iterations; k++) {
        const next = dawidSkene(patterns, annotators, { posterior: round.posterior, maxRounds: 1 });
        if (!(next.logLikelihood >= round.logLikelihood - 2 * E)) {
          expect({ k, before: round.logLikelihood, after: next.logLikelihood }).toBeUndefined();
        }
        // The run stops at the first round that gains less than 10⁻¹⁰.
        const gain = next.logLikelihood - round.logLikelihood;
        if (k < fit.iterations) expect(gain).toBeGreaterThanOrEqual(1e-10);
        else expect(gain < 1e-10).toBe(fit.converged);
        round = next;
      }
      // Rounds one at a time from the last one's posteriors take the same sums as the run.
      expect(round.posterior).toEqual(fit.posterior);
      expect(round.sensitivity).toEqual(fit.sensitivity);
      expect(round.specificity).toEqual(fit.specificity);
      expect([round.prevalence, round.logLikelihood]).toEqual([fit.prevalence, fit.logLikelihood]);
    }),
    { numRuns: 80 },
  );
}, 120_000);

test("on planted crowds of informative annotators, the EM's full fit is the textbook's to 1e-9, in the same rounds", () => {
  // A maximum the EM converges to quickly is stable: each round's rounding (≈ 1e-12,
  // roundBounds) shrinks in the rounds after it instead of growing, so the fits stay far
  // closer than 1e-9 and stop at the same round (unless a gain lands within that rounding of
  // 10⁻¹⁰, which these seeds do not). Crowds of 3 to 8 annotators of se 0.65–0.95 and sp
  // 0.7–0.98 (prevalence 0.1–0.4), each item heard by all of them or by one of two overlapping
  // halves, identical items pooled.
  for (let c = 0; c < 8; c++) {
    const next = seededRandom(`planted crowd ${c}`);
    const A = 3 + Math.floor(next() * 6);
    const planted = Array.from({ length: A }, () => ({
      se: 0.65 + 0.3 * next(),
      sp: 0.7 + 0.28 * next(),
    }));
    const prevalence = 0.1 + 0.3 * next();
    const half = Math.ceil(A / 2) + 1;
    const all = Array.from({ length: A }, (_, w) => w);
    const sets = [all, all.slice(0, half), all.slice(A - half)];
    const pooled = new Map<string, { annotators: Int32Array; votes: Uint8Array; weight: number }>();
    for (let i = 0; i < 4000; i++) {
      const set = sets[Math.floor(next() * sets.length)] as number[];
      const y = next() < prevalence;
      const votes = set.map((w) => {
        const { se, sp } = planted[w] as { se: number; sp: number };
        return (y ? next() < se : next() >= sp) ? 1 : 0;
      });
      const key = `${set.join(",")}/${votes.join("")}`;
      const known = pooled.get(key);
      if (known) known.weight++;
      else
        pooled.set(key, {
          annotators: Int32Array.from(set),
          votes: Uint8Array.from(votes),
          weight: 1,
        });
    }
    const patterns = [...pooled.values()];
    const fit = dawidSkene(patterns, A);
    const reference = textbookDawidSkene(patterns, A);
    expect([fit.converged, fit.iterations]).toEqual([true, reference.round]);
    expect(reference.converged).toBe(true);
    expectWithin("posterior", fit.posterior, reference.posterior, 1e-9);
    expectWithin("sensitivity", fit.sensitivity, reference.se, 1e-9);
    expectWithin("specificity", fit.specificity, reference.sp, 1e-9);
    expectWithin("prevalence", [fit.prevalence], [reference.prevalence], 1e-9);
  }
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

test("annotator classes refined past a renumbering, until no set can tell two annotators apart (each round the textbook's)", () => {
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
  // Every round of the fit, from the EM's own posteriors, is the textbook's round within the
  // rounding of the sums' orders (a class's sums summed wrong would move whole sensitivities).
  const fit = dawidSkene(patterns, 4);
  let posterior = softMajority(patterns);
  for (let k = 1; k <= fit.iterations; k++) {
    expectRoundAsTextbook(patterns, 4, posterior);
    posterior = Array.from(dawidSkene(patterns, 4, { posterior, maxRounds: 1 }).posterior);
  }
  // Annotators 0 and 1 differ only by the last set's patterns.
  expect(fit.sensitivity[0]).not.toBe(fit.sensitivity[1]);
});
