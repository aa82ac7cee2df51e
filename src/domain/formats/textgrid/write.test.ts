import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { exportFixture } from "../../export/fixture.test-data.ts";
import { foreignToInterchange } from "../toInterchange.ts";
import { parseTextGrid } from "./read.ts";
import { NO_REASONS_TIER, textGridFiles, tierIntervals, toTextGrid, UNLABELLED } from "./write.ts";

/**
 * A small reader of Praat's long TextGrid format, written from Praat's documentation and
 * independent of the writer: it checks the header, each tier's size lines and that the
 * intervals of a tier run from its xmin to its xmax without gap or overlap.
 */
function readTextGrid(text: string) {
  const lines = text.split("\n");
  let at = 0;
  const next = (pattern: RegExp): RegExpMatchArray => {
    const line = lines[at++] ?? "";
    const m = line.trim().match(pattern);
    if (!m) throw new Error(`line ${at}: expected ${pattern}, got ${JSON.stringify(line)}`);
    return m;
  };
  const num = String.raw`(-?\d+(?:\.\d+)?(?:e-?\d+)?)`;
  const str = '"((?:[^"]|"")*)"';
  next(/^File type = "ooTextFile"$/);
  next(/^Object class = "TextGrid"$/);
  next(/^$/);
  const xmin = Number(next(new RegExp(`^xmin = ${num}$`))[1]);
  const xmax = Number(next(new RegExp(`^xmax = ${num}$`))[1]);
  if (next(/^tiers\? <(exists|absent)>$/)[1] === "absent") return { xmin, xmax, tiers: [] };
  const size = Number(next(/^size = (\d+)$/)[1]);
  next(/^item \[\]:$/);
  const tiers: { name: string; intervals: { xmin: number; xmax: number; text: string }[] }[] = [];
  const points: { name: string; points: { time: number; mark: string }[] }[] = [];
  for (let t = 1; t <= size; t++) {
    next(new RegExp(`^item \\[${t}\\]:$`));
    if (next(/^class = "(IntervalTier|TextTier)"$/)[1] === "TextTier") {
      const name = (next(new RegExp(`^name = ${str}$`))[1] ?? "").replace(/""/g, '"');
      next(new RegExp(`^xmin = ${num}$`));
      next(new RegExp(`^xmax = ${num}$`));
      const n = Number(next(/^points: size = (\d+)$/)[1]);
      const list = [];
      for (let i = 1; i <= n; i++) {
        next(new RegExp(`^points \\[${i}\\]:$`));
        const time = Number(next(new RegExp(`^number = ${num}$`))[1]);
        const mark = (next(new RegExp(`^mark = ${str}$`))[1] ?? "").replace(/""/g, '"');
        list.push({ time, mark });
      }
      points.push({ name, points: list });
      continue;
    }
    const name = (next(new RegExp(`^name = ${str}$`))[1] ?? "").replace(/""/g, '"');
    const tmin = Number(next(new RegExp(`^xmin = ${num}$`))[1]);
    const tmax = Number(next(new RegExp(`^xmax = ${num}$`))[1]);
    const n = Number(next(/^intervals: size = (\d+)$/)[1]);
    const intervals = [];
    for (let i = 1; i <= n; i++) {
      next(new RegExp(`^intervals \\[${i}\\]:$`));
      const a = Number(next(new RegExp(`^xmin = ${num}$`))[1]);
      const b = Number(next(new RegExp(`^xmax = ${num}$`))[1]);
      const text = (next(new RegExp(`^text = ${str}$`))[1] ?? "").replace(/""/g, '"');
      intervals.push({ xmin: a, xmax: b, text });
    }
    // Contiguity: first starts at the tier's xmin, each starts where the last ended, last ends at xmax.
    let cursor = tmin;
    for (const iv of intervals) {
      if (iv.xmin !== cursor) throw new Error(`tier ${name}: gap or overlap at ${iv.xmin}`);
      if (!(iv.xmax > iv.xmin)) throw new Error(`tier ${name}: empty interval at ${iv.xmin}`);
      cursor = iv.xmax;
    }
    if (cursor !== tmax) throw new Error(`tier ${name}: ends at ${cursor}, not ${tmax}`);
    tiers.push({ name, intervals });
  }
  if (lines.slice(at).join("") !== "") throw new Error("trailing text");
  return points.length > 0 ? { xmin, xmax, tiers, points } : { xmin, xmax, tiers };
}

