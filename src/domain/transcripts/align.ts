// A transcript's errors against its reference, split into substitutions, deletions and
// insertions exactly as the statistics spec walks the cost table back ("Errors"), and the
// word-by-word alignment the transcript view shows (as sclite's alignment does).

/** One step of an alignment: a correct token, a substitution, a deletion or an insertion. */
export type AlignOp =
  | { op: "C"; ref: string; hyp: string }
  | { op: "S"; ref: string; hyp: string }
  | { op: "D"; ref: string }
  | { op: "I"; hyp: string };

export interface ErrorCounts {
  /** Reference tokens (n). */
  refTokens: number;
  correct: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** substitutions + deletions + insertions: the Levenshtein distance. */
  errors: number;
}

/** The cost table T, (n + 1) × (m + 1), row-major: T[i][j] at i * (m + 1) + j. */
function costTable(ref: readonly string[], hyp: readonly string[]): Int32Array {
  const n = ref.length;
  const m = hyp.length;
  const w = m + 1;
  const t = new Int32Array((n + 1) * w);
  for (let j = 0; j <= m; j++) t[j] = j;
  for (let i = 1; i <= n; i++) {
    const r = ref[i - 1];
    const row = i * w;
    const up = row - w;
    t[row] = i;
    for (let j = 1; j <= m; j++) {
      const diag = (t[up + j - 1] as number) + (r === hyp[j - 1] ? 0 : 1);
      const del = (t[up + j] as number) + 1;
      const ins = (t[row + j - 1] as number) + 1;
      t[row + j] = diag < del ? (diag < ins ? diag : ins) : del < ins ? del : ins;
    }
  }
  return t;
}

/**
 * The alignment of `hyp` against `ref`, in reading order. Walking back from (n, m), each step
 * takes the first of: a match, a substitution, a deletion, an insertion that the cost table
 * allows (the spec's order).
 */
export function alignTokens(ref: readonly string[], hyp: readonly string[]): AlignOp[] {
  const t = costTable(ref, hyp);
  const w = hyp.length + 1;
  const out: AlignOp[] = [];
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 || j > 0) {
    const here = t[i * w + j] as number;
    if (i > 0 && j > 0) {
      const diag = t[(i - 1) * w + j - 1] as number;
      const r = ref[i - 1] as string;
      const h = hyp[j - 1] as string;
      if (r === h && diag === here) {
        out.push({ op: "C", ref: r, hyp: h });
        i--;
        j--;
        continue;
      }
      if (diag + 1 === here) {
        out.push({ op: "S", ref: r, hyp: h });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && (t[(i - 1) * w + j] as number) + 1 === here) {
      out.push({ op: "D", ref: ref[i - 1] as string });
      i--;
      continue;
    }
    out.push({ op: "I", hyp: hyp[j - 1] as string });
    j--;
  }
  return out.reverse();
}

/** The counts of an alignment. */
export function countOps(ops: readonly AlignOp[]): ErrorCounts {
  let c = 0;
  let s = 0;
  let d = 0;
  let ins = 0;
  for (const o of ops) {
    if (o.op === "C") c++;
    else if (o.op === "S") s++;
    else if (o.op === "D") d++;
    else ins++;
  }
  return {
    refTokens: c + s + d,
    correct: c,
    substitutions: s,
    deletions: d,
    insertions: ins,
    errors: s + d + ins,
  };
}

// The cost table of errorCounts, reused across calls (grown as needed).
let table = new Int32Array(1024);

