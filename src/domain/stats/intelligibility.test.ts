import fc from "fast-check";
import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { errorCounts } from "../transcripts/align.ts";
import { tokensOf } from "../transcripts/normalise.ts";
import { seededRandom } from "../util/random.ts";
import {
  bootstrapInterval,
  computeIntelligibility,
  groupValue,
  indistinguishableGroups,
  kendallTauB,
  packedSums,
} from "./intelligibility.ts";

function study(): AnnotationFile {
  const clip = (id: string, system: string) => ({
    id,
    name: `${id}.wav`,
    duration: 2,
    system,
    sentence: "s1",
    text: "The cat sat.",
  });
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "t", name: "t", binSeconds: 0.1, task: "transcribe" },
    taxonomy: [],
    clips: [clip("A1", "A"), clip("B1", "B"), { id: "X", name: "x.wav", duration: 1 }],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "asr", role: "asr", engine: "test" },
    ],
    submissions: [
      { clipId: "A1", annotatorId: "w1", transcript: "the cat sat" },
      { clipId: "B1", annotatorId: "w1", transcript: "The cat" },
      { clipId: "A1", annotatorId: "w2", transcript: "a cat sat" },
      { clipId: "B1", annotatorId: "w2", transcript: "the bat sat on" },
      { clipId: "A1", annotatorId: "asr", transcript: "the cat sat" },
      { clipId: "B1", annotatorId: "asr", transcript: "the cat sad" },
      { clipId: "X", annotatorId: "w1", transcript: "no text to score against" },
    ],
    regions: [],
    reasonLabels: [],
  };
}

test("docs/statistics.md's hand-worked example", () => {
  const out = computeIntelligibility(study());
  expect(out).not.toBeNull();
  if (!out) return;
  expect(out.scored).toBe(4);
  expect(out.unscored).toBe(1);
  // A: 0 + 1 (cat/a) errors on 6 tokens; B: 1 deletion + 1 substitution + 1 insertion.
  expect(out.bySystem.A).toEqual({
    transcripts: 2,
    listeners: 2,
    stimuli: 1,
    refTokens: 6,
    errors: 1,
    substitutions: 1,
    deletions: 0,
    insertions: 0,
    wer: 1 / 6,
    meanWer: 1 / 6,
    ci95: [1 / 6, 1 / 6],
  });
  expect(out.bySystem.B).toMatchObject({
    errors: 3,
    substitutions: 1,
    deletions: 1,
    insertions: 1,
  });
  expect(out.bySystem.B?.wer).toBe(0.5);
  // One stimulus: the exact signed-rank p of one difference is 1.
  expect(out.pairs).toEqual([
    {
      a: "A",
      b: "B",
      stimuli: 1,
      meanDiff: -0.333333333,
      w: 0,
      p: 1,
      pHolm: 1,
      significant: false,
    },
  ]);
  expect(out.groups).toEqual([["A", "B"]]);
  expect(out.stimuliCurve).toEqual([{ k: 1, systems: 2, meanWidth: 0, sdWidth: 0 }]);
  expect(out.asr.asr?.bySystem).toEqual({
    A: { transcripts: 1, refTokens: 3, errors: 0, wer: 0 },
    B: { transcripts: 1, refTokens: 3, errors: 1, wer: 1 / 3 },
  });
  expect(out.asr.asr?.kendallTau).toBe(1);
  expect(out.byListenerGroup).toBeUndefined();
});

test("nothing scored: null (a transcribe study without texts)", () => {
  const file = study();
  file.clips = file.clips.map(({ text: _text, ...c }) => c);
  expect(computeIntelligibility(file)).toBeNull();
});

test("the same figures whatever the order of the submissions", () => {
  const file = study();
  const forward = computeIntelligibility(file);
  file.submissions.reverse();
  expect(computeIntelligibility(file)).toEqual(forward);
});

test("groups: every maximal run of systems with no significant pair, once", () => {
  const sig = new Set(["A|C", "B|D"]);
  const significant = (a: string, b: string) => sig.has(`${a}|${b}`) || sig.has(`${b}|${a}`);
  expect(indistinguishableGroups(["A", "B", "C", "D"], significant)).toEqual([
    ["A", "B"],
    ["B", "C"],
    ["C", "D"],
  ]);
  expect(indistinguishableGroups(["A", "B"], () => true)).toEqual([["A"], ["B"]]);
  expect(indistinguishableGroups(["A", "B", "C"], () => false)).toEqual([["A", "B", "C"]]);
});

test("Kendall's tau-b, with ties; null without variance", () => {
  expect(kendallTauB([1, 2, 3], [1, 3, 2])).toBeCloseTo(1 / 3, 15);
  expect(kendallTauB([1, 1, 2], [1, 2, 3])).toBeCloseTo(2 / Math.sqrt(6), 15);
  expect(kendallTauB([1, 1], [1, 2])).toBeNull();
  expect(kendallTauB([1], [1])).toBeNull();
});

