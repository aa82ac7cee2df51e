// Two-factor analysis of variance (docs/spec/statistics.md, "Two-factor analysis of variance";
// VLSP 2021's Tables 5–7): `y ~ System * Sentence` and `y ~ System * Listener`, Type II sums of
// squares from least-squares fits of the indicator-coded designs.
//
// Nothing here builds a design matrix (a study of 100,000 ratings over 10 systems and 600
// sentences would need 6,000 columns). The four fits have closed forms or nearly:
//  - the full model (with the interaction) fits every non-empty cell's mean: RSS is the
//    within-cell sum of squares and the rank the number of non-empty cells;
//  - a one-factor model fits each level's mean;
//  - the additive model System + Other is solved by absorbing Other: the reduced normal
//    equations C·β = r in the system effects, with C = diag(n_s) − N·diag(1/n_o)·Nᵀ and
//    r_s = T_s − Σ_o n_so·T_o/n_o, give SS(System | Other) = rᵀβ. C is singular once per
//    connected part of the bipartite graph of non-empty cells; fixing one system's effect per
//    part makes it positive definite, and the ranks follow exactly from the count of parts:
//    rank(System + Other) = levels(System) + levels(Other) − parts.
// Observations are sorted first (system, other, value), so every sum is taken in one order and
// the browser's report equals the command line's to the bit whatever order the records came in.
// Only + − × ÷ are used, plus the incomplete beta function of @stdlib for the F tail.
import betainc from "@stdlib/math-base-special-betainc";
import { byCodeUnit, groupBy } from "./records.ts";
import { sortAscending } from "./sortFew.ts";

/** One row of an ANOVA table, as the report lists it. */
export interface AnovaRow {
  model: "sentence" | "listener";
  term: "system" | "sentence" | "listener" | "system:sentence" | "system:listener";
  df: number;
  dfError: number;
  F: number | null;
  p: number | null;
  partialEtaSq: number | null;
}

/** One observation: a rating or a transcript's WER, with its three factors. */
export interface AnovaObservation {
  system: string;
  sentence: string;
  listener: string;
  y: number;
}

/** Sums of squares and degrees of freedom of one two-factor model. */
export interface TwoWay {
  ssSystem: number;
  dfSystem: number;
  ssOther: number;
  dfOther: number;
  ssInteraction: number;
  dfInteraction: number;
  rssFull: number;
  dfError: number;
}

/** Upper tail of the F distribution with (d1, d2) degrees of freedom at `f`. */
export function fUpperTail(f: number, d1: number, d2: number): number {
  if (!(f > 0)) return 1;
  // P(F > f) = I_{d2 / (d2 + d1 f)}(d2/2, d1/2), the regularized incomplete beta.
  return betainc(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);
}

/** Level index of each value, levels numbered in code-unit order. */
function levels(values: readonly string[]): Levels {
  const names = [...new Set(values)].sort(byCodeUnit);
  const at = new Map(names.map((n, i) => [n, i]));
  return { index: Int32Array.from(values, (v) => at.get(v) as number), count: names.length };
}

/**
 * Per level of A and of B, and per non-empty cell (in order): counts and sums of the
 * observations; and the residual sums of squares of the full model (cell means) and of each
 * one-factor model.
 */
export interface CellSums {
  nOfA: Float64Array;
  tOfA: Float64Array;
  nOfB: Float64Array;
  tOfB: Float64Array;
  cells: number;
  cellA: Int32Array;
  cellB: Int32Array;
  cellN: Float64Array;
  cellT: Float64Array;
  rssFull: number;
  rssA: number;
  rssB: number;
}

