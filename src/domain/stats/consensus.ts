// The crowd's consensus spans, per bin (docs/statistics.md, "Consensus"):
// - majority vote: a bin is in the consensus when more than half of the clip's crowd
//   annotators marked it;
// - a reliability-weighted model: two-class Dawid–Skene over bins, each crowd annotator with a
//   sensitivity (P(mark | unnatural)) and a specificity (P(no mark | natural)), estimated with
//   the prevalence by EM; a bin is in the consensus when its posterior exceeds 0.5.
// Only crowd annotators count, on clips with at least two crowd annotations. Identical items
// (the same annotators voting the same way) are pooled with a weight, so EM runs over a few
// thousand distinct patterns even for a million bins.

import { type Span, secondsFromUs } from "../spans.ts";
import type { AnnotationFile } from "../types.ts";
import { kappaFromCells } from "./kappa.ts";
import { byCodeUnit } from "./records.ts";
import { binCount, markSpan, us } from "./time.ts";

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

/**
 * Two-class Dawid–Skene by EM over weighted items. Starts from the soft majority (each item's
 * share of marks), then alternates the M-step (prevalence, sensitivities, specificities from
 * the posteriors) and the E-step (posteriors from the parameters, in log space, with the
 * log-likelihood per item that decides when to stop).
 */
