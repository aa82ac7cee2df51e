// Merging each recording's crowd transcripts into one text (docs/transcripts.md):
//   rover        the spec's ROVER, exactly as crowd-kit computes it (the challenge's baseline);
//   reliability  (the default) each annotator's reliability learned across all recordings without
//                true texts, then a reliability-weighted ROVER aligned most reliable first, checked
//                against the transcripts themselves by a weighted median.
// Pure TypeScript: the CLI runs it, and a browser's Web Worker can.
import { ln } from "../util/math.ts";
import { editDistance } from "./align.ts";
import { type AggregationMethod, DEFAULT_METHOD } from "./methods.ts";
import {
  type AggregatedTask,
  consensusText,
  type Prepared,
  prepare,
  roverTasks,
} from "./prepared.ts";
import { roverIds } from "./rover.ts";
import type { TaskResponses } from "./taskCsv.ts";

export { AGGREGATION_METHODS, type AggregationMethod, DEFAULT_METHOD } from "./methods.ts";
export type { AggregatedTask } from "./prepared.ts";

/**
 * The method's three constants, chosen once on the development half and not tuned further:
 * rounds of re-estimation, the prior's strength in recordings (how many recordings' worth of
 * words at the crowd's error rate an annotator starts with), and the floor and ceiling of an error
 * rate (a weight stays finite).
 */
export const RELIABILITY_ROUNDS = 3;
export const PRIOR_RECORDINGS = 2;
export const ERROR_RATE_BOUNDS = [0.01, 0.99] as const;

export interface AnnotatorReliability {
  annotator: string;
  transcripts: number;
  /** Word errors against the consensus the weights were learned from, over its words. */
  errors: number;
  words: number;
  /** The error rate with the prior: (errors + a·ē·L̄) / (words + a·L̄). */
  errorRate: number;
  /** The vote: log((1 - e) / e), 0 for an annotator wrong at least half the time (left out). */
  weight: number;
}

export interface Aggregation {
  method: AggregationMethod;
  tasks: AggregatedTask[];
  /** Each annotator's estimated reliability, in order of first appearance. */
  annotators: AnnotatorReliability[];
}

interface Estimate {
  errors: Float64Array;
  words: Float64Array;
  counts: Int32Array;
  errorRate: Float64Array;
  weight: Float64Array;
}

/**
 * Each annotator's error rate against the current consensus (`distances[i][k]`: word errors of
 * recording i's transcript k against it), pooled over their recordings and drawn towards the
 * crowd's rate by a prior worth PRIOR_RECORDINGS average recordings; the weight is the log-odds
 * of being right (Nitzan & Paroush's optimal vote for independent voters), 0 when the error rate
 * is 0.5 or more.
 */
function estimate(
  prepared: readonly Prepared[],
  consensus: readonly Int32Array[],
  distances: readonly Int32Array[],
  n: number,
) {
  const errors = new Float64Array(n);
  const words = new Float64Array(n);
  const counts = new Int32Array(n);
  let allErrors = 0;
  let allWords = 0;
  let transcripts = 0;
  prepared.forEach((p, i) => {
    const length = Math.max((consensus[i] as Int32Array).length, 1);
    const d = distances[i] as Int32Array;
    for (let k = 0; k < p.words.length; k++) {
      const w = p.annotators[k] as number;
      errors[w] = (errors[w] as number) + (d[k] as number);
      words[w] = (words[w] as number) + length;
      counts[w] = (counts[w] as number) + 1;
      allErrors += d[k] as number;
      allWords += length;
      transcripts++;
    }
  });
  const crowdRate = allWords === 0 ? 0.5 : allErrors / allWords;
  const priorWords = transcripts === 0 ? 0 : (PRIOR_RECORDINGS * allWords) / transcripts;
  const errorRate = new Float64Array(n);
  const weight = new Float64Array(n);
  const [low, high] = ERROR_RATE_BOUNDS;
  for (let w = 0; w < n; w++) {
    const raw =
      ((errors[w] as number) + priorWords * crowdRate) / ((words[w] as number) + priorWords);
    const e = Math.min(high, Math.max(low, raw));
    errorRate[w] = e;
    weight[w] = Math.max(0, ln((1 - e) / e));
  }
  return { errors, words, counts, errorRate, weight } satisfies Estimate;
}

/** Word errors of each transcript against `c`. */
function distancesTo(c: Int32Array, words: readonly Int32Array[]): Int32Array {
  return Int32Array.from(words, (h) => editDistance(c, h));
}