/** The sums of observations already sorted by (a, b, y). */
export function cellSums(
  y: Float64Array,
  a: Int32Array,
  b: Int32Array,
  nA: number,
  nB: number,
): CellSums {
  const N = y.length;
  const nOfA = new Float64Array(nA);
  const tOfA = new Float64Array(nA);
  const nOfB = new Float64Array(nB);
  const tOfB = new Float64Array(nB);
  // Cells in order of first appearance; observations are sorted by (a, b), so each cell's
  // observations are contiguous.
  const cellA = new Int32Array(N);
  const cellB = new Int32Array(N);
  const cellN = new Float64Array(N);
  const cellT = new Float64Array(N);
  let last = -1;
  for (let i = 0; i < N; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    const v = y[i] as number;
    nOfA[ai] = (nOfA[ai] as number) + 1;
    tOfA[ai] = (tOfA[ai] as number) + v;
    nOfB[bi] = (nOfB[bi] as number) + 1;
    tOfB[bi] = (tOfB[bi] as number) + v;
    if (last >= 0 && cellA[last] === ai && cellB[last] === bi) {
      cellN[last] = (cellN[last] as number) + 1;
      cellT[last] = (cellT[last] as number) + v;
    } else {
      last++;
      cellA[last] = ai;
      cellB[last] = bi;
      cellN[last] = 1;
      cellT[last] = v;
    }
  }
  // Residual sums of squares of the full model and of each one-factor model.
  let rssFull = 0;
  let rssA = 0;
  let rssB = 0;
  let cell = -1;
  for (let i = 0; i < N; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (cell < 0 || cellA[cell] !== ai || cellB[cell] !== bi) cell++;
    const v = y[i] as number;
    const dc = v - (cellT[cell] as number) / (cellN[cell] as number);
    const da = v - (tOfA[ai] as number) / (nOfA[ai] as number);
    const db = v - (tOfB[bi] as number) / (nOfB[bi] as number);
    rssFull += dc * dc;
    rssA += da * da;
    rssB += db * db;
  }
  const cells = last + 1;
  return {
    nOfA,
    tOfA,
    nOfB,
    tOfB,
    cells,
    cellA: cellA.subarray(0, cells),
    cellB: cellB.subarray(0, cells),
    cellN: cellN.subarray(0, cells),
    cellT: cellT.subarray(0, cells),
    rssFull,
    rssA,
    rssB,
  };
}

/**
 * The Type II decomposition of `y ~ A * B` for factor levels `a` (0 … nA−1) and `b`
 * (0 … nB−1), observations already in a fixed order.
 */
export function twoWay(
  y: Float64Array,
  a: Int32Array,
  b: Int32Array,
  nA: number,
  nB: number,
): TwoWay {
  return decomposed(cellSums(y, a, b, nA, nB), nA, nB, y.length);
}

/** The Type II decomposition from the sums of N observations. */
/**
 * The additive model's reduced normal equations C·β = r over the free levels of A (k of them:
 * all but the first level of each of the `parts` connected parts of the cells' graph).
 */
interface Reduced {
  C: Float64Array;
  r: Float64Array;
  k: number;
  parts: number;
}

function reducedSystem(sums: CellSums, nA: number, nB: number): Reduced {
  const { nOfA, tOfA, nOfB, tOfB, cells, cellA, cellB, cellN } = sums;

  // Connected parts of the bipartite graph of cells (union–find over A's and B's levels).
  const parent = Int32Array.from({ length: nA + nB }, (_, i) => i);
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[x] !== r) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };
  for (let c = 0; c < cells; c++) {
    const x = find(cellA[c] as number);
    const z = find(nA + (cellB[c] as number));
    if (x !== z) parent[Math.max(x, z)] = Math.min(x, z);
  }
  // The first level of A in each part has its effect fixed at 0; the others are solved for.
  const seenPart = new Set<number>();
  const free: number[] = [];
  for (let s = 0; s < nA; s++) {
    const part = find(s);
    if (seenPart.has(part)) free.push(s);
    else seenPart.add(part);
  }
  const parts = seenPart.size;
  const k = free.length;
  const slot = new Int32Array(nA).fill(-1);
  free.forEach((s, i) => {
    slot[s] = i;
  });

  // Reduced normal equations over the free levels of A (B absorbed).
  const C = new Float64Array(k * k);
  const r = new Float64Array(k);
  for (let s = 0; s < nA; s++) {
    const i = slot[s] as number;
    if (i < 0) continue;
    C[i * k + i] = nOfA[s] as number;
    r[i] = tOfA[s] as number;
  }
  // Cells grouped by B's level (in order within each).
  const byB = groupBy(cellB, nB);
  for (let o = 0; o < nB; o++) {
    const from = byB.offsets[o] as number;
    const to = byB.offsets[o + 1] as number;
    const no = nOfB[o] as number;
    const mo = (tOfB[o] as number) / no;
    for (let p = from; p < to; p++) {
      const c1 = byB.order[p] as number;
      const i = slot[cellA[c1] as number] as number;
      if (i < 0) continue;
      const n1 = cellN[c1] as number;
      r[i] = (r[i] as number) - n1 * mo;
      for (let q = from; q < to; q++) {
        const c2 = byB.order[q] as number;
        const j = slot[cellA[c2] as number] as number;
        if (j < 0) continue;
        C[i * k + j] = (C[i * k + j] as number) - (n1 * (cellN[c2] as number)) / no;
      }
    }
  }
  return { C, r, k, parts };
}

