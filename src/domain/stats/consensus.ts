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
import { exp, ln, log1p } from "../util/math.ts";
import { kappaFromCells } from "./kappa.ts";
import {
  byCodeUnit,
  clipGrid,
  IdLookup,
  type RegionTable,
  readRegions,
  readSubmissions,
  type SubmissionTable,
} from "./records.ts";
import { sortAscending } from "./sortFew.ts";
import { binCount, ceilDiv, floorDiv, markSpan, us } from "./time.ts";

/** An annotator's sensitivity or specificity stays inside [ε, 1 − ε] while EM runs (no log 0). */
const EPSILON = 1e-6;
/**
 * EM stops when the log-likelihood per bin gains less than TOLERANCE in a round (converged), or
 * after MAX_ITERATIONS rounds (not converged: on a crowd whose marks carry little structure the
 * likelihood is nearly flat along a ridge and EM creeps along it; the report says so).
 */
const TOLERANCE = 1e-10;
const MAX_ITERATIONS = 1000;

/** A crowd annotator against the consensus. */
export interface ConsensusAnnotator {
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
  /**
   * Each crowd annotator against the consensus. `workers` is the field's name in the report
   * (`stats --json`, the analysis screen's download), kept so that readers of reports go on
   * working.
   */
  workers: ConsensusAnnotator[];
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
  annotators: Int32Array;
  votes: Uint8Array;
  weight: number;
}

/**
 * Patterns in flat arrays: pattern i's votes are voted[offset[i] … offset[i + 1] − 1], weight[i]
 * its bins, and set[i] its set of annotators (patterns with the same annotators, in the same
 * order, share one), whose annotators are annotators[annotatorsAt[s] … annotatorsAt[s + 1] − 1],
 * the k-th vote being the k-th annotator's (the arrays may run longer).
 */
interface PatternArrays {
  count: number;
  offset: Int32Array;
  voted: Uint8Array;
  weight: Float64Array;
  set: Int32Array;
  sets: number;
  annotatorsAt: Int32Array;
  annotators: Int32Array;
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
 * log-likelihood per item that decides when to stop). `start` (tests) starts it elsewhere or
 * stops it early.
 */
export function dawidSkene(
  patterns: readonly Pattern[],
  annotators: number,
  start: EmStart = {},
): DawidSkeneResult {
  const P = patterns.length;
  let E = 0;
  for (let i = 0; i < P; i++) E += (patterns[i] as Pattern).annotators.length;
  const offset = new Int32Array(P + 1);
  const voted = new Uint8Array(E);
  const weight = new Float64Array(P);
  const setOf = new Int32Array(P);
  const sets = new Map<string, number>();
  const annotatorsAt = [0];
  const setAnnotators: number[] = [];
  for (let i = 0; i < P; i++) {
    const p = patterns[i] as Pattern;
    const at = offset[i] as number;
    offset[i + 1] = at + p.annotators.length;
    voted.set(p.votes, at);
    weight[i] = p.weight;
    const key = p.annotators.join(",");
    let set = sets.get(key);
    if (set === undefined) {
      set = sets.size;
      sets.set(key, set);
      for (const w of p.annotators) setAnnotators.push(w);
      annotatorsAt.push(setAnnotators.length);
    }
    setOf[i] = set;
  }
  const flat: PatternArrays = {
    count: P,
    offset,
    voted,
    weight,
    set: setOf,
    sets: sets.size,
    annotatorsAt: Int32Array.from(annotatorsAt),
    annotators: Int32Array.from(setAnnotators),
  };
  return fitPatterns(flat, annotators, start);
}

/**
 * The annotators in classes of those that are in the same sets of annotators (so in the same
 * patterns): an annotator's expected unnatural and natural items are sums over the patterns it is
 * in, the same sums in the same order for every annotator of its class, so they are taken once per
 * class (a crowd where every annotator heard every clip is one class). classOf[w] is w's class
 * (the annotators in no pattern share one that no set has); set s's classes are
 * member[first[s] … first[s + 1] − 1].
 */
