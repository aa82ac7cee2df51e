import fc from "fast-check";
import { expect, test } from "vitest";
import { type AnovaRow, anovaTables, fUpperTail, sortedByCell, twoWay } from "./anova.ts";

// docs/statistics.md's hand-worked example: 2 systems × 2 sentences × 2 ratings, balanced.
//   A: s1 1, 3; s2 4, 6     B: s1 2, 4; s2 7, 9
// Cell means 2, 5, 3, 8; RSS(full) = 8 on 4 df; SS(System) = 8, SS(Sentence) = 32,
// SS(System:Sentence) = 2.
const ratings = [
  ["A", "s1", 1],
  ["A", "s1", 3],
  ["A", "s2", 4],
  ["A", "s2", 6],
  ["B", "s1", 2],
  ["B", "s1", 4],
  ["B", "s2", 7],
  ["B", "s2", 9],
].map(([system, sentence, y], i) => ({
  system: system as string,
  sentence: sentence as string,
  listener: `L${i % 2}`,
  y: y as number,
}));

test("a balanced two-factor design, worked by hand", () => {
  const [system, sentence, interaction] = anovaTables(ratings);
  expect(system).toMatchObject({ model: "sentence", term: "system", df: 1, dfError: 4 });
  expect(system?.F).toBeCloseTo(4, 12);
  expect(system?.partialEtaSq).toBeCloseTo(0.5, 12);
  // F(1, 4) = t(4)^2: the two-sided p of t = 2 with 4 degrees of freedom.
  expect(system?.p).toBeCloseTo(0.116116523516816, 12);
  expect(sentence).toMatchObject({ term: "sentence", df: 1, dfError: 4 });
  expect(sentence?.F).toBeCloseTo(16, 12);
  expect(sentence?.p).toBeCloseTo(0.016130089900092, 12);
  expect(sentence?.partialEtaSq).toBeCloseTo(0.8, 12);
  expect(interaction).toMatchObject({ term: "system:sentence", df: 1, dfError: 4 });
  expect(interaction?.F).toBeCloseTo(1, 12);
  expect(interaction?.p).toBeCloseTo(0.373900966300059, 12);
  expect(interaction?.partialEtaSq).toBeCloseTo(0.2, 12);
});

test("the order of the observations does not change a bit", () => {
  const forward = anovaTables(ratings);
  expect(anovaTables([...ratings].reverse())).toEqual(forward);
});

test("an empty cell costs no degrees of freedom; no error df gives nulls; no data, no rows", () => {
  // B never rated s2: 3 cells, rank(System + Sentence) = 3, so the interaction has df 0.
  const rows = anovaTables(ratings.filter((r) => !(r.system === "B" && r.sentence === "s2")));
  expect(rows[2]).toEqual({
    model: "sentence",
    term: "system:sentence",
    df: 0,
    dfError: 3,
    F: null,
    p: null,
    partialEtaSq: null,
  });
  // One rating per cell: no error degrees of freedom.
  const single = anovaTables(ratings.filter((_, i) => i % 2 === 0));
  expect(single[0]).toMatchObject({ df: 1, dfError: 0, F: null, p: null, partialEtaSq: null });
  expect(anovaTables([])).toEqual([]);
});

test("the F tail", () => {
  expect(fUpperTail(0, 2, 10)).toBe(1);
  // F(2, d2) has the closed form (1 + 2f/d2)^(-d2/2): f = 1, d2 = 2 gives 1/2.
  expect(fUpperTail(1, 2, 2)).toBeCloseTo(0.5, 14);
});

/** Observations at levels a < nA, b < nB and c < 4, with values y. */
function observations(nA: number, nB: number, maxLength: number, y: fc.Arbitrary<number>) {
  return fc.array(
    fc.record({
      a: fc.integer({ min: 0, max: nA - 1 }),
      b: fc.integer({ min: 0, max: nB - 1 }),
      c: fc.integer({ min: 0, max: 3 }),
      y,
    }),
    { maxLength },
  );
}

test("the counting sort by cell gives the comparison sort's order", () => {
  // Cells of a few values (sorted by insertion) and, with 2 × 2 levels, of more than 32 (by the
  // typed array's sort).
  for (const [nA, nB, maxLength] of [
    [4, 6, 60],
    [2, 2, 300],
  ] as const) {
    fc.assert(
      fc.property(
        observations(nA, nB, maxLength, fc.constantFrom(0, 0.25, 0.5, 1, 1.5, 2, 1 / 3, 2 / 7)),
        (rows) => {
          const a = Int32Array.from(rows, (r) => r.a);
          const b = Int32Array.from(rows, (r) => r.b);
          const y = Float64Array.from(rows, (r) => r.y);
          expect(sortedByCell(a, b, y, nA, nB, false)).toEqual(sortedByCell(a, b, y, nA, nB, true));
        },
      ),
    );
  }
});

test("the tables equal those of the observations sorted by name (the former way)", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          system: fc.constantFrom("A", "B", "b", "C"),
          sentence: fc.constantFrom("s1", "s10", "s2", "S"),
          listener: fc.constantFrom("L1", "L2", "l1", "L10", "x"),
          y: fc.integer({ min: 0, max: 8 }).map((v) => v / 4),
        }),
        { maxLength: 50 },
      ),
      (observations) => {
        const byName = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);
        const rows = anovaTables(observations);
        (["sentence", "listener"] as const).forEach((model, m) => {
          const other = (o: (typeof observations)[number]) => o[model];
          const sorted = [...observations].sort(
            (p, q) => byName(p.system, q.system) || byName(other(p), other(q)) || p.y - q.y,
          );
          const names = (vs: string[]) => [...new Set(vs)].sort(byName);
          const A = names(sorted.map((o) => o.system));
          const B = names(sorted.map(other));
          const t = twoWay(
            Float64Array.from(sorted, (o) => o.y),
            Int32Array.from(sorted, (o) => A.indexOf(o.system)),
            Int32Array.from(sorted, (o) => B.indexOf(other(o))),
            A.length,
            B.length,
          );
          // The rows as anova.ts builds them from these sums (its `row`).
          const expected = (term: AnovaRow["term"], ss: number, df: number): AnovaRow => {
            if (df === 0 || t.dfError === 0) {
              return { model, term, df, dfError: t.dfError, F: null, p: null, partialEtaSq: null };
            }
            const mse = t.rssFull / t.dfError;
            const F = mse > 0 ? ss / df / mse : null;
            const total = ss + t.rssFull;
            return {
              model,
              term,
              df,
              dfError: t.dfError,
              F,
              p: F === null ? null : fUpperTail(F, df, t.dfError),
              partialEtaSq: total > 0 ? ss / total : null,
            };
          };
          if (observations.length === 0) return;
          expect(rows.slice(3 * m, 3 * m + 3)).toEqual([
            expected("system", t.ssSystem, t.dfSystem),
            expected(model, t.ssOther, t.dfOther),
            expected(`system:${model}`, t.ssInteraction, t.dfInteraction),
          ]);
        });
      },
    ),
  );
});