/** The Type II sums of squares from the cells' sums, through the reduced equations. */
function decomposed(sums: CellSums, nA: number, nB: number, N: number): TwoWay {
  const { cells, rssFull, rssA, rssB } = sums;
  const { C, r, k, parts } = reducedSystem(sums, nA, nB);
  // Solve C·β = r by symmetric Gaussian elimination (C is positive definite here).
  const beta = solveSymmetric(C, r, k);
  let ssAgivenB = 0;
  for (let i = 0; i < k; i++) ssAgivenB += (r[i] as number) * (beta[i] as number);
  const rssAdd = rssB - ssAgivenB;
  const rankAdd = nA + nB - parts;
  // Each SS is a difference of residual sums of squares: where the terms are equal it comes out
  // as rounding noise (±1e-16 of them), not 0, and which noise depends on the order of the sums
  // (the levels' ids). Near F = 0 the F tail is steep (p ≈ 1 − c·√F for one df), so noise of
  // 1e-16 moves p by 1e-8. A difference within 1e-12 of the larger RSS is taken as 0.
  const noise = 1e-12 * Math.max(rssA, rssB);
  const settle = (ss: number) => (Math.abs(ss) <= noise ? 0 : ss);
  return {
    ssSystem: settle(ssAgivenB),
    dfSystem: rankAdd - nB,
    ssOther: settle(rssA - rssAdd),
    dfOther: rankAdd - nA,
    ssInteraction: settle(rssAdd - rssFull),
    dfInteraction: cells - rankAdd,
    rssFull,
    dfError: N - cells,
  };
}

/** Solves the positive definite system C·x = r (k × k, row-major) without pivoting. */
function solveSymmetric(C: Float64Array, r: Float64Array, k: number): Float64Array {
  const m = C.slice();
  const x = r.slice();
  for (let p = 0; p < k; p++) {
    const pivot = m[p * k + p] as number;
    for (let i = p + 1; i < k; i++) {
      const f = (m[i * k + p] as number) / pivot;
      if (f === 0) continue;
      for (let j = p; j < k; j++)
        m[i * k + j] = (m[i * k + j] as number) - f * (m[p * k + j] as number);
      x[i] = (x[i] as number) - f * (x[p] as number);
    }
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = x[i] as number;
    for (let j = i + 1; j < k; j++) s -= (m[i * k + j] as number) * (x[j] as number);
    x[i] = s / (m[i * k + i] as number);
  }
  return x;
}

function row(
  model: AnovaRow["model"],
  term: AnovaRow["term"],
  ss: number,
  df: number,
  rssFull: number,
  dfError: number,
): AnovaRow {
  if (df === 0 || dfError === 0) {
    return { model, term, df, dfError, F: null, p: null, partialEtaSq: null };
  }
  const mse = rssFull / dfError;
  // Every observation equals its cell's mean: no error to compare with.
  const F = mse > 0 ? ss / df / mse : null;
  const p = F === null ? null : fUpperTail(F, df, dfError);
  const total = ss + rssFull;
  return { model, term, df, dfError, F, p, partialEtaSq: total > 0 ? ss / total : null };
}

/** Whether a counting sort over the nA · nB cells suits N observations (not many more cells). */
function countingSorted(nA: number, nB: number, N: number): boolean {
  return nA * nB <= 4 * N + 65_536;
}