function annotatorClasses(patterns: PatternArrays, annotators: number) {
  const { sets, annotatorsAt, annotators: setAnnotators } = patterns;
  // Refined set by set: the annotators of set s that share a class split off into a new one, so
  // in the end two annotators share a class when no set tells them apart.
  // A set adds at most as many classes as it has annotators: with at most `annotators` classes
  // before a set, there are at most twice that after it.
  const classOf = new Int32Array(annotators);
  let classes = 1;
  const splitInto = new Int32Array(2 * annotators + 1);
  const stamp = new Int32Array(2 * annotators + 1).fill(-1);
  for (let s = 0; s < sets; s++) {
    const to = annotatorsAt[s + 1] as number;
    for (let j = annotatorsAt[s] as number; j < to; j++) {
      const w = setAnnotators[j] as number;
      const c = classOf[w] as number;
      if (stamp[c] !== s) {
        stamp[c] = s;
        splitInto[c] = classes++;
      }
      classOf[w] = splitInto[c] as number;
    }
    // The class numbers grow with every set: numbered again from 0 once they pass `annotators`.
    if (classes > annotators) {
      classes = renumber(classOf, stamp, splitInto);
      // Every annotator alone in its class: no set can split them further.
      if (classes === annotators) break;
    }
  }
  // Each set's distinct classes.
  const first = new Int32Array(sets + 1);
  const member: number[] = [];
  const seen = new Int32Array(classes).fill(-1);
  for (let s = 0; s < sets; s++) {
    const to = annotatorsAt[s + 1] as number;
    for (let j = annotatorsAt[s] as number; j < to; j++) {
      const c = classOf[setAnnotators[j] as number] as number;
      if (seen[c] !== s) {
        seen[c] = s;
        member.push(c);
      }
    }
    first[s + 1] = member.length;
  }
  return { classOf, classes, first, member: Int32Array.from(member) };
}

/** The classes in classOf numbered again from 0, in order of first use; how many there are. */
function renumber(classOf: Int32Array, stamp: Int32Array, splitInto: Int32Array): number {
  // Class numbers are below stamp's length; splitInto, cleared after, holds each one's new number.
  const numbers = splitInto.fill(-1);
  let n = 0;
  for (let w = 0; w < classOf.length; w++) {
    const c = classOf[w] as number;
    if ((numbers[c] as number) < 0) numbers[c] = n++;
    classOf[w] = numbers[c] as number;
  }
  stamp.fill(-1);
  splitInto.fill(0);
  return n;
}

/**
 * Where the EM starts and how long it may run, for the tests that look at single rounds: the
 * posteriors to start from (one per pattern, instead of the soft majority), and the most rounds
 * to run (instead of MAX_ITERATIONS). The EM's state between rounds is its posteriors, so rounds
 * run one at a time, each from the last one's posteriors, take the same sums as one run.
 */
export interface EmStart {
  posterior?: ArrayLike<number>;
  maxRounds?: number;
}

/**
 * Each pattern's marks: the annotators who marked pattern i, in the order of its votes, are
 * marked[marksAt[i] … marksAt[i + 1] − 1].
 */
function marksOf(patterns: PatternArrays) {
  const { count: P, offset, voted, annotatorsAt, annotators: setAnnotators } = patterns;
  const marksAt = new Int32Array(P + 1);
  let marks = 0;
  for (let i = 0; i < P; i++) {
    const to = offset[i + 1] as number;
    for (let j = offset[i] as number; j < to; j++) marks += voted[j] as number;
    marksAt[i + 1] = marks;
  }
  const marked = new Int32Array(marks);
  for (let i = 0, at = 0; i < P; i++) {
    const from = offset[i] as number;
    const to = offset[i + 1] as number;
    // The k-th vote is the k-th annotator's of the pattern's set.
    const base = (annotatorsAt[patterns.set[i] as number] as number) - from;
    for (let j = from; j < to; j++) {
      if (voted[j] === 1) marked[at++] = setAnnotators[base + j] as number;
    }
  }
  return { marksAt, marked };
}

