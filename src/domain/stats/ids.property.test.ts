// Ids that are also names on Object.prototype ("__proto__", "constructor", "toString", …) are
// ordinary ids: the report of a study using them must be the report of the same study with the
// ids renamed to harmless ones, with the keys mapped back, and nothing may vanish.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { analyze, computeReport } from "./analyze.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import type { ErrorTypeCounts, Report } from "./report.ts";

/** Names Object.prototype has, and ordinary ids; all sort after "(none)" in code-unit order. */
const RISKY = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
];
const POOL = [...RISKY, "a1", "B2", "w3", "x"];

/** Order-preserving renames: the i-th id of POOL in code-unit order becomes `s0i`. */
const SORTED = [...POOL].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
const SAFE = new Map(SORTED.map((id, i) => [id, `s${String(i).padStart(2, "0")}`]));
const BACK = new Map([...SAFE].map(([id, safe]) => [safe, id]));
const safe = (id: string): string => SAFE.get(id) ?? id;
const back = (id: string): string => BACK.get(id) ?? id;

const pick = (n: number) => POOL[n % POOL.length] as string;

const study = fc
  .record({
    taxonomy: fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 4 }),
    clips: fc.uniqueArray(
      fc.record({
        id: fc.nat(),
        duration: fc.integer({ min: 100_000, max: 2_000_000 }),
        system: fc.option(fc.nat(), { nil: undefined }),
        sentence: fc.option(fc.nat(), { nil: undefined }),
        score: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        isReference: fc.boolean(),
      }),
      { selector: (c) => pick(c.id), minLength: 1, maxLength: 6 },
    ),
    annotators: fc.uniqueArray(fc.nat(), {
      selector: pick,
      minLength: 1,
      maxLength: 5,
    }),
    regions: fc.array(
      fc.record({
        clip: fc.nat(),
        annotator: fc.nat(),
        start: fc.integer({ min: 0, max: 1_900_000 }),
        length: fc.integer({ min: 1, max: 800_000 }),
        reasons: fc.uniqueArray(fc.nat(), { maxLength: 3, selector: (n) => n % 4 }),
      }),
      { maxLength: 14 },
    ),
    submissions: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 5 })), {
      maxLength: 8,
    }),
  })
  .map((s): AnnotationFile => {
    const taxonomy = [...new Set(s.taxonomy.map(pick))];
    const clipIds = s.clips.map((c) => pick(c.id));
    const annotatorIds = s.annotators.map(pick);
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "s", name: "s", binSeconds: 0.1 },
      taxonomy: taxonomy.map((id) => ({ id, label: id })),
      clips: s.clips.map((c, i) => ({
        id: clipIds[i] as string,
        name: `${i}.wav`,
        duration: c.duration / 1e6,
        ...(c.system === undefined ? {} : { system: pick(c.system) }),
        ...(c.sentence === undefined ? {} : { sentence: pick(c.sentence) }),
        ...(c.score === undefined ? {} : { score: c.score }),
        isReference: c.isReference,
      })),
      annotators: annotatorIds.map((id) => ({ id, role: "crowd" as const })),
      submissions: [],
      regions: [],
      reasonLabels: [],
    };
    const seen = new Set<string>();
    for (const [c, a, score] of s.submissions) {
      const clipId = clipIds[c % clipIds.length] as string;
      const annotatorId = annotatorIds[a % annotatorIds.length] as string;
      const key = JSON.stringify([clipId, annotatorId]);
      if (seen.has(key)) continue;
      seen.add(key);
      file.submissions.push({ clipId, annotatorId, score });
    }
    s.regions.forEach((r, i) => {
      // Region ids come from the pool too (one "__proto__" region at most), then numbered ones.
      const id = i < POOL.length ? (POOL[(i * 7) % POOL.length] as string) : `r${i}`;
      const annotatorId = annotatorIds[r.annotator % annotatorIds.length] as string;
      file.regions.push({
        id,
        clipId: clipIds[r.clip % clipIds.length] as string,
        annotatorId,
        start: r.start / 1e6,
        end: (r.start + r.length) / 1e6,
      });
      const reasons = [...new Set(r.reasons.map((n) => taxonomy[n % taxonomy.length] as string))];
      if (reasons.length > 0) file.reasonLabels.push({ regionId: id, annotatorId, reasons });
    });
    return file;
  });

