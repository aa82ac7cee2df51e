// The intelligibility's bootstrap (docs/spec/statistics.md, "Transcriptions and intelligibility
// (WER)": the bootstrap interval and the stimuli curve), apart from the rest of the section so
// that the command line's second thread loads only this. The curve is one interval per (k,
// system), each with its own generator: the intervals can be computed in any order and on any
// thread, and are assembled into the curve in the spec's order (curvePoints).

import { seedState } from "../util/random.ts";
import type { CurvePoint } from "./report.ts";

/** Per stimulus (code-unit order) of one system: summed errors and reference tokens. */
export interface StimulusSums {
  ids: string[];
  errors: Float64Array;
  refTokens: Float64Array;
}

/**
 * The bootstrap interval: `replicates` draws of `k` stimuli with replacement (index
 * floor(g() * m)), each valued at summed errors over summed reference tokens; the sorted values'
 * ranks ceil(0.025 B) and ceil(0.975 B).
 */
export function bootstrapInterval(
  sums: Pick<StimulusSums, "errors" | "refTokens">,
  k: number,
  replicates: number,
  seed: string,
): [number, number] {
  const { errors, refTokens } = sums;
  const m = errors.length;
  // seededRandom(seed)'s steps, inlined (the stimuli curve makes about 10^8 draws, each too
  // small to be worth a call). intelligibility.test.ts checks the two give the same numbers.
  let a = seedState(seed);
  // The index floor(g() · m): g()'s 32-bit integer u over 2^32 times m, truncated with `| 0` (the
  // same as Math.floor for 0 ≤ x < m < 2^31, and cheaper: no check that the double is an
  // integer). It is taken as u · (m / 2^32), one multiplication instead of a division and a
  // multiplication, and the same double: m / 2^32 is exact (a power of two), and u · m is below
  // 2^53 (m < 2^21 here), so both (u / 2^32) · m and u · (m / 2^32) are the exact u · m / 2^32.
  const scale = m / 4294967296;
  const packable = m < 2097152 && packs(sums, k);
  const values = new Float64Array(replicates);
  if (packable) {
    const packed = packedOf(sums);
    // One load and one addition per draw: refTokens · 2^32 + errors, integers whose sums stay
    // exact (below 2^53) and whose errors never carry into the tokens (`packs` checks). Exact
    // sums do not depend on their order, so four accumulators take the draws in turn and the
    // additions of one draw need not wait for the previous one's; the four generator states of
    // a group are one addition apart, so their draws can be computed side by side too.
    for (let b = 0; b < replicates; b++) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let d = 4;
      for (; d <= k; d += 4) {
        const a0 = (a + 0x6d2b79f5) | 0;
        const a1 = (a0 + 0x6d2b79f5) | 0;
        const a2 = (a1 + 0x6d2b79f5) | 0;
        a = (a2 + 0x6d2b79f5) | 0;
        let t = Math.imul(a0 ^ (a0 >>> 15), 1 | a0);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        s0 += packed[(((t ^ (t >>> 14)) >>> 0) * scale) | 0] as number;
        t = Math.imul(a1 ^ (a1 >>> 15), 1 | a1);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        s1 += packed[(((t ^ (t >>> 14)) >>> 0) * scale) | 0] as number;
        t = Math.imul(a2 ^ (a2 >>> 15), 1 | a2);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        s2 += packed[(((t ^ (t >>> 14)) >>> 0) * scale) | 0] as number;
        t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        s3 += packed[(((t ^ (t >>> 14)) >>> 0) * scale) | 0] as number;
      }
      // The last k mod 4 draws.
      for (d -= 4; d < k; d++) {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        s0 += packed[(((t ^ (t >>> 14)) >>> 0) * scale) | 0] as number;
      }
      const sum = s0 + s1 + s2 + s3;
      const n = Math.floor(sum / 4294967296);
      values[b] = (sum - n * 4294967296) / n;
    }
  } else {
    for (let b = 0; b < replicates; b++) {
      let e = 0;
      let n = 0;
      for (let d = 0; d < k; d++) {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        const i = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * m) | 0;
        e += errors[i] as number;
        n += refTokens[i] as number;
      }
      values[b] = e / n;
    }
  }
  values.sort();
  return [values[lowerRank(replicates)] as number, values[upperRank(replicates)] as number];
}

