// The crowd's consensus spans, per bin (docs/statistics.md, "Consensus"):
// - majority vote: a bin is in the consensus when more than half of the clip's crowd
//   annotators marked it;
// - a reliability-weighted model: two-class Dawid–Skene over bins, each crowd annotator with a
//   sensitivity (P(mark | unnatural)) and a specificity (P(no mark | natural)), estimated with
//   the prevalence by EM; a bin is in the consensus when its posterior exceeds 0.5.
// Only crowd annotators count, on clips with at least two crowd annotations. Identical items
// (the same annotators voting the same way) are pooled with a weight, so EM runs over a few
// thousand distinct patterns even for a million bins.

import type { AnnotationFile } from "../interchange/types.ts";
import { type Span, secondsFromUs } from "../study/spans.ts";
import { EM_WASM } from "./emWasm.ts";
import { kappaFromCells } from "./kappa.ts";
import { exp, ln, log1p } from "./math.ts";
import {
  byCodeUnit,
  clipGrid,
  IdLookup,
  type RegionTable,
  readRegions,
  readSubmissions,
  type SubmissionTable,
} from "./records.ts";
import { sortFewAscending } from "./sortFew.ts";
import { binCount, ceilDiv, floorDiv, markSpan, us } from "./time.ts";
import { reserve, wasmKernel } from "./wasm.ts";

/** A worker's sensitivity or specificity is kept inside [ε, 1 − ε] while EM runs (no log 0). */
const EPSILON = 1e-6;
/**
 * EM stops when the log-likelihood per bin gains less than TOLERANCE in a round (converged), or
 * after MAX_ITERATIONS rounds (not converged: on a crowd whose marks carry little structure the
 * likelihood is nearly flat along a ridge and EM creeps along it; the report says so).
 */
const TOLERANCE = 1e-10;
const MAX_ITERATIONS = 1000;

export interface ConsensusWorker {
  id: string;
  /** Clips (with ≥ 2 crowd annotations) this annotator annotated, and their bins. */
  annotations: number;
  bins: number;
  /** The model's P(mark | unnatural bin) and P(no mark | natural bin); null without such bins. */
  sensitivity: number | null;
  specificity: number | null;
  /** Cohen's kappa of the annotator's bins against the majority and the model consensus. */
  kappaMajority: number | null;
  kappaModel: number | null;
}

export interface ConsensusSummary {
  /** Clips with at least two crowd annotations, and their bins. */
  clips: number;
  bins: number;
  /** Share of those bins in the majority and in the model consensus (null without bins). */
  majorityFraction: number | null;
  modelFraction: number | null;
  /** The model's prior probability that a bin is unnatural. */
  prevalence: number | null;
  /** Whether EM met its stopping rule, and the rounds it ran (0 without bins). */
  converged: boolean;
  iterations: number;
  workers: ConsensusWorker[];
}

export interface ClipConsensus {
  clipId: string;
  annotators: string[];
  /** Consensus regions, merged runs of consensus bins, clamped to the clip (seconds). */
  majority: Span[];
  model: Span[];
}

export interface Consensus {
  summary: ConsensusSummary;
  clips: ClipConsensus[];
}

/** Runs of 1s in a bin vector as spans in seconds, the last bin ending at the clip's end. */
export function binsToSpans(bins: Uint8Array, binUs: number, durationUs: number): Span[] {
  const spans: Span[] = [];
  let k = 0;
  while (k < bins.length) {
    if (!bins[k]) {
      k++;
      continue;
    }
    const first = k;
    while (k < bins.length && bins[k]) k++;
    spans.push({
      start: secondsFromUs(first * binUs),
      end: secondsFromUs(Math.min(k * binUs, durationUs)),
    });
  }
  return spans;
}

/** The majority consensus of one clip's bin vectors: marked by more than half of them. */
export function majorityBins(vectors: readonly Uint8Array[]): Uint8Array {
  const n = vectors.length;
  const out = new Uint8Array(vectors[0]?.length ?? 0);
  for (let k = 0; k < out.length; k++) {
    let votes = 0;
    for (const v of vectors) votes += v[k] as number;
    out[k] = 2 * votes > n ? 1 : 0;
  }
  return out;
}