/** The same study with every id (and system, sentence, taxonomy id) renamed by `f`. */
function renamed(file: AnnotationFile, f: (id: string) => string): AnnotationFile {
  return {
    ...file,
    taxonomy: file.taxonomy.map((t) => ({ ...t, id: f(t.id) })),
    clips: file.clips.map((c) => ({
      ...c,
      id: f(c.id),
      ...(c.system === undefined ? {} : { system: f(c.system) }),
      ...(c.sentence === undefined ? {} : { sentence: f(c.sentence) }),
    })),
    annotators: file.annotators.map((a) => ({ ...a, id: f(a.id) })),
    submissions: file.submissions.map((s) => ({
      ...s,
      clipId: f(s.clipId),
      annotatorId: f(s.annotatorId),
    })),
    regions: file.regions.map((r) => ({
      ...r,
      id: f(r.id),
      clipId: f(r.clipId),
      annotatorId: f(r.annotatorId),
    })),
    reasonLabels: file.reasonLabels.map((l) => ({
      ...l,
      regionId: f(l.regionId),
      annotatorId: f(l.annotatorId),
      reasons: l.reasons.map(f),
    })),
  };
}

/** An object with exactly these own keys (Object.fromEntries defines "__proto__" as own). */
const keyed = <T>(entries: [string, T][]): Record<string, T> => Object.fromEntries(entries);

function countsBack(counts: ErrorTypeCounts): ErrorTypeCounts {
  return {
    clips: counts.clips,
    perSample: keyed(Object.entries(counts.perSample).map(([k, v]) => [back(k), v])),
  };
}

/** A report of the renamed study with its ids mapped back to the originals. */
function reportBack(report: Report): Report {
  return {
    ...report,
    agreement: {
      ...report.agreement,
      pairs: report.agreement.pairs.map((p) => ({ ...p, a: back(p.a), b: back(p.b) })),
    },
    errorTypes: {
      overall: countsBack(report.errorTypes.overall),
      bySystem: keyed(
        Object.entries(report.errorTypes.bySystem).map(([k, v]) => [back(k), countsBack(v)]),
      ),
    },
    annotators: report.annotators.map((a) => ({ ...a, id: back(a.id) })),
    mos: {
      bySystem: keyed(Object.entries(report.mos.bySystem).map(([k, v]) => [back(k), v])),
      pairs: report.mos.pairs.map((p) => ({ ...p, a: back(p.a), b: back(p.b) })),
      anova: report.mos.anova,
    },
    intelligibility: report.intelligibility,
    consensus: {
      ...report.consensus,
      workers: report.consensus.workers.map((w) => ({ ...w, id: back(w.id) })),
    },
    expertAgreement: {
      pairs: report.expertAgreement.pairs.map((p) => ({
        ...p,
        a: back(p.a),
        b: back(p.b),
        byReason: keyed(Object.entries(p.byReason).map(([k, v]) => [back(k), v])),
      })),
      overall: report.expertAgreement.overall,
      byReason: keyed(
        Object.entries(report.expertAgreement.byReason).map(([k, v]) => [back(k), v]),
      ),
    },
  };
}

/**
 * The ANOVA's sums follow the levels' code-unit order, which renaming changes: its figures agree
 * to rounding, not to the bit. Checks them so, then takes the expected rows.
 */
function settleAnova(report: Report, expected: Report): Report {
  expect(report.mos.anova.length).toBe(expected.mos.anova.length);
  report.mos.anova.forEach((row, i) => {
    const other = expected.mos.anova[i] as (typeof expected.mos.anova)[number];
    for (const key of ["F", "p", "partialEtaSq"] as const) {
      const a = row[key];
      const b = other[key];
      if (a === null || b === null) expect(a).toBe(b);
      else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
    }
  });
  return { ...report, mos: { ...report.mos, anova: expected.mos.anova } };
}