test("a listener's group as text", () => {
  expect(groupValue(["vi", "en"])).toBe("en,vi");
  expect(groupValue(undefined)).toBe("(none)");
  expect(groupValue(true)).toBe("true");
});

/**
 * The bootstrap's pooled WERs drawn the plain way, from seededRandom (the reference the inlined
 * generator is checked against): `replicates` resamples of k stimuli, sorted.
 */
function referenceWers(
  sums: { errors: Float64Array; refTokens: Float64Array },
  k: number,
  replicates: number,
  seed: string,
): number[] {
  const m = sums.errors.length;
  const g = seededRandom(seed);
  const values: number[] = [];
  for (let b = 0; b < replicates; b++) {
    let e = 0;
    let n = 0;
    for (let d = 0; d < k; d++) {
      const i = Math.floor(g() * m);
      e += sums.errors[i] as number;
      n += sums.refTokens[i] as number;
    }
    values.push(e / n);
  }
  return values.sort((x, y) => x - y);
}

test("the bootstrap's inlined generator draws exactly what seededRandom draws", () => {
  const sums = {
    ids: ["a", "b", "c", "d", "e"],
    errors: Float64Array.from([0, 1, 2, 5, 3]),
    refTokens: Float64Array.from([4, 6, 5, 7, 9]),
  };
  for (const [k, seed] of [
    [5, "redpen/A"],
    [40, "golden/N/40"],
    [3, "ÿ/系统"],
  ] as const) {
    const values = referenceWers(sums, k, 200, seed);
    expect(bootstrapInterval(sums, k, 200, seed)).toEqual([values[4], values[194]]);
  }
});

test("the bootstrap draws as seededRandom does for any m and k (four draws at a time, and the rest)", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(40), { minLength: 1, maxLength: 700 }),
      fc.oneof(fc.integer({ min: 1, max: 61 }), fc.integer({ min: 590, max: 650 })),
      fc.string(),
      (errorList, k, seed) => {
        const sums = {
          errors: Float64Array.from(errorList),
          refTokens: Float64Array.from(errorList, (e, i) => e + 1 + (i % 7)),
        };
        const values = referenceWers(sums, k, 40, seed);
        expect(bootstrapInterval(sums, k, 40, seed)).toEqual([values[0], values[38]]);
      },
    ),
    { numRuns: 300 },
  );
});

test("the bootstrap's ends are the sorted values' at their ranks, for any number of replicates", () => {
  fc.assert(
    fc.property(
      // Few distinct errors and tokens: many replicates share a value.
      fc.array(fc.nat(3), { minLength: 1, maxLength: 30 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 1200 }),
      fc.string(),
      (errorList, k, replicates, seed) => {
        const sums = {
          errors: Float64Array.from(errorList),
          refTokens: Float64Array.from(errorList, (e, i) => e + 1 + (i % 2)),
        };
        const values = referenceWers(sums, k, replicates, seed);
        expect(bootstrapInterval(sums, k, replicates, seed)).toEqual([
          values[Math.ceil(0.025 * replicates) - 1],
          values[Math.ceil(0.975 * replicates) - 1],
        ]);
      },
    ),
    { numRuns: 300 },
  );
});

test("the bootstrap's packed sums and its two separate sums give the same interval", () => {
  // Near the packing's limits: 1,000 draws of up to 2,097 tokens and 4,294,967 errors pack;
  // one token more, or one error more, and the bootstrap sums the two arrays separately.
  const ids = ["a", "b", "c", "d"];
  const packs = {
    ids,
    errors: Float64Array.of(0, 4294967, 1, 77),
    refTokens: Float64Array.of(2097, 5, 2000, 80),
  };
  const tooManyTokens = { ...packs, refTokens: Float64Array.of(2098, 5, 2000, 80) };
  const tooManyErrors = { ...packs, errors: Float64Array.of(0, 4294968, 1, 77) };
  const fractional = { ...packs, errors: Float64Array.of(0.5, 4294967, 1, 77) };
  expect(packedSums(packs, 1000)).not.toBeNull();
  expect(packedSums(tooManyTokens, 1000)).toBeNull();
  expect(packedSums(tooManyErrors, 1000)).toBeNull();
  expect(packedSums(fractional, 1000)).toBeNull();
  // The same sums, scaled down so both pack, against the reference computed by hand-written
  // separate sums (the test above's way).
  for (const sums of [packs, tooManyTokens, tooManyErrors]) {
    const g = seededRandom("pack");
    const values: number[] = [];
    for (let b = 0; b < 100; b++) {
      let e = 0;
      let n = 0;
      for (let d = 0; d < 1000; d++) {
        const i = Math.floor(g() * 4);
        e += sums.errors[i] as number;
        n += sums.refTokens[i] as number;
      }
      values.push(e / n);
    }
    values.sort((x, y) => x - y);
    expect(bootstrapInterval(sums, 1000, 100, "pack")).toEqual([values[2], values[97]]);
  }
});