/** Majority consensus spans of one clip from its annotators' spans (the expert screen). */
export function majoritySpans(
  annotations: readonly (readonly Span[])[],
  duration: number,
  binSeconds: number,
): Span[] {
  const durationUs = us(duration);
  const binUs = us(binSeconds);
  const k = binCount(durationUs, binUs);
  const vectors = annotations.map((spans) => {
    const v = new Uint8Array(k);
    for (const s of spans) markSpan(v, 0, k, us(s.start), Math.min(us(s.end), durationUs), binUs);
    return v;
  });
  return vectors.length === 0 ? [] : binsToSpans(majorityBins(vectors), binUs, durationUs);
}

/** Distinct (annotators, votes) patterns with how many bins show each. */
interface Pattern {
  workers: Int32Array;
  votes: Uint8Array;
  weight: number;
}

export interface DawidSkeneResult {
  prevalence: number;
  sensitivity: Float64Array;
  specificity: Float64Array;
  /** Posterior P(unnatural) per pattern, in the order given. */
  posterior: Float64Array;
  /** The log-likelihood per item (weight) at the returned parameters. */
  logLikelihood: number;
  converged: boolean;
  iterations: number;
}

/** em.wat's exports: the EM's passes over the patterns (byte offsets into its memory). */
interface EmKernel {
  memory: WebAssembly.Memory;
  start: (P: number, offset: number, voted: number, posterior: number) => void;
  mstep: (...at: number[]) => void;
  estep: (...at: number[]) => number;
}

/**
 * The EM's passes in WebAssembly (em.wat, with stdlib's exp and log1p imported: the same
 * figures to the bit), or null where it can't run (wasm.ts): the loops below then do the same.
 * A study of 100,000 transcripts makes 6,000 patterns of 17 votes, passed over twice a
 * round; in JavaScript V8 compiled the function twice while it ran.
 */
const emKernel = wasmKernel<EmKernel>(EM_WASM, () => ({ math: { exp, log1p } }));

/** For tests: run the EM's passes in WebAssembly where it can (`use`), or never; whether it did. */
export const setEmKernel = emKernel.use;

/** The kernel, the EM's arrays as views of its memory, and their byte offsets. */
function emArrays(kernel: EmKernel, P: number, E: number, workers: number) {
  const at = {
    weight: 0,
    posterior: 8 * P,
    posNum: 16 * P,
    posDen: 16 * P + 8 * workers,
    negNum: 16 * P + 16 * workers,
    negDen: 16 * P + 24 * workers,
    logSe: 16 * P + 32 * workers,
    log1mSe: 16 * P + 40 * workers,
    logSp: 16 * P + 48 * workers,
    log1mSp: 16 * P + 56 * workers,
    out: 16 * P + 64 * workers,
    offset: 16 * P + 64 * workers + 16,
    voter: 16 * P + 64 * workers + 16 + 4 * (P + 1),
    voted: 16 * P + 64 * workers + 16 + 4 * (P + 1) + 4 * E,
  };
  reserve(kernel.memory, at.voted + E);
  const buffer = kernel.memory.buffer;
  const f64 = (from: number, length: number) => new Float64Array(buffer, from, length);
  return {
    kernel,
    at,
    weight: f64(at.weight, P),
    posterior: f64(at.posterior, P),
    posNum: f64(at.posNum, workers),
    posDen: f64(at.posDen, workers),
    negNum: f64(at.negNum, workers),
    negDen: f64(at.negDen, workers),
    logSe: f64(at.logSe, workers),
    log1mSe: f64(at.log1mSe, workers),
    logSp: f64(at.logSp, workers),
    log1mSp: f64(at.log1mSp, workers),
    out: f64(at.out, 2),
    offset: new Int32Array(buffer, at.offset, P + 1),
    voter: new Int32Array(buffer, at.voter, E),
    voted: new Uint8Array(buffer, at.voted, E),
  };
}