/** The places of the interval's ends in the sorted values: ranks ceil(0.025 B) and ceil(0.975 B). */
const lowerRank = (replicates: number) => Math.ceil(0.025 * replicates) - 1;
const upperRank = (replicates: number) => Math.ceil(0.975 * replicates) - 1;

/**
 * Whether `k` draws of these stimuli can be summed packed, as refTokens · 2^32 + errors: all
 * are non-negative integers, k · max(errors) < 2^32 and k · max(refTokens) < 2^21 (so every sum
 * is below 2^53 and the errors never carry into the tokens).
 */
function packs(sums: Pick<StimulusSums, "errors" | "refTokens">, k: number): boolean {
  const { errors, refTokens } = sums;
  for (let i = 0; i < errors.length; i++) {
    const e = errors[i] as number;
    const n = refTokens[i] as number;
    if (!(Number.isInteger(e) && Number.isInteger(n) && e >= 0 && n >= 0)) return false;
    if (k * e >= 4294967296 || k * n >= 2097152) return false;
  }
  return true;
}

/** Each stimulus's refTokens · 2^32 + errors (the stimuli pack: `packs`). */
function packedOf(sums: Pick<StimulusSums, "errors" | "refTokens">): Float64Array {
  const { errors, refTokens } = sums;
  const out = new Float64Array(errors.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = (refTokens[i] as number) * 4294967296 + (errors[i] as number);
  }
  return out;
}

/**
 * Each stimulus's refTokens · 2^32 + errors, when `k` draws of them sum exactly and apart
 * (`packs`); null otherwise (the bootstrap then sums the two separately; same values).
 */
export function packedSums(
  sums: Pick<StimulusSums, "errors" | "refTokens">,
  k: number,
): Float64Array | null {
  return packs(sums, k) ? packedOf(sums) : null;
}

/**
 * The bootstrap intervals of one study: each system's `ci95` (k = its m, the generator
 * seededRandom(seed + "/" + X)) when `ci95` is set, then the stimuli curve's (one per k and
 * system, seededRandom(seed + "/" + X + "/" + k)). Its systems (those with at least one stimulus,
 * in the report's order) come with their per-stimulus sums. Plain data: it can be posted to
 * another thread as it is (arrays on shared memory stay shared).
 */
export interface CurveInput {
  seed: string;
  replicates: number;
  ci95: boolean;
  ks: number[];
  systems: string[];
  errors: Float64Array[];
  refTokens: Float64Array[];
}

/**
 * The input for these systems (with `sizes[i]` stimuli each, all at least 1), their sums still
 * zero, in arrays from `array`: the intervals are their ci95 if asked and the curve's (the
 * spec's k = 20, 40, … and the largest m) if asked.
 */
export function curvePlan(
  systems: readonly string[],
  sizes: readonly number[],
  seed: string,
  replicates: number,
  what: { ci95: boolean; curve: boolean },
  array: (length: number) => Float64Array = (length) => new Float64Array(length),
): CurveInput {
  let largest = 0;
  for (const m of sizes) largest = Math.max(largest, m);
  const ks: number[] = [];
  if (what.curve) {
    for (let k = 20; k <= largest; k += 20) ks.push(k);
    if (largest % 20 !== 0) ks.push(largest);
  }
  return {
    seed,
    replicates,
    ci95: what.ci95,
    ks,
    systems: [...systems],
    errors: sizes.map((m) => array(m)),
    refTokens: sizes.map((m) => array(m)),
  };
}

/** The first curve task: after the systems' ci95, when they are computed too. */
function curveStart(input: CurveInput): number {
  return input.ci95 ? input.systems.length : 0;
}

/** How many intervals the input asks for: a ci95 per system, and one per k and system. */
export function curveTasks(input: CurveInput): number {
  return curveStart(input) + input.ks.length * input.systems.length;
}