/** Word errors between every two transcripts of a recording (k × k, row-major). */
function pairDistances(words: readonly Int32Array[]): Int32Array {
  const k = words.length;
  const out = new Int32Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const d = editDistance(words[a] as Int32Array, words[b] as Int32Array);
      out[a * k + b] = d;
      out[b * k + a] = d;
    }
  }
  return out;
}

/**
 * The weighted median's cost of a candidate, from its word errors against each transcript: the
 * weighted sum of word error rates, each transcript taken as a possible reference, its rate capped
 * at 1 as accuracy is floored at 0.
 */
function medianCost(d: ArrayLike<number>, words: readonly Int32Array[], weights: Float64Array) {
  let cost = 0;
  for (let k = 0; k < words.length; k++) {
    const rate = Math.min(1, (d[k] as number) / Math.max(1, (words[k] as Int32Array).length));
    cost += (weights[k] as number) * rate;
  }
  return cost;
}

/**
 * One recording by the reliability method, given each annotator's weight: the weighted ROVER, or a
 * transcript if the weighted median prefers it (the ROVER output wins ties). Returns the
 * consensus and its word errors against each transcript.
 */
function reliableConsensus(
  p: Prepared,
  pairs: Int32Array,
  annotatorWeight: Float64Array,
): { consensus: Int32Array; distances: Int32Array } {
  const k = p.network.length;
  const weights = new Float64Array(k);
  let total = 0;
  for (let q = 0; q < k; q++) {
    weights[q] = annotatorWeight[p.annotators[q] as number] as number;
    total += weights[q] as number;
  }
  // Every annotator left out: the recording still gets the crowd's plain vote.
  if (total === 0) weights.fill(1);
  // Most reliable first (stable: ties keep the file's order), so the skeleton is the best one's.
  const order = Array.from({ length: k }, (_, q) => q).sort(
    (a, b) => (weights[b] as number) - (weights[a] as number),
  );
  const rover = roverIds(
    order.map((q) => p.network[q] as Int32Array),
    p.vocabulary,
    order.map((q) => weights[q] as number),
  );
  const roverDistances = distancesTo(rover, p.words);
  let best = -1;
  let bestCost = medianCost(roverDistances, p.words, weights);
  for (let q = 0; q < k; q++) {
    const cost = medianCost(pairs.subarray(q * k, q * k + k), p.words, weights);
    if (cost < bestCost - 1e-9) {
      bestCost = cost;
      best = q;
    }
  }
  if (best < 0) return { consensus: rover, distances: roverDistances };
  return { consensus: p.words[best] as Int32Array, distances: pairs.slice(best * k, best * k + k) };
}

/**
 * Aggregates every task's transcripts; tasks keep their order. `annotatorFigures: false` spares
 * ROVER the annotators' figures against its output (`annotators` is then empty); the reliability
 * method always has them.
 */
export function aggregateTranscripts(
  tasks: readonly TaskResponses[],
  method: AggregationMethod = DEFAULT_METHOD,
  options: { annotatorFigures?: boolean } = {},
): Aggregation {
  if (method === "rover" && options.annotatorFigures === false) {
    return { method, tasks: roverTasks(tasks), annotators: [] };
  }
  const annotatorIds = new Map<string, number>();
  const prepared = prepare(tasks, annotatorIds);
  const n = annotatorIds.size;
  let consensus = prepared.map((p) => roverIds(p.network, p.vocabulary));
  let distances = prepared.map((p, i) => distancesTo(consensus[i] as Int32Array, p.words));
  let used = estimate(prepared, consensus, distances, n);
  if (method === "reliability") {
    const pairs = prepared.map((p) => pairDistances(p.words));
    for (let round = 0; round < RELIABILITY_ROUNDS; round++) {
      if (round > 0) used = estimate(prepared, consensus, distances, n);
      const weight = used.weight;
      const next = prepared.map((p, i) => reliableConsensus(p, pairs[i] as Int32Array, weight));
      consensus = next.map((r) => r.consensus);
      distances = next.map((r) => r.distances);
    }
  }
  const names = [...annotatorIds.keys()];
  return {
    method,
    tasks: prepared.map((p, i) => ({
      task: p.task,
      output: consensusText(p, consensus[i] as Int32Array),
      transcripts: p.network.length,
    })),
    annotators: names.map((annotator, w) => ({
      annotator,
      transcripts: used.counts[w] as number,
      errors: used.errors[w] as number,
      words: used.words[w] as number,
      errorRate: used.errorRate[w] as number,
      weight: method === "rover" ? 1 : (used.weight[w] as number),
    })),
  };
}