/**
 * Two-class Dawid–Skene by EM over weighted items. Starts from the soft majority (each item's
 * share of marks), then alternates the M-step (prevalence, sensitivities, specificities from
 * the posteriors) and the E-step (posteriors from the parameters, in log space, with the
 * log-likelihood per item that decides when to stop).
 */
export function dawidSkene(patterns: readonly Pattern[], workers: number): DawidSkeneResult {
  const P = patterns.length;
  let E = 0;
  for (let i = 0; i < P; i++) E += (patterns[i] as Pattern).workers.length;
  const kernel = emKernel.get();
  // The arrays in the kernel's memory where it runs (null: in JavaScript).
  const a = kernel === null ? null : emArrays(kernel, P, E, workers);
  // The patterns in flat typed arrays (pattern i's votes at offset[i] .. offset[i + 1] - 1), so
  // the rounds walk memory in order instead of chasing two arrays per pattern; every sum is
  // taken in the same order as before, so the figures are the same to the bit.
  const offset = a?.offset ?? new Int32Array(P + 1);
  const voter = a?.voter ?? new Int32Array(E);
  const voted = a?.voted ?? new Uint8Array(E);
  const weight = a?.weight ?? new Float64Array(P);
  offset[0] = 0;
  for (let i = 0; i < P; i++) {
    const p = patterns[i] as Pattern;
    offset[i + 1] = (offset[i] as number) + p.workers.length;
    voter.set(p.workers, offset[i] as number);
    voted.set(p.votes, offset[i] as number);
    weight[i] = p.weight;
  }
  const posterior = a?.posterior ?? new Float64Array(P);
  if (a !== null) {
    a.kernel.start(P, a.at.offset, a.at.voted, a.at.posterior);
  } else {
    for (let i = 0; i < P; i++) {
      let marks = 0;
      const from = offset[i] as number;
      const to = offset[i + 1] as number;
      for (let j = from; j < to; j++) marks += voted[j] as number;
      posterior[i] = marks / (to - from);
    }
  }
  const sensitivity = new Float64Array(workers);
  const specificity = new Float64Array(workers);
  let prevalence = 0;
  const clamp = (x: number) => Math.min(1 - EPSILON, Math.max(EPSILON, x));
  let converged = false;
  let iterations = 0;
  let logLikelihood = Number.NEGATIVE_INFINITY;
  const posNum = a?.posNum ?? new Float64Array(workers);
  const posDen = a?.posDen ?? new Float64Array(workers);
  const negNum = a?.negNum ?? new Float64Array(workers);
  const negDen = a?.negDen ?? new Float64Array(workers);
  const logSe = a?.logSe ?? new Float64Array(workers);
  const log1mSe = a?.log1mSe ?? new Float64Array(workers);
  const logSp = a?.logSp ?? new Float64Array(workers);
  const log1mSp = a?.log1mSp ?? new Float64Array(workers);
  while (iterations < MAX_ITERATIONS) {
    iterations++;
    // M-step.
    let total = 0;
    let positive = 0;
    if (a !== null) {
      const at = a.at;
      a.kernel.mstep(
        P,
        at.offset,
        at.voter,
        at.voted,
        at.weight,
        at.posterior,
        at.posNum,
        at.posDen,
        at.negNum,
        at.negDen,
        workers,
        at.out,
      );
      total = a.out[0] as number;
      positive = a.out[1] as number;
    } else {
      posNum.fill(0);
      posDen.fill(0);
      negNum.fill(0);
      negDen.fill(0);
      for (let i = 0; i < P; i++) {
        const wi = weight[i] as number;
        const t = (posterior[i] as number) * wi;
        const f = (1 - (posterior[i] as number)) * wi;
        total += wi;
        positive += t;
        const to = offset[i + 1] as number;
        for (let j = offset[i] as number; j < to; j++) {
          const w = voter[j] as number;
          posDen[w] = (posDen[w] as number) + t;
          negDen[w] = (negDen[w] as number) + f;
          if (voted[j]) posNum[w] = (posNum[w] as number) + t;
          else negNum[w] = (negNum[w] as number) + f;
        }
      }
    }
    prevalence = clamp(total > 0 ? positive / total : 0.5);
    for (let w = 0; w < workers; w++) {
      const se = clamp(
        (posDen[w] as number) > 0 ? (posNum[w] as number) / (posDen[w] as number) : 0.5,
      );
      const sp = clamp(
        (negDen[w] as number) > 0 ? (negNum[w] as number) / (negDen[w] as number) : 0.5,
      );
      sensitivity[w] = se;
      specificity[w] = sp;
      // The four logs of each worker, once per round rather than once per vote.
      logSe[w] = ln(se);
      log1mSe[w] = ln(1 - se);
      logSp[w] = ln(sp);
      log1mSp[w] = ln(1 - sp);
    }
    // E-step.
    let sum = 0;
    const logPrior1 = ln(prevalence);
    const logPrior0 = ln(1 - prevalence);
    if (a !== null) {
      const at = a.at;
      sum = a.kernel.estep(
        P,
        at.offset,
        at.voter,
        at.voted,
        at.weight,
        at.posterior,
        at.logSe,
        at.log1mSe,
        at.logSp,
        at.log1mSp,
        logPrior1,
        logPrior0,
      );
    } else {
      for (let i = 0; i < P; i++) {
        let l1 = logPrior1;
        let l0 = logPrior0;
        const to = offset[i + 1] as number;
        for (let j = offset[i] as number; j < to; j++) {
          const w = voter[j] as number;
          if (voted[j]) {
            l1 += logSe[w] as number;
            l0 += log1mSp[w] as number;
          } else {
            l1 += log1mSe[w] as number;
            l0 += logSp[w] as number;
          }
        }
        posterior[i] = 1 / (1 + exp(l0 - l1));
        const high = Math.max(l0, l1);
        sum += (weight[i] as number) * (high + log1p(exp(Math.min(l0, l1) - high)));
      }
    }
    const previous = logLikelihood;
    logLikelihood = sum / total;
    if (logLikelihood - previous < TOLERANCE) {
      converged = true;
      break;
    }
  }
  return {
    prevalence,
    sensitivity,
    specificity,
    // The kernel's memory is used again by the next study.
    posterior: a === null ? posterior : posterior.slice(),
    logLikelihood,
    converged,
    iterations,
  };
}

