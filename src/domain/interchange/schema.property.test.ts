import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { IdIndex, PairIndex } from "./indexes.ts";
import { formatPath } from "./problems.ts";
import {
  AnnotationFileSchema,
  ClipSchema,
  issueMessage,
  parseAnnotationFile,
  parseAnnotationText,
  plainClip,
  plainReasonLabel,
  plainRegion,
  plainSubmission,
  ReasonLabelSchema,
  RegionSchema,
  SubmissionSchema,
  serializeAnnotationFile,
} from "./schema.ts";

const id = fc.string({ minLength: 1, maxLength: 5 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
const iso = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z") })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString());

/** Drops keys whose value is undefined, as JSON would. */
function clean<T extends object>(o: T): T {
  return JSON.parse(JSON.stringify(o)) as T;
}

/** Arbitrary valid interchange files (as plain JSON values), some regions ending past their clip. */
const validFile = fc
  .record({
    taxonomy: fc.uniqueArray(
      fc.record({ id, label: fc.string({ maxLength: 8 }), description: maybe(fc.string()) }),
      { selector: (t) => t.id, minLength: 1, maxLength: 5 },
    ),
    clips: fc.uniqueArray(
      fc.record({
        id,
        name: fc.string({ maxLength: 8 }),
        duration: fc.double({ min: 0.01, max: 100, noNaN: true }),
        system: maybe(fc.string({ maxLength: 4 })),
        sentence: maybe(fc.string({ maxLength: 4 })),
        score: maybe(finite),
        isReference: maybe(fc.boolean()),
        uri: maybe(fc.string({ maxLength: 8 })),
      }),
      { selector: (c) => c.id, minLength: 1, maxLength: 6 },
    ),
    annotators: fc.uniqueArray(
      fc.record({ id, role: fc.constantFrom("crowd", "expert", "researcher") }),
      { selector: (a) => a.id, minLength: 1, maxLength: 4 },
    ),
    study: fc.record({
      id,
      name: fc.string({ maxLength: 8 }),
      binSeconds: maybe(fc.double({ min: 0.001, max: 2, noNaN: true })),
      extra: fc.dictionary(
        fc.string({ maxLength: 6 }).filter((k) => !["id", "name", "binSeconds"].includes(k)),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
    }),
    exportedAt: maybe(iso),
    submissions: fc.array(
      fc.record({
        c: fc.nat(),
        a: fc.nat(),
        completedAt: maybe(iso),
        score: maybe(finite),
        playCount: maybe(fc.nat(50)),
        seconds: maybe(fc.double({ min: 0, max: 1e4, noNaN: true })),
      }),
      { maxLength: 10 },
    ),
    regions: fc.array(
      fc.record({
        c: fc.nat(),
        a: fc.nat(),
        from: fc.double({ min: 0, max: 0.999, noNaN: true }),
        length: fc.double({ min: 0.001, max: 50, noNaN: true }),
      }),
      { maxLength: 12 },
    ),
    labels: fc.array(
      fc.record({
        r: fc.nat(),
        a: fc.nat(),
        reasons: fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 3 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map((g) => {
    const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
    const pairs = new Set<string>();
    const submissions = g.submissions.flatMap(({ c, a, ...rest }) => {
      const clipId = pick(g.clips, c).id;
      const annotatorId = pick(g.annotators, a).id;
      const key = JSON.stringify([clipId, annotatorId]);
      if (pairs.has(key)) return [];
      pairs.add(key);
      return [{ clipId, annotatorId, ...rest }];
    });
    const regions = g.regions.map(({ c, a, from, length }, i) => {
      const clip = pick(g.clips, c);
      const start = clip.duration * from;
      return {
        id: `r${i}`,
        clipId: clip.id,
        annotatorId: pick(g.annotators, a).id,
        start,
        end: start + length, // may run past the clip: clamped on reading
      };
    });
    const labelPairs = new Set<string>();
    const reasonLabels =
      regions.length === 0
        ? []
        : g.labels.flatMap(({ r, a, reasons }) => {
            const regionId = pick(regions, r).id;
            const annotatorId = pick(g.annotators, a).id;
            const key = JSON.stringify([regionId, annotatorId]);
            if (labelPairs.has(key)) return [];
            labelPairs.add(key);
            const ids = [...new Set(reasons.map((k) => pick(g.taxonomy, k).id))];
            return [{ regionId, annotatorId, reasons: ids }];
          });
    const { extra, ...study } = g.study;
    return clean({
      format: "redpen-annotations",
      version: 1,
      exportedAt: g.exportedAt,
      study: { ...extra, ...study },
      taxonomy: g.taxonomy,
      clips: g.clips,
      annotators: g.annotators,
      submissions,
      regions,
      reasonLabels,
    });
  });

describe("parse → serialize → parse", () => {
  test("is the identity on arbitrary valid files (both layouts)", () => {
    fc.assert(
      fc.property(validFile, (data) => {
        const first = parseAnnotationText(JSON.stringify(data));
        if (!first.ok) throw new Error(JSON.stringify(first.errors));
        for (const layout of ["pretty", "lines"] as const) {
          const second = parseAnnotationText(serializeAnnotationFile(first.file, { layout }));
          if (!second.ok) throw new Error(JSON.stringify(second.errors));
          expect(second.file).toEqual(first.file);
          expect(second.warnings).toEqual([]); // already clamped
        }
      }),
      { numRuns: 300 },
    );
  });

  test("every clamped region is reported once and ends at its clip's duration", () => {
    fc.assert(
      fc.property(validFile, (data) => {
        const result = parseAnnotationText(JSON.stringify(data));
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        const durations = new Map(data.clips.map((c) => [c.id, c.duration]));
        const past = data.regions.flatMap((r, i) =>
          r.end > (durations.get(r.clipId) as number) ? [`regions[${i}].end`] : [],
        );
        expect(result.warnings.map((w) => w.path)).toEqual(past.slice(0, 100));
        for (const r of result.file.regions) {
          expect(r.end).toBeLessThanOrEqual(durations.get(r.clipId) as number);
          expect(r.end).toBeGreaterThan(r.start);
        }
      }),
    );
  });
});

/** A valid file with a few random edits: a field set to any JSON value, removed, or added. */
const editedFile = fc
  .tuple(
    validFile,
    fc.array(
      fc.record({
        section: fc.constantFrom(
          "taxonomy",
          "clips",
          "annotators",
          "submissions",
          "regions",
          "reasonLabels",
          "study",
        ),
        index: fc.nat(),
        key: fc.constantFrom(
          "id",
          "name",
          "duration",
          "start",
          "end",
          "clipId",
          "role",
          "reasons",
          "score",
          "label",
          "extra",
          "binSeconds",
        ),
        value: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([file, edits]) => {
    const data = JSON.parse(JSON.stringify(file)) as Record<string, unknown>;
    for (const { section, index, key, value } of edits) {
      const target = data[section];
      const rec = (Array.isArray(target) ? target[index % Math.max(1, target.length)] : target) as
        | Record<string, unknown>
        | undefined;
      if (rec === undefined) continue;
      if (value === undefined) delete rec[key];
      else rec[key] = value;
    }
    return data;
  });

describe("record-by-record parsing agrees with the whole-file schema", () => {
  test("same verdict, every structural issue reported, same output", () => {
    fc.assert(
      fc.property(editedFile, (data) => {
        const before = JSON.stringify(data);
        const ours = parseAnnotationFile(data);
        expect(JSON.stringify(data)).toBe(before); // the input is never modified
        const whole = AnnotationFileSchema.safeParse(data, { reportInput: true });
        if (!whole.success) {
          expect(ours.ok).toBe(false);
          if (ours.ok) return;
          const lines = ours.errors.map((p) => `${p.path}: ${p.message}`);
          if (lines.length <= 100) {
            for (const issue of whole.error.issues) {
              expect(lines).toContain(`${formatPath(issue.path)}: ${issueMessage(issue)}`);
            }
          }
          return;
        }
        if (!ours.ok) return; // a cross-field rule is broken
        const durations = new Map(whole.data.clips.map((c) => [c.id, c.duration]));
        const expected = {
          ...whole.data,
          // An end past the clip is clamped; a region starting at or past the clip's end
          // would be empty after clamping, so it is kept unchanged (and warned about).
          regions: whole.data.regions.map((r) => {
            const duration = durations.get(r.clipId) as number;
            return r.start >= duration ? r : { ...r, end: Math.min(r.end, duration) };
          }),
        };
        expect(ours.file).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

test("CI counterexample: a region starting at its clip's end is kept unchanged, with a warning", () => {
  const data = {
    format: "redpen-annotations",
    version: 1,
    study: { id: " ", name: "" },
    taxonomy: [{ id: " ", label: "" }],
    clips: [{ id: " ", name: "", duration: 5e-324 }],
    annotators: [{ id: " ", role: "crowd" }],
    submissions: [],
    regions: [{ id: "r0", clipId: " ", annotatorId: " ", start: 5e-324, end: 0.001 }],
    reasonLabels: [],
  };
  const ours = parseAnnotationFile(data);
  if (!ours.ok) throw new Error(JSON.stringify(ours.errors));
  expect(ours.file.regions[0]).toEqual(data.regions[0]);
  expect(ours.warnings.map((w) => w.path)).toEqual(["regions[0].start"]);
});

describe("lookup structures agree with a plain Map, whatever the order", () => {
  test("IdIndex", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 1200 }),
        fc.boolean(),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }),
        (ids, sort, queries) => {
          const list = sort ? [...new Set(ids)].sort() : ids;
          const index = new IdIndex();
          const model = new Map<string, number>();
          list.forEach((key, i) => {
            expect(index.add(key, i)).toBe(model.get(key));
            if (!model.has(key)) model.set(key, i);
            // Lookups between additions too (the position Map must follow new ids).
            expect(index.get(key)).toBe(model.get(key));
            expect(index.get(queries[i % Math.max(1, queries.length)] ?? "")).toBe(
              model.get(queries[i % Math.max(1, queries.length)] ?? ""),
            );
          });
          expect(index.size).toBe(model.size);
          for (const q of [...queries, ...list]) expect(index.get(q)).toBe(model.get(q));
        },
      ),
    );
  });

  test("PairIndex", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(6), fc.nat(4)), { maxLength: 60 }),
        fc.boolean(),
        (pairs, huge) => {
          // A huge x range (2^20 × 2^8 pairs) takes the Set instead of the bitset.
          const index = huge
            ? new PairIndex(pairs.length, 2 ** 20, 2 ** 8)
            : new PairIndex(pairs.length, 7, 5);
          const model = new Map<string, number>();
          pairs.forEach(([x, y], i) => {
            const key = `${x},${y}`;
            expect(index.firstAt(i, x, y)).toBe(model.get(key));
            if (!model.has(key)) model.set(key, i);
          });
        },
      ),
    );
  });
});

describe("records checked without zod are records the schema takes unchanged", () => {
  // Values near every rule's edge: empty and control-character strings, negative zero and
  // negatives, fractions where integers belong, unsafe integers, dates the format refuses.
  const anyValue = fc.oneof(
    fc.constantFrom(
      "",
      "a",
      "x\u0001y",
      "2026-11-01T09:01:14.000Z",
      "2026-11-01",
      "2026-13-01T00:00:00Z",
      0,
      -0,
      -1,
      0.5,
      3,
      2 ** 53,
      true,
      false,
      null,
      [],
      ["a"],
      [""],
      {},
    ),
    fc.string({ maxLength: 6 }),
    finite,
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  );
  const validValue: Record<string, fc.Arbitrary<unknown>> = {
    completedAt: iso,
    score: finite,
    playCount: fc.nat(),
    seconds: fc.double({ min: 0, max: 100, noNaN: true }),
    heardToEnd: fc.boolean(),
    transcript: fc.string({ maxLength: 8 }),
    start: fc.double({ min: 0, max: 100, noNaN: true }),
    end: finite,
    reasons: fc.array(id, { maxLength: 3 }),
    name: fc.string({ maxLength: 6 }),
    duration: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(-0)),
    system: fc.string({ maxLength: 3 }),
    sentence: fc.string({ maxLength: 3 }),
    uri: fc.string({ maxLength: 3 }),
    isReference: fc.boolean(),
    text: fc.oneof(fc.string({ maxLength: 8 }), fc.constant("x".repeat(10_001))),
  };
  // Each key absent, valid (mostly) or anything; sometimes a key the schema would strip.
  const recordOf = (keys: string[]) =>
    fc.record(
      Object.fromEntries(
        [...keys, "extra"].map((k) => [
          k,
          fc.oneof(
            { arbitrary: validValue[k] ?? id, weight: 4 },
            { arbitrary: anyValue, weight: 1 },
          ),
        ]),
      ),
      { requiredKeys: [] },
    );
  const cases = [
    {
      name: "clips",
      plain: plainClip,
      schema: ClipSchema,
      keys: Object.keys(ClipSchema.shape),
    },
    {
      name: "submissions",
      plain: plainSubmission,
      schema: SubmissionSchema,
      keys: Object.keys(SubmissionSchema.shape),
    },
    {
      name: "regions",
      plain: plainRegion,
      schema: RegionSchema,
      keys: Object.keys(RegionSchema.shape),
    },
    {
      name: "reason labels",
      plain: plainReasonLabel,
      schema: ReasonLabelSchema,
      keys: Object.keys(ReasonLabelSchema.shape),
    },
  ];
  for (const { name, plain, schema, keys } of cases) {
    test(name, () => {
      let accepted = 0;
      fc.assert(
        fc.property(recordOf(keys), (item) => {
          const parsed = schema.safeParse(item);
          if (plain(item)) {
            accepted++;
            expect(parsed.success).toBe(true);
            expect(parsed.data).toEqual(item);
          }
        }),
        { numRuns: 3000 },
      );
      // The generator reaches the accepting side too.
      expect(accepted).toBeGreaterThan(0);
    });
  }

  test("a valid clip and submission with every field, and refusals at each rule's edge", () => {
    const valid = {
      clipId: "c1",
      annotatorId: "a1",
      completedAt: "2026-11-01T09:01:14.000Z",
      score: 4.5,
      playCount: 0,
      seconds: 0,
      heardToEnd: true,
      transcript: "the cat",
    };
    expect(plainSubmission(valid)).toBe(true);
    for (const [key, value] of [
      ["clipId", ""],
      ["completedAt", "2026-11-01"],
      ["playCount", 1.5],
      ["playCount", -1],
      ["seconds", -0.5],
      ["heardToEnd", 1],
      ["transcript", "a\u0007b"],
      ["extra", 1],
    ] as const) {
      const item = { ...valid, [key]: value };
      expect(plainSubmission(item)).toBe(false);
    }
    const clip = {
      id: "c1",
      name: "c1.wav",
      duration: 2.5,
      system: "S0",
      sentence: "t1",
      score: 3,
      isReference: false,
      uri: "c1.wav",
      text: "the cat",
    };
    expect(plainClip(clip)).toBe(true);
    for (const [key, value] of [
      ["id", ""],
      ["name", 1],
      ["duration", 0],
      ["duration", Number.POSITIVE_INFINITY],
      ["score", -0],
      ["isReference", "yes"],
      ["text", "x".repeat(10_001)],
      ["extra", 1],
    ] as const) {
      expect(plainClip({ ...clip, [key]: value })).toBe(false);
    }
    expect(plainClip({ id: "c1", duration: 1 })).toBe(false);
    expect(plainRegion({ id: "r", clipId: "c", annotatorId: "a", start: 0, end: 1 })).toBe(true);
    expect(plainRegion({ id: "r", clipId: "c", annotatorId: "a", start: -1, end: 1 })).toBe(false);
    expect(plainRegion({ id: "r", clipId: "c", annotatorId: "a", start: 0 })).toBe(false);
    expect(plainReasonLabel({ regionId: "r", annotatorId: "a", reasons: [] })).toBe(true);
    expect(plainReasonLabel({ regionId: "r", annotatorId: "a", reasons: [""] })).toBe(false);
  });
});