export function dawidSkene(patterns: readonly Pattern[], workers: number): DawidSkeneResult {
  const P = patterns.length;
  const posterior = new Float64Array(P);
  for (let i = 0; i < P; i++) {
    const p = patterns[i] as Pattern;
    let marks = 0;
    for (const v of p.votes) marks += v;
    posterior[i] = marks / p.votes.length;
  }
  const sensitivity = new Float64Array(workers);
  const specificity = new Float64Array(workers);
  let prevalence = 0;
  const clamp = (x: number) => Math.min(1 - EPSILON, Math.max(EPSILON, x));
  let converged = false;
  let iterations = 0;
  let logLikelihood = Number.NEGATIVE_INFINITY;
  const posNum = new Float64Array(workers);
  const posDen = new Float64Array(workers);
  const negNum = new Float64Array(workers);
  const negDen = new Float64Array(workers);
  while (iterations < MAX_ITERATIONS) {
    iterations++;
    // M-step.
    posNum.fill(0);
    posDen.fill(0);
    negNum.fill(0);
    negDen.fill(0);
    let total = 0;
    let positive = 0;
    for (let i = 0; i < P; i++) {
      const p = patterns[i] as Pattern;
      const t = (posterior[i] as number) * p.weight;
      const f = (1 - (posterior[i] as number)) * p.weight;
      total += p.weight;
      positive += t;
      for (let j = 0; j < p.workers.length; j++) {
        const w = p.workers[j] as number;
        const vote = p.votes[j] as number;
        posDen[w] = (posDen[w] as number) + t;
        negDen[w] = (negDen[w] as number) + f;
        if (vote) posNum[w] = (posNum[w] as number) + t;
        else negNum[w] = (negNum[w] as number) + f;
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
    }
    // E-step.
    let sum = 0;
    const logPrior1 = Math.log(prevalence);
    const logPrior0 = Math.log(1 - prevalence);
    for (let i = 0; i < P; i++) {
      const p = patterns[i] as Pattern;
      let l1 = logPrior1;
      let l0 = logPrior0;
      for (let j = 0; j < p.workers.length; j++) {
        const w = p.workers[j] as number;
        const se = sensitivity[w] as number;
        const sp = specificity[w] as number;
        if (p.votes[j]) {
          l1 += Math.log(se);
          l0 += Math.log(1 - sp);
        } else {
          l1 += Math.log(1 - se);
          l0 += Math.log(sp);
        }
      }
      posterior[i] = 1 / (1 + Math.exp(l0 - l1));
      const high = Math.max(l0, l1);
      sum += p.weight * (high + Math.log1p(Math.exp(Math.min(l0, l1) - high)));
    }
    const previous = logLikelihood;
    logLikelihood = sum / total;
    if (logLikelihood - previous < TOLERANCE) {
      converged = true;
      break;
    }
  }
  return { prevalence, sensitivity, specificity, posterior, logLikelihood, converged, iterations };
}

/** The study's consensus: per clip regions and the summary with each crowd worker's figures. */
export function computeConsensus(file: AnnotationFile, binSeconds: number): Consensus {
  const binUs = us(binSeconds);
  const crowd = new Set(file.annotators.filter((a) => a.role === "crowd").map((a) => a.id));
  const workerIds = [...crowd].sort(byCodeUnit);
  const workerIndex = new Map(workerIds.map((id, i) => [id, i]));

  // Crowd annotations per clip (a submission or a region), and their non-empty regions.
  const clipIndex = new Map(file.clips.map((c, i) => [c.id, i]));
  const annotated: Set<string>[] = file.clips.map(() => new Set());
  const regions = new Map<string, Span[]>();
  for (const s of file.submissions) {
    if (crowd.has(s.annotatorId)) annotated[clipIndex.get(s.clipId) as number]?.add(s.annotatorId);
  }
  for (const r of file.regions) {
    if (!crowd.has(r.annotatorId)) continue;
    annotated[clipIndex.get(r.clipId) as number]?.add(r.annotatorId);
    const key = `${r.clipId}\u0000${r.annotatorId}`;
    const list = regions.get(key);
    if (list) list.push(r);
    else regions.set(key, [r]);
  }

  // Per clip with ≥ 2 crowd annotations: the bin vectors, and the vote patterns for EM.
  interface ClipVotes {
    clip: number;
    workers: Int32Array;
    vectors: Uint8Array[];
    durationUs: number;
    patternOf: Int32Array;
  }
  const used: ClipVotes[] = [];
  const patterns: Pattern[] = [];
  // Pattern ids per set of annotators, then per vote mask.
  const patternIds = new Map<string, Map<number | string, number>>();
  let totalBins = 0;
  file.clips.forEach((clip, c) => {
    const ids = [...(annotated[c] as Set<string>)].sort(byCodeUnit);
    if (ids.length < 2) return;
    const durationUs = us(clip.duration);
    const k = durationUs > 0 ? binCount(durationUs, binUs) : 0;
    if (k === 0) return;
    const workers = Int32Array.from(ids, (id) => workerIndex.get(id) as number);
    const vectors = ids.map((id) => {
      const v = new Uint8Array(k);
      for (const r of regions.get(`${clip.id}\u0000${id}`) ?? []) {
        markSpan(v, 0, k, us(r.start), Math.min(us(r.end), durationUs), binUs);
      }
      return v;
    });
    const patternOf = new Int32Array(k);
    const workerKey = workers.join(",");
    let known = patternIds.get(workerKey);
    if (!known) {
      known = new Map();
      patternIds.set(workerKey, known);
    }
    const n = vectors.length;
    for (let b = 0; b < k; b++) {
      // The votes as a bit mask (a string past 30 annotators on one clip).
      let mask = 0;
      let text = "";
      for (let j = 0; j < n; j++) {
        const x = (vectors[j] as Uint8Array)[b] as number;
        if (n <= 30) mask |= x << j;
        else text += x;
      }
      const key = n <= 30 ? mask : text;
      let id = known.get(key);
      if (id === undefined) {
        id = patterns.length;
        known.set(key, id);
        const votes = new Uint8Array(n);
        for (let j = 0; j < n; j++) votes[j] = (vectors[j] as Uint8Array)[b] as number;
        patterns.push({ workers, votes, weight: 0 });
      }
      (patterns[id] as Pattern).weight++;
      patternOf[b] = id;
    }
    totalBins += k;
    used.push({ clip: c, workers, vectors, durationUs, patternOf });
  });

  const model = patterns.length > 0 ? dawidSkene(patterns, workerIds.length) : null;

  // Consensus per clip, and each worker's agreement with it (pooled cell counts).
  const cells = workerIds.map(() => ({
    maj: [0, 0, 0, 0],
    mod: [0, 0, 0, 0],
    annotations: 0,
    bins: 0,
  }));
  let majorityMarked = 0;
  let modelMarked = 0;
  const clips: ClipConsensus[] = used.map(({ clip, workers, vectors, durationUs, patternOf }) => {
    const majority = majorityBins(vectors);
    const modelBins = new Uint8Array(majority.length);
    for (let b = 0; b < modelBins.length; b++) {
      modelBins[b] = (model?.posterior[patternOf[b] as number] as number) > 0.5 ? 1 : 0;
      majorityMarked += majority[b] as number;
      modelMarked += modelBins[b] as number;
    }
    workers.forEach((w, j) => {
      const cell = cells[w] as (typeof cells)[number];
      const v = vectors[j] as Uint8Array;
      cell.annotations++;
      cell.bins += v.length;
      for (let b = 0; b < v.length; b++) {
        const x = v[b] as number;
        const maj = (x << 1) | (majority[b] as number);
        const mod = (x << 1) | (modelBins[b] as number);
        cell.maj[maj] = (cell.maj[maj] as number) + 1;
        cell.mod[mod] = (cell.mod[mod] as number) + 1;
      }
    });
    return {
      clipId: (file.clips[clip] as AnnotationFile["clips"][number]).id,
      annotators: Array.from(workers, (w) => workerIds[w] as string),
      majority: binsToSpans(majority, binUs, durationUs),
      model: binsToSpans(modelBins, binUs, durationUs),
    };
  });

  const kappa = (c: number[]) =>
    kappaFromCells(c[3] as number, c[2] as number, c[1] as number, c[0] as number);
  const workers: ConsensusWorker[] = workerIds
    .map((id, w) => {
      const cell = cells[w] as (typeof cells)[number];
      const seen = cell.annotations > 0;
      return {
        id,
        annotations: cell.annotations,
        bins: cell.bins,
        sensitivity: seen && model ? (model.sensitivity[w] as number) : null,
        specificity: seen && model ? (model.specificity[w] as number) : null,
        kappaMajority: seen ? kappa(cell.maj) : null,
        kappaModel: seen ? kappa(cell.mod) : null,
      };
    })
    .filter((w) => w.annotations > 0);
  return {
    summary: {
      clips: used.length,
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