/** The parts of a study the consensus reads, as the report's pass prepares them (records.ts). */
export interface ConsensusTables {
  clips: AnnotationFile["clips"];
  /** Annotator ids in code-unit order; the tables' annotator indexes point here. */
  annotatorIds: readonly string[];
  /** 1 for the indexes of crowd annotators. */
  crowd: Uint8Array;
  durUs: Float64Array;
  bins: Int32Array;
  regions: RegionTable;
  submissions: SubmissionTable;
}

/** Bits of a vote mask word (the sign bit left alone). */
const WORD = 30;

/**
 * The study's consensus: the summary with each crowd worker's figures and, when `withRegions`,
 * each clip's consensus regions (the exports; the report needs only the summary).
 */
export function computeConsensus(
  file: AnnotationFile,
  binSeconds: number,
  withRegions = true,
): Consensus {
  const binUs = us(binSeconds);
  const grid = clipGrid(file.clips, binUs);
  const annotatorIds = file.annotators.map((a) => a.id).sort(byCodeUnit);
  const lookup = new IdLookup(file.clips, annotatorIds);
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  return consensusFromTables(
    {
      clips: file.clips,
      annotatorIds,
      crowd: Uint8Array.from(annotatorIds, (id) => (roles.get(id) === "crowd" ? 1 : 0)),
      durUs: grid.durUs,
      bins: grid.bins,
      regions: readRegions(file.regions, lookup, grid.durUs),
      submissions: readSubmissions(file.submissions, lookup, file.clips.length),
    },
    binUs,
    withRegions,
  );
}

