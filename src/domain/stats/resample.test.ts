// Property tests of the resampling estimates: a seed gives the same interval; the interval holds
// the MOS; it narrows as the data grows; the two-way bootstrap is wider than the t interval when
// raters differ. And the "how many stimuli" curve: its widths shrink as sentences are added.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { generateStudy } from "../interchange/generate.ts";
import type { AnnotationFile, Clip, Submission } from "../interchange/types.ts";
import { computeReport } from "./analyze.ts";
import { computeMos } from "./mos.ts";
import { bootstrapErrorTypes, bootstrapMos, quantile, stimuliCurve } from "./resample.ts";

/** `sentences` × 2 systems rated by `raters`; each rater has a bias, each rating some noise. */
function study(sentences: number, raters: number, seed: number): AnnotationFile {
  let x = seed;
  const rnd = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const clips: Clip[] = [];
  const submissions: Submission[] = [];
  const bias = Array.from({ length: raters }, () => Math.floor(rnd() * 3) - 1);
  for (let s = 0; s < sentences; s++) {
    for (const [system, base] of [
      ["A", 4],
      ["B", 2.5],
    ] as const) {
      const id = `${system}${s}`;
      clips.push({ id, name: id, duration: 1, system, sentence: `s${s}` });
      for (let r = 0; r < raters; r++) {
        const score = Math.max(
          1,
          Math.min(5, Math.round(base + (bias[r] as number) + rnd() * 2 - 1)),
        );
        submissions.push({ clipId: id, annotatorId: `r${r}`, score });
      }
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "b", name: "b", binSeconds: 0.1 },
    taxonomy: [],
    clips,
    annotators: [],
    submissions,
    regions: [],
    reasonLabels: [],
  };
}

describe("the two-way bootstrap of the MOS", () => {
  test("numpy's linear quantile", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20], 0.975)).toBeCloseTo(19.75, 12);
  });

  test("property: a seed gives the same interval, and the interval holds the MOS", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 1e6 }),
        (sentences, raters, seed) => {
          const file = study(sentences, raters, seed);
          const a = bootstrapMos(file, { seed: "x", replicates: 200 });
          const b = bootstrapMos(file, { seed: "x", replicates: 200 });
          expect(a).toEqual(b);
          const mos = computeMos(file);
          for (const [system, ci] of Object.entries(a)) {
            const mean = mos.bySystem[system]?.mean as number;
            expect(ci).not.toBeNull();
            expect((ci as [number, number])[0]).toBeLessThanOrEqual(mean + 1e-9);
            expect((ci as [number, number])[1]).toBeGreaterThanOrEqual(mean - 1e-9);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("the order of the file's rows does not matter", () => {
    const file = study(8, 5, 11);
    const reversed = { ...file, submissions: [...file.submissions].reverse() };
    expect(bootstrapMos(reversed, { replicates: 100 })).toEqual(
      bootstrapMos(file, { replicates: 100 }),
    );
  });

  test("it narrows as raters and sentences grow, and is wider than the t interval", () => {
    const width = (f: AnnotationFile) => {
      const ci = bootstrapMos(f, { replicates: 400 }).A as [number, number];
      return ci[1] - ci[0];
    };
    const small = study(5, 4, 7);
    const large = study(40, 16, 7);
    expect(width(large)).toBeLessThan(width(small));
    const t = computeMos(large).bySystem.A?.ci95 as [number, number];
    expect(width(large)).toBeGreaterThan(t[1] - t[0]);
  });
});

describe("how many stimuli", () => {
  test("sizes 5, 10, 20 and all; the t intervals narrow as sentences are added", () => {
    const curve = stimuliCurve(study(30, 6, 3), { draws: 10 });
    expect(curve.map((p) => p.sentences)).toEqual([5, 10, 20, 30]);
    const widths = curve.map((p) => p.ciWidth as number);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThan(widths[i - 1] as number);
    // A and B differ by 1.5 points: with all sentences their p is tiny.
    expect(curve.at(-1)?.pNorm).toBeLessThan(0.01);
    expect(stimuliCurve(study(30, 6, 3), { draws: 10 })).toEqual(curve);
  });
});

describe("bootstrap of the error types and the unnatural length per system", () => {
  const file = generateStudy({ clips: 120, annotators: 3, seed: 5 });
  const boot = bootstrapErrorTypes(file, { replicates: 300 });
  const report = computeReport(file);

  test("each interval holds the figure it resamples (the report's reasons per annotated clip)", () => {
    expect(Object.keys(boot)).toEqual(Object.keys(report.errorTypes.bySystem));
    let checked = 0;
    for (const [system, b] of Object.entries(boot)) {
      for (const [type, ci] of Object.entries(b.perSample)) {
        const value = report.errorTypes.bySystem[system]?.perSample[type];
        if (typeof value !== "number" || ci === null) continue;
        expect(ci[0]).toBeLessThanOrEqual(value + 1e-9);
        expect(ci[1]).toBeGreaterThanOrEqual(value - 1e-9);
        checked++;
      }
      const length = b.length;
      if (length?.ci95) {
        expect(length.ci95[0]).toBeLessThanOrEqual(length.mean + 1e-9);
        expect(length.ci95[1]).toBeGreaterThanOrEqual(length.mean - 1e-9);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("the same seed, any row order: the same intervals", () => {
    const shuffled = {
      ...file,
      submissions: [...file.submissions].reverse(),
      regions: [...file.regions].reverse(),
      reasonLabels: [...file.reasonLabels].reverse(),
    };
    expect(bootstrapErrorTypes(shuffled, { replicates: 300 })).toEqual(boot);
  });
});