/**
 * The observations sorted by cell (a, then b, by level index) and, within a cell, by value:
 * a counting sort over the cells when they are not many more than the observations, else a
 * comparison sort (the same order: observations equal in all three are interchangeable).
 */
export function sortedByCell(
  a0: Int32Array,
  b0: Int32Array,
  values: Float64Array,
  nA: number,
  nB: number,
  /** Always the comparison sort (tests compare the two). */
  comparison = !countingSorted(nA, nB, values.length),
): { a: Int32Array; b: Int32Array; y: Float64Array } {
  const N = values.length;
  const a = new Int32Array(N);
  const b = new Int32Array(N);
  const y = new Float64Array(N);
  if (comparison) {
    const order = Array.from({ length: N }, (_, i) => i).sort(
      (p, q) =>
        (a0[p] as number) - (a0[q] as number) ||
        (b0[p] as number) - (b0[q] as number) ||
        (values[p] as number) - (values[q] as number),
    );
    for (let k = 0; k < N; k++) {
      const i = order[k] as number;
      a[k] = a0[i] as number;
      b[k] = b0[i] as number;
      y[k] = values[i] as number;
    }
    return { a, b, y };
  }
  // Sorted by cell (a, b) with a counting sort, then each cell's values ascending.
  const start = new Int32Array(nA * nB + 1);
  for (let i = 0; i < N; i++) {
    const cell = (a0[i] as number) * nB + (b0[i] as number) + 1;
    start[cell] = (start[cell] as number) + 1;
  }
  for (let c = 1; c < start.length; c++) {
    start[c] = (start[c] as number) + (start[c - 1] as number);
  }
  const next = start.slice(0, -1);
  for (let i = 0; i < N; i++) {
    const cell = (a0[i] as number) * nB + (b0[i] as number);
    const k = next[cell] as number;
    next[cell] = k + 1;
    a[k] = a0[i] as number;
    b[k] = b0[i] as number;
    y[k] = values[i] as number;
  }
  for (let c = 0; c + 1 < start.length; c++) {
    const from = start[c] as number;
    const to = start[c + 1] as number;
    // Most cells hold a few values (a sentence's or a listener's, per system).
    sortAscending(y, to - from, from);
  }
  return { a, b, y };
}

/**
 * The six rows (two models × system, other, interaction) for these observations; none when
 * there are no observations.
 */
export function anovaTables(observations: readonly AnovaObservation[]): AnovaRow[] {
  if (observations.length === 0) return [];
  // Level indices are numbered in code-unit order, so sorting by them sorts as the names do;
  // observations equal in all three keys are interchangeable.
  return anovaTablesOfLevels(
    levels(observations.map((o) => o.system)),
    levels(observations.map((o) => o.sentence)),
    levels(observations.map((o) => o.listener)),
    Float64Array.from(observations, (o) => o.y),
  );
}

/** A factor of the observations: each one's level, levels numbered 0 … count − 1. */
export interface Levels {
  index: Int32Array;
  count: number;
}

/**
 * anovaTables for observations given as level indices, each factor's levels numbered in
 * code-unit order of their names and every level observed (callers that already know the
 * levels skip building them from names).
 */
export function anovaTablesOfLevels(
  system: Levels,
  sentence: Levels,
  listener: Levels,
  values: Float64Array,
): AnovaRow[] {
  if (values.length === 0) return [];
  const out: AnovaRow[] = [];
  for (const model of ["sentence", "listener"] as const) {
    const B = model === "sentence" ? sentence : listener;
    const a0 = system.index;
    const b0 = B.index;
    const { a, b, y } = sortedByCell(a0, b0, values, system.count, B.count);
    const sums = cellSums(y, a, b, system.count, B.count);
    const t = decomposed(sums, system.count, B.count, values.length);
    out.push(
      row(model, "system", t.ssSystem, t.dfSystem, t.rssFull, t.dfError),
      row(model, model, t.ssOther, t.dfOther, t.rssFull, t.dfError),
      row(model, `system:${model}`, t.ssInteraction, t.dfInteraction, t.rssFull, t.dfError),
    );
  }
  return out;
}