describe("ids that are Object.prototype names", () => {
  test("the report equals the report with safe ids, keys mapped back; nothing vanishes", () => {
    fc.assert(
      fc.property(study, (file) => {
        const expected = reportBack(computeReport(renamed(file, safe)));
        const report = settleAnova(computeReport(file), expected);
        expect(report).toEqual(expected);
        // toEqual looks at own enumerable keys: also check the key lists themselves.
        const systems = new Set(file.clips.map((c) => c.system ?? NO_SYSTEM));
        expect(Object.keys(report.errorTypes.bySystem).sort()).toEqual([...systems].sort());
        const taxonomy = file.taxonomy.map((t) => t.id).sort();
        for (const group of [
          report.errorTypes.overall,
          ...Object.values(report.errorTypes.bySystem),
        ])
          expect(Object.keys(group.perSample).sort()).toEqual(taxonomy);
        expect(report.annotators.map((a) => a.id).sort()).toEqual(
          file.annotators.map((a) => a.id).sort(),
        );
        // What `stats --json` prints and the download saves: every key survives JSON.
        expect(JSON.parse(JSON.stringify(report))).toEqual(expected);
        expect(JSON.stringify(report)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });

  test("analyze: clip rows and scatter points are those of the renamed study", () => {
    fc.assert(
      fc.property(study, (file) => {
        const analysis = analyze(file);
        const other = analyze(renamed(file, safe));
        const expected = reportBack(other.report);
        expect(settleAnova(analysis.report, expected)).toEqual(expected);
        expect(analysis.clips).toEqual(
          other.clips.map((c) => ({
            ...c,
            clipId: back(c.clipId),
            ...(c.system === undefined ? {} : { system: back(c.system) }),
            ...(c.sentence === undefined ? {} : { sentence: back(c.sentence) }),
          })),
        );
        expect(analysis.scatter).toEqual(
          other.scatter.map((p) => ({
            ...p,
            clipId: back(p.clipId),
            ...(p.system === undefined ? {} : { system: back(p.system) }),
          })),
        );
        expect(analysis.fit).toEqual(other.fit);
      }),
      { numRuns: 150 },
    );
  });

  test("a system and a reason named __proto__ keep their place in the error types", () => {
    // Hand-worked: one clip of system "__proto__", annotated, one region labelled with the
    // reason "__proto__" twice over (two experts) → 2 reasons / 1 annotated clip = 2.
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "s", name: "s", binSeconds: 0.1 },
      taxonomy: [
        { id: "__proto__", label: "p" },
        { id: "toString", label: "t" },
      ],
      clips: [
        { id: "constructor", name: "a.wav", duration: 1, system: "__proto__" },
        { id: "valueOf", name: "b.wav", duration: 1, system: "toString" },
      ],
      annotators: [
        { id: "__proto__", role: "crowd" },
        { id: "hasOwnProperty", role: "expert" },
        { id: "toString", role: "expert" },
      ],
      submissions: [],
      regions: [
        { id: "__proto__", clipId: "constructor", annotatorId: "__proto__", start: 0, end: 0.2 },
      ],
      reasonLabels: [
        { regionId: "__proto__", annotatorId: "hasOwnProperty", reasons: ["__proto__"] },
        { regionId: "__proto__", annotatorId: "toString", reasons: ["__proto__", "toString"] },
      ],
    };
    const report = computeReport(file);
    expect(Object.keys(report.errorTypes.bySystem)).toEqual(["__proto__", "toString"]);
    expect(JSON.parse(JSON.stringify(report.errorTypes))).toEqual(
      JSON.parse(
        '{"overall":{"clips":1,"perSample":{"__proto__":2,"toString":1}},"bySystem":{"__proto__":{"clips":1,"perSample":{"__proto__":2,"toString":1}},"toString":{"clips":0,"perSample":{"__proto__":null,"toString":null}}}}',
      ),
    );
    expect(report.annotators.map((a) => [a.id, a.annotations, a.regions])).toEqual([
      ["__proto__", 1, 1],
      ["hasOwnProperty", 0, 0],
      ["toString", 0, 0],
    ]);
  });
});

test("a term with no effect is F = 0, p = 1 whatever the ids (a study fast-check once found)", () => {
  // The sentence term's SS is a difference of two equal residual sums: rounding noise of 1e-16,
  // whose sign and size followed the ids' order, moved p by 1.3e-8 before noise was taken as 0.
  const file = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "s", binSeconds: 0.1 },
    taxonomy: [{ id: "__proto__", label: "__proto__" }],
    clips: [
      { id: "__proto__", name: "0.wav", duration: 0.1, isReference: false },
      { id: "constructor", name: "1.wav", duration: 0.1, system: "__proto__", isReference: false },
      {
        id: "toString",
        name: "2.wav",
        duration: 0.1,
        system: "__proto__",
        sentence: "a1",
        isReference: false,
      },
      {
        id: "hasOwnProperty",
        name: "3.wav",
        duration: 0.1,
        system: "valueOf",
        sentence: "a1",
        isReference: false,
      },
      { id: "valueOf", name: "4.wav", duration: 0.1, system: "valueOf", isReference: false },
    ],
    annotators: [
      { id: "__proto__", role: "crowd" },
      { id: "constructor", role: "crowd" },
      { id: "toString", role: "crowd" },
      { id: "hasOwnProperty", role: "crowd" },
    ],
    submissions: [
      { clipId: "toString", annotatorId: "__proto__", score: 1 },
      { clipId: "hasOwnProperty", annotatorId: "__proto__", score: 1 },
      { clipId: "toString", annotatorId: "constructor", score: 5 },
      { clipId: "valueOf", annotatorId: "__proto__", score: 2 },
      { clipId: "hasOwnProperty", annotatorId: "constructor", score: 3 },
      { clipId: "toString", annotatorId: "toString", score: 4 },
    ],
    regions: [],
    reasonLabels: [],
  } as AnnotationFile;
  const expected = reportBack(computeReport(renamed(file, safe)));
  const report = settleAnova(computeReport(file), expected);
  expect(report).toEqual(expected);
  expect(expected.mos.anova[1]).toMatchObject({ term: "sentence", F: 0, p: 1, partialEtaSq: 0 });
});