/**
 * The EM over patterns in flat arrays (dawidSkene). Each pattern i stands for weight[i] items
 * with the same annotators and votes, so every sum over items is a sum over patterns times their
 * weights. Both steps read a pattern as its set of annotators, all unmarked, plus its marks
 * (marksOf), so that a pattern costs the work of its marks, not of its votes:
 * - the M-step sums each class's expected unnatural and natural items (annotatorClasses) and,
 *   per annotator, those of the items it marked; the natural items it left unmarked are all its
 *   natural items less the natural share of those it marked;
 * - the E-step sums each set's "no mark" log terms once per round, and each pattern adds to its
 *   set's sums what each of its marks changes, log P(mark) − log P(no mark).
 * The sums are the textbook's (vote by vote, docs/statistics.md) taken in another order, so the
 * figures agree with it up to the rounding of that order (consensus.test.ts bounds one round).
 */
function fitPatterns(
  patterns: PatternArrays,
  annotators: number,
  start: EmStart = {},
): DawidSkeneResult {
  const { count: P, offset, weight, sets, annotatorsAt, annotators: setAnnotators } = patterns;
  const clamp = (x: number) => Math.min(1 - EPSILON, Math.max(EPSILON, x));
  const { classOf, classes, first, member } = annotatorClasses(patterns, annotators);
  const { marksAt, marked } = marksOf(patterns);
  // The start: the posteriors given, or each item's share of marks (the soft majority).
  const given = start.posterior;
  if (given && given.length !== P) {
    throw new Error(`the EM's start has ${given.length} posteriors for ${P} patterns`);
  }
  const posterior = new Float64Array(P);
  for (let i = 0; i < P; i++) {
    posterior[i] = given
      ? (given[i] as number)
      : ((marksAt[i + 1] as number) - (marksAt[i] as number)) /
        ((offset[i + 1] as number) - (offset[i] as number));
  }
  const maxRounds = start.maxRounds ?? MAX_ITERATIONS;
  const sensitivity = new Float64Array(annotators);
  const specificity = new Float64Array(annotators);
  // Per class of annotators: the expected items its annotators were shown that are unnatural
  // (posDen) and natural (negDen). Per annotator, over the items it marked: the expected
  // unnatural (markedT) and natural ones (markedF).
  const posDen = new Float64Array(classes);
  const negDen = new Float64Array(classes);
  const markedT = new Float64Array(annotators);
  const markedF = new Float64Array(annotators);
  // The E-step's terms per annotator: log P(no mark | unnatural) and log P(no mark | natural)
  // (noMark1, noMark0), and what a mark changes in each (mark1, mark0); per set, the sums of its
  // annotators' "no mark" terms (setNoMark1, setNoMark0).
  const noMark1 = new Float64Array(annotators);
  const noMark0 = new Float64Array(annotators);
  const mark1 = new Float64Array(annotators);
  const mark0 = new Float64Array(annotators);
  const setNoMark1 = new Float64Array(sets);
  const setNoMark0 = new Float64Array(sets);
  let prevalence = 0;
  let converged = false;
  let iterations = 0;
  let logLikelihood = Number.NEGATIVE_INFINITY;
  while (iterations < maxRounds) {
    iterations++;
    // M-step: the prevalence, and each annotator's sensitivity (marks among the unnatural items)
    // and specificity (no marks among the natural ones), weighted by the posteriors.
    let total = 0;
    let positive = 0;
    posDen.fill(0);
    negDen.fill(0);
    markedT.fill(0);
    markedF.fill(0);
    for (let i = 0; i < P; i++) {
      const wi = weight[i] as number;
      const t = (posterior[i] as number) * wi;
      const f = (1 - (posterior[i] as number)) * wi;
      total += wi;
      positive += t;
      const set = patterns.set[i] as number;
      const last = first[set + 1] as number;
      for (let m = first[set] as number; m < last; m++) {
        const k = member[m] as number;
        posDen[k] = (posDen[k] as number) + t;
        negDen[k] = (negDen[k] as number) + f;
      }
      const to = marksAt[i + 1] as number;
      for (let j = marksAt[i] as number; j < to; j++) {
        const w = marked[j] as number;
        markedT[w] = (markedT[w] as number) + t;
        markedF[w] = (markedF[w] as number) + f;
      }
    }
    prevalence = clamp(total > 0 ? positive / total : 0.5);
    for (let w = 0; w < annotators; w++) {
      const pos = posDen[classOf[w] as number] as number;
      const neg = negDen[classOf[w] as number] as number;
      const se = clamp(pos > 0 ? (markedT[w] as number) / pos : 0.5);
      // The natural items w did not mark: all its natural items but those it marked.
      const sp = clamp(neg > 0 ? (neg - (markedF[w] as number)) / neg : 0.5);
      sensitivity[w] = se;
      specificity[w] = sp;
      // The four logs of each annotator, once per round rather than once per vote.
      const none1 = ln(1 - se);
      const none0 = ln(sp);
      noMark1[w] = none1;
      noMark0[w] = none0;
      mark1[w] = ln(se) - none1;
      mark0[w] = ln(1 - sp) - none0;
    }
    for (let s = 0; s < sets; s++) {
      let sum1 = 0;
      let sum0 = 0;
      const to = annotatorsAt[s + 1] as number;
      for (let j = annotatorsAt[s] as number; j < to; j++) {
        const w = setAnnotators[j] as number;
        sum1 += noMark1[w] as number;
        sum0 += noMark0[w] as number;
      }
      setNoMark1[s] = sum1;
      setNoMark0[s] = sum0;
    }
    // E-step: each item's log joint with either class (l1 unnatural, l0 natural), its posterior
    // P(unnatural) = 1 / (1 + exp(l0 − l1)), and the log-likelihood log(exp(l0) + exp(l1)).
    let sum = 0;
    const logPrior1 = ln(prevalence);
    const logPrior0 = ln(1 - prevalence);
    for (let i = 0; i < P; i++) {
      const set = patterns.set[i] as number;
      let l1 = logPrior1 + (setNoMark1[set] as number);
      let l0 = logPrior0 + (setNoMark0[set] as number);
      const to = marksAt[i + 1] as number;
      for (let j = marksAt[i] as number; j < to; j++) {
        const w = marked[j] as number;
        l1 += mark1[w] as number;
        l0 += mark0[w] as number;
      }
      const odds = exp(l0 - l1);
      posterior[i] = 1 / (1 + odds);
      // log(exp(l0) + exp(l1)) = high + log1p(exp(low − high)); with l1 the higher, exp(low −
      // high) is the odds already taken.
      const tail = l0 <= l1 ? odds : exp(l1 - l0);
      sum += (weight[i] as number) * (Math.max(l0, l1) + log1p(tail));
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
    posterior,
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
 * The study's consensus: the summary with each crowd annotator's figures and, when `withRegions`,
 * each clip's consensus regions (the exports; the report needs only the summary).
 */
export function computeConsensus(
  file: AnnotationFile,
  binSeconds: number,
  withRegions = true,
): Consensus {
  const binUs = us(binSeconds);
  return consensusFromTables(consensusTablesOf(file, binUs), binUs, withRegions);
}

/** The tables the consensus reads (as the report prepares them), of a whole file at binUs. */
export function consensusTablesOf(file: AnnotationFile, binUs: number): ConsensusTables {
  const grid = clipGrid(file.clips, binUs);
  const annotatorIds = file.annotators.map((a) => a.id).sort(byCodeUnit);
  const lookup = new IdLookup(file.clips, annotatorIds);
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  return {
    clips: file.clips,
    annotatorIds,
    crowd: Uint8Array.from(annotatorIds, (id) => (roles.get(id) === "crowd" ? 1 : 0)),
    durUs: grid.durUs,
    bins: grid.bins,
    regions: readRegions(file.regions, lookup, grid.durUs),
    submissions: readSubmissions(file.submissions, lookup, file.clips.length),
  };
}

/**
 * One clip's crowd votes, for one clip after another: its crowd annotators (by submission, then
 * by region, each once) ascending in `ids`, and its bins' votes as masks, bin b's word w at
 * masks[b · W + w], one bit per annotator by position.
 */
class ClipVotes {
  /** Which clip last counted each annotator, each one's position in it, and its clips. */
  private readonly stamp: Int32Array;
  private readonly position: Int32Array;
  readonly annotations: Int32Array;
  readonly ids: Int32Array;
  masks = new Int32Array(0);
  /** The last clip's annotators and words per bin. */
  n = 0;
  W = 0;

  constructor(
    private readonly t: ConsensusTables,
    private readonly binUs: number,
  ) {
    const A = t.annotatorIds.length;
    this.stamp = new Int32Array(A).fill(-1);
    this.position = new Int32Array(A);
    this.annotations = new Int32Array(A);
    this.ids = new Int32Array(A);
  }

  /** Reads clip c of k bins; false (and nothing counted) when it has fewer than two. */
  read(c: number, k: number): boolean {
    const n = this.crowdOf(c);
    this.n = n;
    if (n < 2) return false;
    const { ids, position, annotations } = this;
    // Ascending (all different: a few, or a crowd's hundreds).
    sortAscending(ids, n);
    for (let j = 0; j < n; j++) {
      const a = ids[j] as number;
      position[a] = j;
      annotations[a] = (annotations[a] as number) + 1;
    }
    const W = Math.ceil(n / WORD);
    this.W = W;
    if (this.masks.length < k * W) {
      this.masks = new Int32Array(Math.max(k * W, this.masks.length * 2));
    }
    this.masks.fill(0, 0, k * W);
    this.mark(c, k, W);
    return true;
  }

  private crowdOf(c: number): number {
    const { regions, submissions, crowd } = this.t;
    const { stamp, ids } = this;
    let n = 0;
    const s1 = submissions.offsets[c + 1] as number;
    for (let i = submissions.offsets[c] as number; i < s1; i++) {
      const a = submissions.annotator[submissions.order[i] as number] as number;
      if (crowd[a] && stamp[a] !== c) {
        stamp[a] = c;
        ids[n++] = a;
      }
    }
    const r1 = regions.offsets[c + 1] as number;
    for (let i = regions.offsets[c] as number; i < r1; i++) {
      const a = regions.annotator[regions.order[i] as number] as number;
      if (crowd[a] && stamp[a] !== c) {
        stamp[a] = c;
        ids[n++] = a;
      }
    }
    return n;
  }

  private mark(c: number, k: number, W: number): void {
    const { regions, crowd } = this.t;
    const { position, masks, binUs } = this;
    const r1 = regions.offsets[c + 1] as number;
    for (let i = regions.offsets[c] as number; i < r1; i++) {
      const r = regions.order[i] as number;
      const a = regions.annotator[r] as number;
      const s = regions.start[r] as number;
      const e = regions.end[r] as number;
      if (!crowd[a] || e <= s) continue;
      const j = position[a] as number;
      const word = (j / WORD) | 0;
      const bit = 1 << (j % WORD);
      const first = Math.max(0, floorDiv(s, binUs));
      const last = Math.min(k - 1, ceilDiv(e, binUs) - 1);
      for (let b = first; b <= last; b++) {
        masks[b * W + word] = (masks[b * W + word] as number) | bit;
      }
    }
  }
}

/**
 * The distinct patterns of votes, built clip by clip in flat arrays (PatternArrays): bins with
 * the same annotators and the same mask share a pattern, found by the set of annotators's number
 * and the mask.
 */
class PatternTable implements PatternArrays {
  count = 0;
  offset = new Int32Array(1024);
  voted = new Uint8Array(8192);
  weight = new Float64Array(1024);
  set = new Int32Array(1024);
  sets = 0;
  annotatorsAt = new Int32Array(1024);
  annotators = new Int32Array(8192);
  /** Each set of annotators' number, by its annotators (addClip). */
  private readonly setIds = new Map<string, number>();
  /** Each pattern's number, by its set and mask (patternKey). */
  private readonly patternIds = new Map<number | string, number>();
  private readonly key: number[] = [];

  constructor(private readonly annotatorCount: number) {}

  /**
   * Adds one clip's k bins (masks of W words; its n annotators ascending in ids[0 … n − 1]);
   * `patternOf`, when given, receives each bin's pattern.
   */
  addClip(
    masks: Int32Array,
    k: number,
    W: number,
    ids: Int32Array,
    n: number,
    patternOf: Int32Array | null,
  ): void {
    const key = this.key;
    key.length = n;
    for (let j = 0; j < n; j++) key[j] = ids[j] as number;
    // One UTF-16 code unit per annotator while every index fits in one (no decimal digits to
    // write).
    const annotatorKey =
      this.annotatorCount <= 0x10000 ? String.fromCharCode.apply(null, key) : key.join(",");
    let set = this.setIds.get(annotatorKey);
    if (set === undefined) {
      set = this.addSet(ids, n);
      this.setIds.set(annotatorKey, set);
    }
    // Runs of equal masks (most bins repeat the one before) take one pattern lookup.
    let b = 0;
    while (b < k) {
      let end = b + 1;
      if (W === 1) while (end < k && masks[end] === masks[b]) end++;
      const key = patternKey(set, masks, b, W);
      let id = this.patternIds.get(key);
      if (id === undefined) {
        id = this.count;
        this.patternIds.set(key, id);
        this.add(masks, b * W, n, set);
      }
      this.weight[id] = (this.weight[id] as number) + (end - b);
      if (patternOf) patternOf.fill(id, b, end);
      b = end;
    }
  }

  /** A new set of annotators, ids[0 … n − 1]; its number. */
  private addSet(ids: Int32Array, n: number): number {
    const S = this.sets;
    if (S + 2 > this.annotatorsAt.length) {
      this.annotatorsAt = grown(this.annotatorsAt, 2 * this.annotatorsAt.length);
    }
    const at = this.annotatorsAt[S] as number;
    if (at + n > this.annotators.length) {
      this.annotators = grown(this.annotators, Math.max(at + n, 2 * this.annotators.length));
    }
    this.annotators.set(ids.subarray(0, n), at);
    this.annotatorsAt[S + 1] = at + n;
    this.sets = S + 1;
    return S;
  }

  /** A new pattern of `set`: the votes of its n annotators in the mask at masks[from …]. */
  private add(masks: Int32Array, from: number, n: number, set: number): void {
    const P = this.count;
    if (P + 2 > this.offset.length) {
      this.offset = grown(this.offset, 2 * this.offset.length);
      this.weight = grown(this.weight, 2 * this.weight.length);
      this.set = grown(this.set, 2 * this.set.length);
    }
    const at = this.offset[P] as number;
    if (at + n > this.voted.length) {
      this.voted = grown(this.voted, Math.max(at + n, 2 * this.voted.length));
    }
    const voted = this.voted;
    for (let j = 0; j < n; j++) {
      voted[at + j] = ((masks[from + ((j / WORD) | 0)] as number) >>> (j % WORD)) & 1;
    }
    this.offset[P + 1] = at + n;
    this.weight[P] = 0;
    this.set[P] = set;
    this.count = P + 1;
  }
}

/**
 * A pattern's key: its set's number and its mask of W words at masks[b · W …]; for one word (a
 * mask below 2^30) and a set below 2^23, the number set · 2^30 + mask (exact: below 2^53).
 */
function patternKey(set: number, masks: Int32Array, b: number, W: number): number | string {
  if (W === 1 && set < 8388608) return set * 1073741824 + (masks[b] as number);
  return `${set}:${masks.subarray(b * W, b * W + W).join(",")}`;
}

/** A copy of `array` in a longer one. */
function grown<T extends Int32Array | Uint8Array | Float64Array>(array: T, length: number): T {
  const longer = new (array.constructor as new (length: number) => T)(length);
  longer.set(array);
  return longer;
}

/**
 * Per pattern, the majority's and the model's decision; per annotator, the bins and the pooled
 * kappa cells against each (cells[w · 4 + (vote << 1 | decision)]); the bins each marks.
 */
function decisions(patterns: PatternArrays, posterior: Float64Array | null, A: number) {
  const { count: P, offset, voted, weight: weights, annotatorsAt, annotators } = patterns;
  const majorityOf = new Uint8Array(P);
  const modelOf = new Uint8Array(P);
  const maj = new Float64Array(A * 4);
  const mod = new Float64Array(A * 4);
  const binsOf = new Float64Array(A);
  let majorityMarked = 0;
  let modelMarked = 0;
  for (let p = 0; p < P; p++) {
    const from = offset[p] as number;
    const to = offset[p + 1] as number;
    const weight = weights[p] as number;
    let marks = 0;
    for (let j = from; j < to; j++) marks += voted[j] as number;
    const m = 2 * marks > to - from ? 1 : 0;
    const d = posterior !== null && (posterior[p] as number) > 0.5 ? 1 : 0;
    majorityOf[p] = m;
    modelOf[p] = d;
    majorityMarked += m * weight;
    modelMarked += d * weight;
    const at = (annotatorsAt[patterns.set[p] as number] as number) - from;
    for (let j = from; j < to; j++) {
      const w = annotators[at + j] as number;
      const x = voted[j] as number;
      binsOf[w] = (binsOf[w] as number) + weight;
      maj[w * 4 + ((x << 1) | m)] = (maj[w * 4 + ((x << 1) | m)] as number) + weight;
      mod[w * 4 + ((x << 1) | d)] = (mod[w * 4 + ((x << 1) | d)] as number) + weight;
    }
  }
  return { majorityOf, modelOf, maj, mod, binsOf, majorityMarked, modelMarked };
}

/** The patterns of a study's clips, each clip's annotations, and the clips and bins counted. */
interface ClipPatterns {
  table: PatternArrays;
  annotations: Int32Array;
  usedClips: number;
  totalBins: number;
  /** With `withRegions`: the clips counted, each with its annotators and its bins' patterns. */
  used: { clip: number; annotators: Int32Array; patternOf: Int32Array }[];
}

/** The clips' votes as patterns, clip by clip (ClipVotes, PatternTable). */
function clipPatterns(t: ConsensusTables, binUs: number, withRegions: boolean): ClipPatterns {
  const C = t.clips.length;
  const votes = new ClipVotes(t, binUs);
  const table = new PatternTable(t.annotatorIds.length);
  const used: ClipPatterns["used"] = [];
  let usedClips = 0;
  let totalBins = 0;
  for (let c = 0; c < C; c++) {
    const k = t.bins[c] as number;
    if (k === 0 || !votes.read(c, k)) continue;
    const patternOf = withRegions ? new Int32Array(k) : null;
    table.addClip(votes.masks, k, votes.W, votes.ids, votes.n, patternOf);
    totalBins += k;
    usedClips++;
    if (patternOf) used.push({ clip: c, annotators: votes.ids.slice(0, votes.n), patternOf });
  }
  return { table, annotations: votes.annotations, usedClips, totalBins, used };
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
  const { table, annotations, usedClips, totalBins, used } = clipPatterns(t, binUs, withRegions);

  const model = table.count > 0 ? fitPatterns(table, A) : null;
  const { majorityOf, modelOf, maj, mod, binsOf, majorityMarked, modelMarked } = decisions(
    table,
    model?.posterior ?? null,
    A,
  );

  const clips: ClipConsensus[] = [];
  if (withRegions) {
    for (const { clip, annotators, patternOf: of } of used) {
      const majority = new Uint8Array(of.length);
      const modelBins = new Uint8Array(of.length);
      for (let b = 0; b < of.length; b++) {
        majority[b] = majorityOf[of[b] as number] as number;
        modelBins[b] = modelOf[of[b] as number] as number;
      }
      const durationUs = t.durUs[clip] as number;
      clips.push({
        clipId: (t.clips[clip] as AnnotationFile["clips"][number]).id,
        annotators: Array.from(annotators, (w) => t.annotatorIds[w] as string),
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
  const annotators: ConsensusAnnotator[] = [];
  for (let w = 0; w < A; w++) {
    if (!t.crowd[w] || (annotations[w] as number) === 0) continue;
    annotators.push({
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
      workers: annotators,
    },
    clips,
  };
}

/**
 * The tables a summary reads: a summary leaves out each clip's regions, the only figures that
 * read the clips' records, so it needs their number only. What the command line's second thread
 * receives (src/cli/consensusThread.ts), without the records, which it could not share.
 */
export type SummaryTables = Omit<ConsensusTables, "clips"> & { clipCount: number };

/** The consensus summary of tables without the clips' records (SummaryTables). */
export function summaryFromTables(t: SummaryTables, binUs: number): ConsensusSummary {
  const { clipCount, ...rest } = t;
  // Holes where the records were: the summary counts the clips and never reads one.
  const clips: ConsensusTables["clips"] = new Array(clipCount);
  return consensusFromTables({ ...rest, clips }, binUs, false).summary;
}