describe("toTextGrid", () => {
  test("the clip's TextGrid, character for character", () => {
    expect(toTextGrid(exportFixture(), "c2")).toBe(
      [
        'File type = "ooTextFile"',
        'Object class = "TextGrid"',
        "",
        "xmin = 0 ",
        "xmax = 2 ",
        "tiers? <exists> ",
        "size = 2 ",
        "item []: ",
        "    item [1]:",
        '        class = "IntervalTier" ',
        '        name = "w17" ',
        "        xmin = 0 ",
        "        xmax = 2 ",
        "        intervals: size = 3 ",
        "        intervals [1]:",
        "            xmin = 0 ",
        "            xmax = 0.5 ",
        '            text = "" ',
        "        intervals [2]:",
        "            xmin = 0.5 ",
        "            xmax = 1.5 ",
        '            text = "energy (e1)" ',
        "        intervals [3]:",
        "            xmin = 1.5 ",
        "            xmax = 2 ",
        '            text = "" ',
        "    item [2]:",
        '        class = "IntervalTier" ',
        '        name = "w3" ',
        "        xmin = 0 ",
        "        xmax = 2 ",
        "        intervals: size = 1 ",
        "        intervals [1]:",
        "            xmin = 0 ",
        "            xmax = 2 ",
        '            text = "" ',
        "",
      ].join("\n"),
    );
  });

  test("overlapping spans of one annotator are split; tiers are contiguous", () => {
    const grid = readTextGrid(toTextGrid(exportFixture(), "c1"));
    expect(grid.xmax).toBe(3.444);
    expect(grid.tiers.map((t) => t.name)).toEqual(["w17", "w3"]);
    // w17: r2 [1,2] energy by e1, r3 [1.5,2.5] silence by e2, r1 [2.93,3.41] end_of_speech and
    // silence by e1, silence by e2. Reasons in taxonomy order (end_of_speech, silence, energy).
    expect(grid.tiers[0]?.intervals).toEqual([
      { xmin: 0, xmax: 1, text: "" },
      { xmin: 1, xmax: 1.5, text: "energy (e1)" },
      { xmin: 1.5, xmax: 2, text: "silence (e2)+energy (e1)" },
      { xmin: 2, xmax: 2.5, text: "silence (e2)" },
      { xmin: 2.5, xmax: 2.93, text: "" },
      { xmin: 2.93, xmax: 3.41, text: "end_of_speech (e1)+silence (e1)+silence (e2)" },
      { xmin: 3.41, xmax: 3.444, text: "" },
    ]);
    // w3: r4 [0.2,0.5] and r6 [3,3.444], neither labelled.
    expect(grid.tiers[1]?.intervals).toEqual([
      { xmin: 0, xmax: 0.2, text: "" },
      { xmin: 0.2, xmax: 0.5, text: UNLABELLED },
      { xmin: 0.5, xmax: 3, text: "" },
      { xmin: 3, xmax: 3.444, text: UNLABELLED },
    ]);
    // w3's two spans without reasons, marked at their middles in the point tier.
    expect(grid.points).toEqual([
      {
        name: NO_REASONS_TIER,
        points: [
          { time: 0.35, mark: "w3" },
          { time: 3.222, mark: "w3" },
        ],
      },
    ]);
  });

  test("a span without reasons under a labelled one of the same annotator is still marked", () => {
    const file = exportFixture();
    file.regions.push({ id: "r9", clipId: "c1", annotatorId: "w17", start: 1.2, end: 1.4 });
    const grid = readTextGrid(toTextGrid(file, "c1"));
    // No interval of w17 says "unlabelled" (r9 lies under r2, labelled energy)…
    expect(grid.tiers[0]?.intervals.some((iv) => iv.text === UNLABELLED)).toBe(false);
    // …but the point tier marks it at 1.3 s.
    expect(grid.points?.[0]?.points).toContainEqual({ time: 1.3, mark: "w17" });
  });

  test("round trip: exported, then imported, the same spans and reasons by the same labellers", () => {
    // Spans that do not overlap within an annotator come back exactly (to the microsecond).
    const file = exportFixture();
    file.regions = file.regions.filter((r) => r.id !== "r3");
    file.reasonLabels = file.reasonLabels.filter((l) => l.regionId !== "r3");
    const text = toTextGrid(file, "c1");
    const doc = parseTextGrid(new TextEncoder().encode(text), "N18_30001.TextGrid");
    const { file: back } = foreignToInterchange([doc], { ...file, regions: [], reasonLabels: [] });
    const spans = (f: typeof file) =>
      f.regions
        .filter((r) => r.clipId === "c1")
        .map((r) => `${r.annotatorId} ${r.start}-${r.end}`)
        .sort();
    expect(spans(back)).toEqual(spans(file));
    const given = (f: typeof file) => {
      const where = new Map(
        f.regions
          .filter((r) => r.clipId === "c1")
          .map((r) => [r.id, `${r.annotatorId} ${r.start}-${r.end}`]),
      );
      return f.reasonLabels
        .filter((l) => where.has(l.regionId))
        .map((l) => `${where.get(l.regionId)} ${l.annotatorId}: ${l.reasons.join("+")}`)
        .sort();
    };
    expect(given(back)).toEqual(given(file));
  });

  test("every exported TextGrid passes the reader; unannotated clips get none", () => {
    const files = textGridFiles(exportFixture());
    expect(Object.keys(files)).toEqual(["N18_30001.TextGrid", "say, _hi_.TextGrid"]);
    for (const text of Object.values(files)) expect(() => readTextGrid(text)).not.toThrow();
  });

  test("a tier name with a double quote is escaped by doubling it", () => {
    const file = exportFixture();
    file.annotators.push({ id: 'w"9', role: "crowd" });
    file.submissions.push({ clipId: "c3", annotatorId: 'w"9' });
    const text = toTextGrid(file, "c3");
    expect(text).toContain('name = "w""9" ');
    expect(readTextGrid(text).tiers[0]?.name).toBe('w"9');
  });

  test("a clip nobody annotated has no tiers", () => {
    expect(readTextGrid(toTextGrid(exportFixture(), "c3"))).toEqual({
      xmin: 0,
      xmax: 1,
      tiers: [],
    });
  });
});