/**
 * The tasks in the order they are taken: system by system (its ci95, then its curve intervals
 * by k), so that a system's intervals can be computed as soon as its sums are known. Take `q`
 * is task curveTaskAt(input, q) of system ⌊q / curveTasksPerSystem(input)⌋.
 */
export function curveTasksPerSystem(input: CurveInput): number {
  return (input.ci95 ? 1 : 0) + input.ks.length;
}

/** The task (its index, as curveInterval numbers them) taken `q`-th. */
export function curveTaskAt(input: CurveInput, q: number): number {
  const per = curveTasksPerSystem(input);
  const si = Math.floor(q / per);
  const j = q - si * per;
  if (input.ci95) return j === 0 ? si : curveStart(input) + (j - 1) * input.systems.length + si;
  return j * input.systems.length + si;
}

/**
 * Interval `task` (first the systems' ci95 if asked, then the curve's, k-major: k = ks[⌊t / S⌋],
 * system = systems[t mod S]), its lower and upper ends written to out[2·task] and
 * out[2·task + 1].
 */
export function curveInterval(input: CurveInput, task: number, out: Float64Array): void {
  const S = input.systems.length;
  const start = curveStart(input);
  let si: number;
  let k: number;
  let seed: string;
  if (task < start) {
    si = task;
    k = (input.errors[si] as Float64Array).length;
    seed = `${input.seed}/${input.systems[si] as string}`;
  } else {
    const t = task - start;
    const ki = Math.floor(t / S);
    si = t - ki * S;
    k = input.ks[ki] as number;
    seed = `${input.seed}/${input.systems[si] as string}/${k}`;
  }
  const [lo, hi] = bootstrapInterval(
    { errors: input.errors[si] as Float64Array, refTokens: input.refTokens[si] as Float64Array },
    k,
    input.replicates,
    seed,
  );
  out[2 * task] = lo;
  out[2 * task + 1] = hi;
}

/** System `si`'s ci95 among the computed intervals (the input asked for them). */
export function ci95Of(intervals: Float64Array, si: number): [number, number] {
  return [intervals[2 * si] as number, intervals[2 * si + 1] as number];
}

/**
 * Who computes a study's intervals. `start` receives the input before its sums are known;
 * system si's sums are written into its arrays (those `array` gave, when the runner has one),
 * then `ready(si)` is called, for si = 0, 1, … in order; `finish`, once every system is ready,
 * returns every interval (2 per task, as curveInterval writes them). Meanwhile the caller goes
 * on with other work, so a runner may compute the ready systems' intervals elsewhere (the
 * command line's second thread); the figures are the same whoever computes them.
 */
export interface CurveRunner {
  array?: (length: number) => Float64Array;
  start: (input: CurveInput) => { ready: (si: number) => void; finish: () => Float64Array };
}

/** Every interval of an input whose sums are all known, computed here in order. */
export function curveIntervals(input: CurveInput): Float64Array {
  const out = new Float64Array(2 * curveTasks(input));
  for (let task = 0; task < curveTasks(input); task++) curveInterval(input, task, out);
  return out;
}

/** The intervals computed here, in order, when `finish` is called. */
export const curveHere: CurveRunner = {
  start: (input) => ({ ready: () => {}, finish: () => curveIntervals(input) }),
};

/** The curve's points from its intervals: per k, the systems' mean width and its sample sd. */
export function curvePoints(input: CurveInput, intervals: Float64Array): CurvePoint[] {
  const S = input.systems.length;
  const start = curveStart(input);
  return input.ks.map((k, ki) => {
    const widths: number[] = [];
    for (let si = 0; si < S; si++) {
      const task = start + ki * S + si;
      widths.push((intervals[2 * task + 1] as number) - (intervals[2 * task] as number));
    }
    const n = widths.length;
    let sum = 0;
    for (const w of widths) sum += w;
    const mean = sum / n;
    let sdWidth: number | null = null;
    if (n >= 2) {
      let squares = 0;
      for (const w of widths) squares += (w - mean) * (w - mean);
      sdWidth = Math.sqrt(squares / (n - 1));
    }
    return { k, systems: n, meanWidth: mean, sdWidth };
  });
}
