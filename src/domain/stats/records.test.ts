import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import {
  byCodeUnit,
  clipGrid,
  groupBy,
  IdLookup,
  RegionLookup,
  readRegions,
  sortedBy,
} from "./records.ts";

const clips = (n: number): AnnotationFile["clips"] =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: `c${i}.wav`, duration: 1 }));

describe("records", () => {
  test("byCodeUnit sorts by UTF-16 code units, not locale", () => {
    expect(["b", "a", "B", "A", "é", "z"].sort(byCodeUnit)).toEqual(["A", "B", "a", "b", "z", "é"]);
  });

  test("groupBy is a stable counting sort", () => {
    // keys 2,0,2,1,0 → group 0: items 1, 4; group 1: item 3; group 2: items 0, 2; group 3: none.
    const { offsets, order } = groupBy(Int32Array.from([2, 0, 2, 1, 0]), 4);
    expect([...offsets]).toEqual([0, 2, 3, 5, 5]);
    expect([...order]).toEqual([1, 4, 3, 0, 2]);
  });

  test("clipGrid: durations in µs and bin counts", () => {
    const grid = clipGrid(
      [
        { id: "a", name: "a", duration: 2.4 },
        { id: "b", name: "b", duration: 0.1 + 0.2 },
      ],
      100000,
    );
    expect([...grid.durUs]).toEqual([2400000, 300000]);
    expect([...grid.bins]).toEqual([24, 3]);
  });

  test("IdLookup finds clips in order, out of order and far ahead, and names what it cannot find", () => {
    const lookup = new IdLookup(clips(3000), ["w1", "w2"]);
    expect(lookup.clipOf("c0", "regions", 0)).toBe(0);
    expect(lookup.clipOf("c3", "regions", 1)).toBe(3); // a few ahead
    expect(lookup.clipOf("c2500", "regions", 2)).toBe(2500); // far ahead: the index
    expect(lookup.clipOf("c1", "regions", 3)).toBe(1); // behind
    // Many misses in a row: still right once lookups stop looking far ahead.
    for (let i = 2999; i >= 0; i -= 1) expect(lookup.clipOf(`c${i}`, "regions", i)).toBe(i);
    expect(() => lookup.clipOf("nope", "submissions", 7)).toThrow(
      'submissions[7].clipId: "nope" is not a clip',
    );
    expect(lookup.annotatorOf("w2", "regions", 0)).toBe(1);
    expect(lookup.annotatorOf("w1", "regions", 1)).toBe(0);
    expect(() => lookup.annotatorOf("w9", "regions", 5)).toThrow(
      'regions[5].annotatorId: "w9" is not an annotator',
    );
  });

  test("readRegions clamps, groups by clip and sorts by annotator then start", () => {
    const file = clips(2);
    const lookup = new IdLookup(file, ["a", "b"]);
    const table = readRegions(
      [
        { id: "r0", clipId: "c1", annotatorId: "b", start: 0.5, end: 0.6 },
        { id: "r1", clipId: "c1", annotatorId: "a", start: 0.7, end: 3 },
        { id: "r2", clipId: "c0", annotatorId: "a", start: 0.1, end: 0.2 },
        { id: "r3", clipId: "c1", annotatorId: "a", start: 0.2, end: 0.3 },
      ],
      lookup,
      Float64Array.from([1e6, 1e6]),
    );
    expect([...table.end]).toEqual([600000, 1000000, 200000, 300000]); // r1 clamped to 1 s
    expect([...table.offsets]).toEqual([0, 1, 4]);
    // c0: r2; c1: a's r3 (0.2), a's r1 (0.7), then b's r0.
    expect([...table.order]).toEqual([2, 3, 1, 0]);
  });

  test("property: readRegions orders each clip's regions by (annotator, start, index), few or many per clip", () => {
    // Many regions per clip (a crowd) take the counting sort by annotator, a few the per-clip sort;
    // an annotator's many regions of one clip, a comparator sort of their run.
    const region = fc.record({
      clip: fc.nat(3),
      annotator: fc.nat(5),
      start: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(region, { maxLength: 30 }),
          fc.array(region, { minLength: 130, maxLength: 400 }),
          // Two annotators on two clips: each annotator's run of a clip is past an insertion sort's.
          fc.array(
            fc.record({
              clip: fc.nat(1),
              annotator: fc.nat(1),
              start: fc.integer({ min: 0, max: 9 }),
            }),
            { minLength: 200, maxLength: 400 },
          ),
        ),
        (drawn) => {
          const ids = ["a", "b", "c", "d", "e", "f"];
          const table = readRegions(
            drawn.map((r, i) => ({
              id: `r${i}`,
              clipId: `c${r.clip}`,
              annotatorId: ids[r.annotator] as string,
              start: r.start / 10,
              end: 1,
            })),
            new IdLookup(clips(4), ids),
            Float64Array.from([1e6, 1e6, 1e6, 1e6]),
          );
          const expected = byComparator(
            [drawn.map((r) => r.clip), drawn.map((r) => r.annotator), drawn.map((r) => r.start)],
            drawn.length,
          );
          expect([...table.order]).toEqual(expected);
          for (let c = 0; c < 4; c++) {
            expect((table.offsets[c + 1] as number) - (table.offsets[c] as number)).toBe(
              drawn.filter((r) => r.clip === c).length,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("RegionLookup follows labels in region order and falls back to an index", () => {
    const regions = Array.from({ length: 200 }, (_, i) => ({
      id: `r${i}`,
      clipId: "c0",
      annotatorId: "a",
      start: 0,
      end: 1,
    }));
    const lookup = new RegionLookup(regions);
    expect(lookup.regionOf("r0")).toBe(0);
    expect(lookup.regionOf("r0")).toBe(0); // two labels on one region
    expect(lookup.regionOf("r5")).toBe(5);
    expect(lookup.regionOf("r150")).toBe(150);
    expect(lookup.regionOf("r3")).toBe(3);
    expect(lookup.regionOf("gone")).toBeUndefined();
  });
});

/** The expected grouping, by sorting the indexes (stable) with a comparator. */
function byComparator(keys: readonly (readonly number[])[], n: number): number[] {
  return Array.from({ length: n }, (_, i) => i).sort((p, q) => {
    for (const k of keys) {
      const d = (k[p] as number) - (k[q] as number);
      if (d !== 0) return d;
    }
    return p - q;
  });
}

test("long lists and short ones: the stable order a comparator sort gives", () => {
  const lists = fc
    .record({
      n: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 4096, max: 9000 })),
      nMajor: fc.integer({ min: 1, max: 12 }),
      nMinor: fc.integer({ min: 1, max: 700 }),
      seed: fc.integer(),
    })
    .map(({ n, nMajor, nMinor, seed }) => {
      let state = seed | 0;
      const next = (m: number) => {
        state = (Math.imul(state, 1103515245) + 12345) | 0;
        return ((state >>> 8) & 0xffffff) % m;
      };
      const major = Int32Array.from({ length: n }, () => next(nMajor));
      const minor = Int32Array.from({ length: n }, () => next(nMinor));
      return { n, nMajor, nMinor, major, minor };
    });
  fc.assert(
    fc.property(lists, ({ n, nMajor, nMinor, major, minor }) => {
      const grouped = byComparator([Array.from(minor)], n);
      const sorted = byComparator([Array.from(major), Array.from(minor)], n);
      const g = groupBy(minor, nMinor);
      expect(Array.from(g.order)).toEqual(grouped);
      expect(g.offsets[nMinor]).toBe(n);
      // By pair and by minor then major: both the comparator's order.
      for (const byPair of [true, false]) {
        const s = sortedBy(major, minor, nMajor, nMinor, byPair);
        expect(Array.from(s.order)).toEqual(sorted);
        expect(s.offsets[0]).toBe(0);
        for (let k = 0; k < nMajor; k++) {
          const members = sorted.filter((i) => major[i] === k).length;
          expect((s.offsets[k + 1] as number) - (s.offsets[k] as number)).toBe(members);
        }
      }
    }),
    { numRuns: 40 },
  );
});