/**
 * S, D, I and C of `hyp` (its first `hypLength` tokens) against `ref`, as the spec splits the
 * Levenshtein distance: the same walk back as alignTokens, counting instead of building the
 * alignment, in one reused table (scoring 100,000 transcripts makes no garbage here). Tokens are
 * strings, or numbers that are equal exactly when the tokens are (TokenCodes).
 *
 * Only the part between the common suffix and the common prefix goes into the table (a
 * transcript mostly differs from its reference in a word or two), with the same counts:
 * - the walk starts at (n, m), and while the last tokens are equal T[i][j] = T[i − 1][j − 1]
 *   (T[i − 1][j] + 1 and T[i][j − 1] + 1 are never below it), so its first steps are a match
 *   each, over the common suffix, and what follows is the walk of the shorter sequences;
 * - with a common prefix of p tokens, T[i][j] for i, j ≥ p equals the table of the sequences
 *   without it at (i − p, j − p) (its row p is j − p, its column p is i − p, and the same
 *   recurrence inside), so the walk takes the same steps until it reaches row or column p;
 *   from (p, p + d) every path of cost d has d insertions and p matches (from (p + d, p):
 *   d deletions and p matches), as the shorter table's row 0 (column 0) gives with the p
 *   matches added.
 */
export function errorCounts<T>(
  ref: ArrayLike<T>,
  hyp: ArrayLike<T>,
  hypLength = hyp.length,
): ErrorCounts {
  let n = ref.length;
  let m = hypLength;
  let common = 0;
  while (n > 0 && m > 0 && ref[n - 1] === hyp[m - 1]) {
    n--;
    m--;
    common++;
  }
  let p = 0;
  while (p < n && p < m && ref[p] === hyp[p]) p++;
  common += p;
  n -= p;
  m -= p;
  const w = m + 1;
  const size = (n + 1) * w;
  if (table.length < size) table = new Int32Array(Math.max(size, table.length * 2));
  const t = table;
  for (let j = 0; j <= m; j++) t[j] = j;
  for (let i = 1; i <= n; i++) {
    const r = ref[p + i - 1];
    const row = i * w;
    const up = row - w;
    t[row] = i;
    let left = i;
    for (let j = 1; j <= m; j++) {
      const diag = (t[up + j - 1] as number) + (r === hyp[p + j - 1] ? 0 : 1);
      const del = (t[up + j] as number) + 1;
      const ins = left + 1;
      left = diag < del ? (diag < ins ? diag : ins) : del < ins ? del : ins;
      t[row + j] = left;
    }
  }
  let c = common;
  let s = 0;
  let d = 0;
  let ins = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = t[i * w + j] as number;
    if (i > 0 && j > 0) {
      const diag = t[(i - 1) * w + j - 1] as number;
      if (diag === here && ref[p + i - 1] === hyp[p + j - 1]) {
        c++;
        i--;
        j--;
        continue;
      }
      if (diag + 1 === here) {
        s++;
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && (t[(i - 1) * w + j] as number) + 1 === here) {
      d++;
      i--;
      continue;
    }
    ins++;
    j--;
  }
  return {
    refTokens: c + s + d,
    correct: c,
    substitutions: s,
    deletions: d,
    insertions: ins,
    errors: s + d + ins,
  };
}

/** A transcript's word error rate, errors / n; null when the reference has no tokens. */
export function wordErrorRate(ref: readonly string[], hyp: readonly string[]): number | null {
  if (ref.length === 0) return null;
  return errorCounts(ref, hyp).errors / ref.length;
}

// One row reused across calls (grown as needed).
let row = new Int32Array(64);

/**
 * The Levenshtein distance (each substitution, deletion and insertion costing 1) between two
 * token sequences given as numbers (interned words): the same `errors` as errorCounts, without
 * the split, in O(min(n, m)) memory, for the aggregation's many comparisons.
 */
export function editDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length < b.length) [a, b] = [b, a];
  const m = b.length;
  if (m === 0) return a.length;
  if (row.length <= m) row = new Int32Array(Math.max(m + 1, row.length * 2));
  const r = row;
  for (let j = 0; j <= m; j++) r[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const x = a[i - 1];
    let diag = r[0] as number;
    r[0] = i;
    for (let j = 1; j <= m; j++) {
      const up = r[j] as number;
      let v = diag + (x === b[j - 1] ? 0 : 1);
      if (up + 1 < v) v = up + 1;
      const left = (r[j - 1] as number) + 1;
      if (left < v) v = left;
      r[j] = v;
      diag = up;
    }
  }
  return r[m] as number;
}