/**
 * The consensus over prepared tables. Each clip's votes are built as bit masks, one word per
 * 30 annotators of the clip, set over each region's bin range; bins with the same annotators
 * and the same mask share a pattern (consecutive bins mostly repeat the last one). Everything
 * but the per-clip regions is then a sum over patterns: a pattern fixes every vote, the
 * majority and the model's decision.
 */
export function consensusFromTables(
  t: ConsensusTables,
  binUs: number,
  withRegions: boolean,
): Consensus {
  const A = t.annotatorIds.length;
  const C = t.clips.length;
  const { regions, submissions } = t;
  // Per clip: which annotators are in it (a stamp per annotator) and at which position.
  const stamp = new Int32Array(A).fill(-1);
  const position = new Int32Array(A);
  const annotations = new Int32Array(A);
  // The clip's crowd annotators (reused: one array for every clip).
  const ids: number[] = [];
  let masks = new Int32Array(0);
  const patterns: Pattern[] = [];
  const patternIds = new Map<string, Map<number | string, number>>();
  // The clips counted, each with its workers and its bins' patterns when `withRegions`.
  const used: { clip: number; workers: Int32Array; patternOf: Int32Array }[] = [];
  let usedClips = 0;
  let totalBins = 0;
  for (let c = 0; c < C; c++) {
    const k = t.bins[c] as number;
    if (k === 0) continue;
    ids.length = 0;
    for (
      let i = submissions.offsets[c] as number;
      i < (submissions.offsets[c + 1] as number);
      i++
    ) {
      const a = submissions.annotator[submissions.order[i] as number] as number;
      if (t.crowd[a] && stamp[a] !== c) {
        stamp[a] = c;
        ids.push(a);
      }
    }
    const r0 = regions.offsets[c] as number;
    const r1 = regions.offsets[c + 1] as number;
    for (let i = r0; i < r1; i++) {
      const a = regions.annotator[regions.order[i] as number] as number;
      if (t.crowd[a] && stamp[a] !== c) {
        stamp[a] = c;
        ids.push(a);
      }
    }
    const n = ids.length;
    if (n < 2) continue;
    // Ascending (a clip has a handful, all different).
    sortFewAscending(ids, n);
    for (let j = 0; j < n; j++) {
      position[ids[j] as number] = j;
      annotations[ids[j] as number] = (annotations[ids[j] as number] as number) + 1;
    }
    const W = Math.ceil(n / WORD);
    if (masks.length < k * W) masks = new Int32Array(Math.max(k * W, masks.length * 2));
    masks.fill(0, 0, k * W);
    for (let i = r0; i < r1; i++) {
      const r = regions.order[i] as number;
      const a = regions.annotator[r] as number;
      const s = regions.start[r] as number;
      const e = regions.end[r] as number;
      if (!t.crowd[a] || e <= s) continue;
      const j = position[a] as number;
      const word = (j / WORD) | 0;
      const bit = 1 << (j % WORD);
      const first = Math.max(0, floorDiv(s, binUs));
      const last = Math.min(k - 1, ceilDiv(e, binUs) - 1);
      for (let b = first; b <= last; b++)
        masks[b * W + word] = (masks[b * W + word] as number) | bit;
    }
    // The clip's workers as a typed array, made when a pattern or the clip's regions need it.
    let workers: Int32Array | null = null;
    // One UTF-16 code unit per worker while every index fits in one (no decimal digits to write).
    const workerKey = A <= 0x10000 ? String.fromCharCode.apply(null, ids) : ids.join(",");
    let known = patternIds.get(workerKey);
    if (!known) {
      known = new Map();
      patternIds.set(workerKey, known);
    }
    const patternOf = withRegions ? new Int32Array(k) : null;
    if (withRegions) workers = new Int32Array(ids);
    // Runs of equal masks (most bins repeat the one before) take one pattern lookup.
    let b = 0;
    while (b < k) {
      const key = W === 1 ? (masks[b] as number) : masks.subarray(b * W, b * W + W).join(",");
      let end = b + 1;
      if (W === 1) while (end < k && masks[end] === key) end++;
      let id = known.get(key);
      if (id === undefined) {
        id = patterns.length;
        known.set(key, id);
        const votes = new Uint8Array(n);
        for (let j = 0; j < n; j++) {
          votes[j] = ((masks[b * W + ((j / WORD) | 0)] as number) >>> (j % WORD)) & 1;
        }
        workers ??= new Int32Array(ids);
        patterns.push({ workers, votes, weight: 0 });
      }
      (patterns[id] as Pattern).weight += end - b;
      if (patternOf) patternOf.fill(id, b, end);
      b = end;
    }
    totalBins += k;
    usedClips++;
    if (patternOf) used.push({ clip: c, workers: workers as Int32Array, patternOf });
  }

  const model = patterns.length > 0 ? dawidSkene(patterns, A) : null;

  // Per pattern: the majority and the model's decision; per worker, pooled kappa cells.
  const P = patterns.length;
  const majorityOf = new Uint8Array(P);
  const modelOf = new Uint8Array(P);
  const maj = new Float64Array(A * 4);
  const mod = new Float64Array(A * 4);
  const binsOf = new Float64Array(A);
  let majorityMarked = 0;
  let modelMarked = 0;
  for (let p = 0; p < P; p++) {
    const { workers, votes, weight } = patterns[p] as Pattern;
    let marks = 0;
    for (let j = 0; j < votes.length; j++) marks += votes[j] as number;
    const m = 2 * marks > votes.length ? 1 : 0;
    const d = (model?.posterior[p] as number) > 0.5 ? 1 : 0;
    majorityOf[p] = m;
    modelOf[p] = d;
    majorityMarked += m * weight;
    modelMarked += d * weight;
    for (let j = 0; j < votes.length; j++) {
      const w = workers[j] as number;
      const x = votes[j] as number;
      binsOf[w] = (binsOf[w] as number) + weight;
      maj[w * 4 + ((x << 1) | m)] = (maj[w * 4 + ((x << 1) | m)] as number) + weight;
      mod[w * 4 + ((x << 1) | d)] = (mod[w * 4 + ((x << 1) | d)] as number) + weight;
    }
  }

  const clips: ClipConsensus[] = [];
  if (withRegions) {
    for (const { clip, workers, patternOf: of } of used) {
      const majority = new Uint8Array(of.length);
      const modelBins = new Uint8Array(of.length);
      for (let b = 0; b < of.length; b++) {
        majority[b] = majorityOf[of[b] as number] as number;
        modelBins[b] = modelOf[of[b] as number] as number;
      }
      const durationUs = t.durUs[clip] as number;
      clips.push({
        clipId: (t.clips[clip] as AnnotationFile["clips"][number]).id,
        annotators: Array.from(workers, (w) => t.annotatorIds[w] as string),
        majority: binsToSpans(majority, binUs, durationUs),
        model: binsToSpans(modelBins, binUs, durationUs),
      });
    }
  }

  const kappa = (cells: Float64Array, w: number) =>
    kappaFromCells(
      cells[w * 4 + 3] as number,
      cells[w * 4 + 2] as number,
      cells[w * 4 + 1] as number,
      cells[w * 4] as number,
    );
  const workers: ConsensusWorker[] = [];
  for (let w = 0; w < A; w++) {
    if (!t.crowd[w] || (annotations[w] as number) === 0) continue;
    workers.push({
      id: t.annotatorIds[w] as string,
      annotations: annotations[w] as number,
      bins: binsOf[w] as number,
      sensitivity: model ? (model.sensitivity[w] as number) : null,
      specificity: model ? (model.specificity[w] as number) : null,
      kappaMajority: kappa(maj, w),
      kappaModel: kappa(mod, w),
    });
  }
  return {
    summary: {
      clips: usedClips,
      bins: totalBins,
      majorityFraction: totalBins > 0 ? majorityMarked / totalBins : null,
      modelFraction: totalBins > 0 ? modelMarked / totalBins : null,
      prevalence: model ? model.prevalence : null,
      converged: model ? model.converged : true,
      iterations: model ? model.iterations : 0,
      workers,
    },
    clips,
  };
}