describe("tierIntervals (microseconds)", () => {
  const rank = (r: string) => ["a", "b"].indexOf(r);

  test("touching spans stay separate, identical spans merge, clamping to [0, duration]", () => {
    expect(
      tierIntervals(
        10,
        [
          { s: 2, e: 4, reasons: ["a"] },
          { s: 4, e: 6, reasons: ["a"] },
          { s: 4, e: 6, reasons: ["b"] },
          { s: -3, e: 1, reasons: [] },
          { s: 9, e: 20, reasons: ["b"] },
          { s: 12, e: 14, reasons: ["a"] },
        ],
        rank,
      ),
    ).toEqual([
      { xmin: 0, xmax: 1, text: UNLABELLED },
      { xmin: 1, xmax: 2, text: "" },
      { xmin: 2, xmax: 4, text: "a" },
      { xmin: 4, xmax: 6, text: "a+b" },
      { xmin: 6, xmax: 9, text: "" },
      { xmin: 9, xmax: 10, text: "b" },
    ]);
  });

  test("no spans: one empty interval over the whole clip", () => {
    expect(tierIntervals(5, [], rank)).toEqual([{ xmin: 0, xmax: 5, text: "" }]);
  });
});

describe("tierIntervals, for any spans", () => {
  test("intervals tile [0, duration] exactly; covered time equals the union of the spans", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(
          fc.record({
            s: fc.integer({ min: -500, max: 6_000 }),
            len: fc.integer({ min: -100, max: 3_000 }),
            reasons: fc.subarray(["a", "b", "c"]),
          }),
          { maxLength: 12 },
        ),
        (duration, raw) => {
          const spans = raw.map((x) => ({ s: x.s, e: x.s + x.len, reasons: x.reasons }));
          const intervals = tierIntervals(duration, spans, (r) => ["a", "b", "c"].indexOf(r));
          let cursor = 0;
          for (const iv of intervals) {
            expect(iv.xmin).toBe(cursor);
            expect(iv.xmax).toBeGreaterThan(iv.xmin);
            cursor = iv.xmax;
          }
          expect(cursor).toBe(duration);
          // Covered length, counted independently on a unit grid.
          let union = 0;
          for (let t = 0; t < duration; t++) {
            if (spans.some((x) => Math.max(0, x.s) <= t && t < Math.min(x.e, duration))) union++;
          }
          const covered = intervals
            .filter((iv) => iv.text !== "")
            .reduce((sum, iv) => sum + iv.xmax - iv.xmin, 0);
          expect(covered).toBe(union);
        },
      ),
      { numRuns: 200 },
    );
  });
});