test("listeners are told apart by id: one listed twice counts once, one not listed counts too", () => {
  const file = study();
  // w2 listed again (its last record is the one that counts, as for roles: still a listener),
  // and a transcript from "w0", whom the annotators do not list (a file not validated).
  file.annotators.push({ id: "w2", role: "crowd" });
  file.submissions.push({ clipId: "A1", annotatorId: "w0", transcript: "the cat" });
  const out = computeIntelligibility(file);
  expect(out?.scored).toBe(5);
  expect(out?.bySystem.A?.listeners).toBe(3);
  expect(out?.bySystem.A?.transcripts).toBe(3);
  expect(out?.bySystem.B?.listeners).toBe(2);
  // The recogniser stays a recogniser.
  expect(Object.keys(out?.asr ?? {})).toEqual(["asr"]);
  // The ANOVA's listener factor has three levels (w0, w1, w2).
  const listenerModel = out?.anova.filter((row) => row.model === "listener") ?? [];
  expect(listenerModel.find((row) => row.term === "listener")?.df).toBe(2);
});

test("each system's sums are its transcripts' own counts, aligned one by one", () => {
  // Random SUS-like studies: systems × sentences, listeners transcribing some clips with words
  // dropped, swapped or added; each system's totals against each transcript scored on its own
  // (align.ts on normalise.ts's words).
  const vocabulary = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "far", "o'clock"];
  const studies = fc
    .record({
      systems: fc.integer({ min: 1, max: 4 }),
      sentences: fc.integer({ min: 1, max: 6 }),
      listeners: fc.integer({ min: 1, max: 8 }),
      seed: fc.integer(),
      replicates: fc.integer({ min: 1, max: 30 }),
    })
    .map(({ systems, sentences, listeners, seed, replicates }): AnnotationFile => {
      const next = seededRandom(String(seed));
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
      const texts = Array.from({ length: sentences }, () =>
        Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(vocabulary)),
      );
      const clips: AnnotationFile["clips"] = [];
      for (let s = 0; s < systems; s++) {
        for (let t = 0; t < sentences; t++) {
          clips.push({
            id: `S${s}_${t}`,
            name: `S${s}_${t}.wav`,
            duration: 2,
            system: `S${s}`,
            sentence: `t${t}`,
            text: (texts[t] as string[]).join(" "),
          });
        }
      }
      const submissions: AnnotationFile["submissions"] = [];
      for (const clip of clips) {
        for (let l = 0; l < listeners; l++) {
          if (next() < 0.4) continue;
          const words = (clip.text as string).split(" ").filter(() => next() > 0.2);
          if (next() < 0.3) words.push(pick(vocabulary));
          if (next() < 0.3 && words.length > 0) words[0] = pick(vocabulary);
          submissions.push({
            clipId: clip.id,
            annotatorId: `L${l}`,
            transcript: words.join(" "),
          });
        }
      }
      return {
        format: "redpen-annotations",
        version: 1,
        study: {
          id: "t",
          name: "t",
          binSeconds: 0.1,
          task: "transcribe",
          transcription: { replicates },
        },
        taxonomy: [],
        clips,
        annotators: Array.from({ length: listeners }, (_, l) => ({
          id: `L${l}`,
          role: "crowd" as const,
        })),
        submissions,
        regions: [],
        reasonLabels: [],
      };
    });
  fc.assert(
    fc.property(studies, (file) => {
      const out = computeIntelligibility(file);
      const expected = new Map<
        string,
        {
          transcripts: number;
          refTokens: number;
          errors: number;
          substitutions: number;
          deletions: number;
          insertions: number;
          wers: number[];
        }
      >();
      for (const s of file.submissions) {
        const clip = file.clips.find((c) => c.id === s.clipId);
        const ref = tokensOf(clip?.text ?? "");
        if (clip === undefined || ref.length === 0 || s.transcript === undefined) continue;
        const counts = errorCounts(ref, tokensOf(s.transcript));
        const system = clip.system as string;
        const e = expected.get(system) ?? {
          transcripts: 0,
          refTokens: 0,
          errors: 0,
          substitutions: 0,
          deletions: 0,
          insertions: 0,
          wers: [],
        };
        e.transcripts++;
        e.refTokens += ref.length;
        e.errors += counts.errors;
        e.substitutions += counts.substitutions;
        e.deletions += counts.deletions;
        e.insertions += counts.insertions;
        e.wers.push(counts.errors / ref.length);
        expected.set(system, e);
      }
      expect(Object.keys(out?.bySystem ?? {}).sort()).toEqual([...expected.keys()].sort());
      for (const [system, e] of expected) {
        const got = out?.bySystem[system];
        expect(got).toMatchObject({
          transcripts: e.transcripts,
          refTokens: e.refTokens,
          errors: e.errors,
          substitutions: e.substitutions,
          deletions: e.deletions,
          insertions: e.insertions,
        });
        expect(got?.wer).toBeCloseTo(e.errors / e.refTokens, 12);
        expect(got?.meanWer).toBeCloseTo(e.wers.reduce((x, y) => x + y, 0) / e.wers.length, 12);
      }
    }),
    { numRuns: 60 },
  );
});
