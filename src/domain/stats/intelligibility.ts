// Intelligibility (docs/spec/statistics.md, "Transcriptions and intelligibility (WER)"): each
// transcript scored against its clip's text, WER per system with a bootstrap interval over the
// stimuli (Bisani & Ney 2004), pairwise signed-rank tests with Holm's adjustment and the groups
// of systems that cannot be told apart (Taylor & Richmond 2021), the interval's width against
// the number of stimuli, recognisers against listeners (Kendall's tau-b), WER by listener group
// and the two-factor ANOVAs. Only + − × ÷ and √ (correctly rounded everywhere) are used.

import type { AnnotationFile, Clip, ResolvedRecords } from "../interchange/types.ts";
import { errorCounts } from "../transcripts/align.ts";
import { TokenCodes, type TokenUnit } from "../transcripts/normalise.ts";
import { anovaTablesOfLevels } from "./anova.ts";
import {
  type CurveInput,
  type CurveRunner,
  ci95Of,
  curveHere,
  curvePlan,
  curvePoints,
  type StimulusSums,
} from "./bootstrap.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { holm, meanAscending, roundDiff, signedRank } from "./mos.ts";
import { byCodeUnit, resolvedFor, sortedBy } from "./records.ts";
import type {
  AsrScores,
  CurvePoint,
  Intelligibility,
  SystemWer,
  WerCounts,
  WerPair,
} from "./report.ts";

export { bootstrapInterval, type CurveRunner, packedSums } from "./bootstrap.ts";
export type { AsrScores, CurvePoint, Intelligibility, SystemWer, WerCounts, WerPair };

import { bootstrapInterval } from "./bootstrap.ts";

export const DEFAULT_SEED = "redpen";
export const DEFAULT_REPLICATES = 1000;
export const DEFAULT_ALPHA = 0.05;
export const NO_GROUP = "(none)";

/** One scored transcript. */
export interface ScoredTranscript {
  clipId: string;
  annotatorId: string;
  system: string;
  stimulus: string;
  refTokens: number;
  errors: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  wer: number;
}

/** A clip's stimulus: its sentence, or the clip on its own. */
export function stimulusOf(clip: Clip): string {
  return clip.sentence ?? `clip:${clip.id}`;
}

/** The study's transcription settings with their defaults. */
export function transcriptionSettings(file: AnnotationFile): {
  unit: TokenUnit;
  seed: string;
  replicates: number;
  alpha: number;
  groupBy: string | undefined;
} {
  const t = file.study.transcription ?? {};
  return {
    unit: t.unit ?? "word",
    seed: t.seed ?? DEFAULT_SEED,
    replicates: t.replicates ?? DEFAULT_REPLICATES,
    alpha: t.alpha ?? DEFAULT_ALPHA,
    groupBy: t.groupBy,
  };
}

/**
 * The listeners' transcripts as typed arrays (their first n entries, one per transcript, in file
 * order; the arrays may be longer): its clip's index in file.clips, its listener (an index into
 * `annotatorIds`, one per distinct annotator id), its text, its clip's reference tokens, and
 * (once scored) its counts.
 */
interface ListenerScores {
  n: number;
  clip: Int32Array;
  listener: Int32Array;
  annotatorIds: string[];
  transcript: string[];
  refTokens: Int32Array;
  errors: Int32Array;
  substitutions: Int32Array;
  deletions: Int32Array;
  insertions: Int32Array;
}

/**
 * Every submission's transcript found with its clip and reference: the listeners' in a table to
 * be scored (scoreListeners), the recognisers' scored here as ScoredTranscript rows (they are
 * few).
 */
function findTranscripts(
  file: AnnotationFile,
  unit: TokenUnit,
  resolved?: ResolvedRecords,
): {
  listeners: ListenerScores;
  /** Each clip's reference tokens as `codes` numbers them (once a transcript of it is found). */
  refs: (Float64Array | undefined)[];
  codes: TokenCodes;
  asr: ScoredTranscript[];
  unscored: number;
} {
  const clips = file.clips;
  // Built at the first transcript: a study without any (a listening test) pays nothing here.
  let clipAt: Map<string, number> | undefined;
  // Each annotator id's index (in annotatorIds) and whether its role is asr (the last record of
  // an id says, as a map from ids to roles would); an id no annotator has gets an index too.
  let idAt: Map<string, number> | undefined;
  const isAsr: boolean[] = [];
  let refs: (Float64Array | undefined)[] = [];
  const codes = new TokenCodes();
  let listeners = listenerScores(0);
  const asr: ScoredTranscript[] = [];
  let unscored = 0;
  const submissions = file.submissions;
  for (let k = 0; k < submissions.length; k++) {
    const s = submissions[k] as AnnotationFile["submissions"][number];
    if (typeof s.transcript !== "string") continue;
    if (idAt === undefined) {
      // Room for this submission and every one after it (most carry a transcript in a
      // transcription study): listeners.n says how many are used, which spares a pass over the
      // submissions to count them.
      listeners = listenerScores(submissions.length - k);
      // Clips by id only where reading did not resolve them already.
      if (resolved === undefined) {
        clipAt = new Map();
        for (let c = 0; c < clips.length; c++) clipAt.set((clips[c] as Clip).id, c);
      }
      idAt = new Map();
      for (const a of file.annotators) {
        let at = idAt.get(a.id);
        if (at === undefined) {
          at = listeners.annotatorIds.length;
          idAt.set(a.id, at);
          listeners.annotatorIds.push(a.id);
        }
        isAsr[at] = a.role === "asr";
      }
      refs = new Array(clips.length);
    }
    // Reading resolved every reference of a file it took; annotator ids are unique there, so
    // an annotator's index here is its position.
    const c = resolved === undefined ? clipAt?.get(s.clipId) : resolved.submissionClip[k];
    if (c === undefined) continue;
    const clip = clips[c] as Clip;
    let ref = refs[c];
    if (ref === undefined) {
      ref =
        clip.text === undefined
          ? new Float64Array(0)
          : codes.codes.slice(0, codes.ofText(clip.text, unit));
      refs[c] = ref;
    }
    if (ref.length === 0) {
      unscored++;
      continue;
    }
    const n = ref.length;
    let at = resolved === undefined ? idAt.get(s.annotatorId) : resolved.submissionAnnotator[k];
    if (at === undefined) {
      at = listeners.annotatorIds.length;
      idAt.set(s.annotatorId, at);
      listeners.annotatorIds.push(s.annotatorId);
      isAsr[at] = false;
    }
    if (isAsr[at]) {
      const counted = countErrors(codes, ref, s.transcript, clip, unit);
      asr.push({
        clipId: clip.id,
        annotatorId: s.annotatorId,
        system: clip.system ?? NO_SYSTEM,
        stimulus: stimulusOf(clip),
        refTokens: n,
        errors: counted.errors,
        substitutions: counted.substitutions,
        deletions: counted.deletions,
        insertions: counted.insertions,
        wer: counted.errors / n,
      });
      continue;
    }
    const i = listeners.n++;
    listeners.clip[i] = c;
    listeners.listener[i] = at;
    listeners.transcript.push(s.transcript);
    listeners.refTokens[i] = n;
  }
  return { listeners, refs, codes, asr, unscored };
}

/** The listeners' table, with room for `size` transcripts and none yet. */
function listenerScores(size: number): ListenerScores {
  return {
    n: 0,
    clip: new Int32Array(size),
    listener: new Int32Array(size),
    annotatorIds: [],
    transcript: [],
    refTokens: new Int32Array(size),
    errors: new Int32Array(size),
    substitutions: new Int32Array(size),
    deletions: new Int32Array(size),
    insertions: new Int32Array(size),
  };
}

const ALL_CORRECT = { errors: 0, substitutions: 0, deletions: 0, insertions: 0 };

/**
 * A transcript's errors against its clip's reference tokens. A transcript equal to its clip's
 * text (a listener who heard every word) is all correct without aligning: the same tokens, so
 * the walk back matches every one.
 */
function countErrors(
  codes: TokenCodes,
  ref: Float64Array,
  transcript: string,
  clip: Clip,
  unit: TokenUnit,
): { errors: number; substitutions: number; deletions: number; insertions: number } {
  if (transcript === clip.text) return ALL_CORRECT;
  return errorCounts(ref, codes.codes, codes.ofText(transcript, unit));
}

/**
 * The listeners' transcripts scored system by system (in the levelled order): after system k's,
 * its per-stimulus sums are written into the curve input's arrays and `ready(k)` is called, so
 * that a curve runner can start on that system's intervals while the next is scored; then
 * each system's totals.
 */
function scoreListeners(
  file: AnnotationFile,
  unit: TokenUnit,
  scores: ListenerScores,
  codes: TokenCodes,
  refs: readonly (Float64Array | undefined)[],
  lv: Levelled,
  input: CurveInput,
  ready: (k: number) => void,
  totals: SystemTotals,
): void {
  const clips = file.clips;
  /** System k's per-stimulus sums, into the curve input's arrays; then the runner is told. */
  const summed = (k: number) => {
    const hi = lv.offsets[k + 1] as number;
    const errors = input.errors[k] as Float64Array;
    const refTokens = input.refTokens[k] as Float64Array;
    let at = 0;
    for (let j = lv.offsets[k] as number; j < hi; ) {
      const m = lv.stimulus[lv.order[j] as number] as number;
      let e = 0;
      let n = 0;
      for (; j < hi && lv.stimulus[lv.order[j] as number] === m; j++) {
        const i = lv.order[j] as number;
        e += scores.errors[i] as number;
        n += scores.refTokens[i] as number;
      }
      errors[at] = e;
      refTokens[at] = n;
      at++;
    }
    ready(k);
  };
  for (let k = 0; k < lv.systems.length; k++) {
    const hi = lv.offsets[k + 1] as number;
    for (let j = lv.offsets[k] as number; j < hi; j++) {
      const i = lv.order[j] as number;
      const c = scores.clip[i] as number;
      const counted = countErrors(
        codes,
        refs[c] as Float64Array,
        scores.transcript[i] as string,
        clips[c] as Clip,
        unit,
      );
      scores.errors[i] = counted.errors;
      scores.substitutions[i] = counted.substitutions;
      scores.deletions[i] = counted.deletions;
      scores.insertions[i] = counted.insertions;
    }
    summed(k);
  }
  // The totals once every system's sums are with the runner (they are not in the curve).
  const seen = new Int32Array(lv.listeners.length).fill(-1);
  for (let k = 0; k < lv.systems.length; k++) systemTotals(scores, lv, k, totals, seen);
}

/**
 * Per system, over its scored transcripts: the sums of reference tokens, errors and their
 * kinds (integers: exact in any order), the distinct listeners and the mean of the transcripts'
 * WERs (meanAscending); and each transcript's WER (`wer`, by transcript).
 */
interface SystemTotals {
  refTokens: Float64Array;
  errors: Float64Array;
  substitutions: Float64Array;
  deletions: Float64Array;
  insertions: Float64Array;
  listeners: Int32Array;
  meanWer: Float64Array;
  wer: Float64Array;
}

function emptyTotals(systems: number, transcripts: number): SystemTotals {
  return {
    refTokens: new Float64Array(systems),
    errors: new Float64Array(systems),
    substitutions: new Float64Array(systems),
    deletions: new Float64Array(systems),
    insertions: new Float64Array(systems),
    listeners: new Int32Array(systems),
    meanWer: new Float64Array(systems),
    wer: new Float64Array(transcripts),
  };
}

/**
 * System k's totals, its transcripts scored (scoreListeners, right after their sums); `seen`
 * holds, per listener, the last system that counted it.
 */
function systemTotals(
  scores: ListenerScores,
  lv: Levelled,
  k: number,
  totals: SystemTotals,
  seen: Int32Array,
): void {
  let refTokens = 0;
  let errors = 0;
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let listenerCount = 0;
  const lo = lv.offsets[k] as number;
  const hi = lv.offsets[k + 1] as number;
  const wers = new Float64Array(hi - lo);
  for (let j = lo; j < hi; j++) {
    const i = lv.order[j] as number;
    const e = scores.errors[i] as number;
    const n = scores.refTokens[i] as number;
    refTokens += n;
    errors += e;
    substitutions += scores.substitutions[i] as number;
    deletions += scores.deletions[i] as number;
    insertions += scores.insertions[i] as number;
    const w = e / n;
    totals.wer[i] = w;
    wers[j - lo] = w;
    const l = lv.listener[i] as number;
    if (seen[l] !== k) {
      seen[l] = k;
      listenerCount++;
    }
  }
  totals.refTokens[k] = refTokens;
  totals.errors[k] = errors;
  totals.substitutions[k] = substitutions;
  totals.deletions[k] = deletions;
  totals.insertions[k] = insertions;
  totals.listeners[k] = listenerCount;
  totals.meanWer[k] = meanAscending(wers);
}

/** Distinct names in code-unit order, and each name's index. */
function numbered(names: Iterable<string>): { names: string[]; at: Map<string, number> } {
  const sorted = [...new Set(names)].sort(byCodeUnit);
  return { names: sorted, at: new Map(sorted.map((n, i) => [n, i])) };
}

/**
 * The listeners' transcripts by system and stimulus: systems, stimuli and listeners numbered in
 * code-unit order, each transcript's three levels, and the transcripts sorted by (system,
 * stimulus) (a counting sort, records.ts's sortedBy): system k's are order[offsets[k]] …
 * order[offsets[k + 1] − 1]; and each system's stimuli.
 */
interface Levelled {
  systems: string[];
  stimuli: string[];
  listeners: string[];
  /** Per system, its stimuli's names (code-unit order): those of its clips with a transcript. */
  systemStimuli: string[][];
  system: Int32Array;
  stimulus: Int32Array;
  listener: Int32Array;
  order: Int32Array;
  offsets: Int32Array;
}

function levelled(file: AnnotationFile, scores: ListenerScores): Levelled {
  const clips = file.clips;
  const N = scores.n;
  // The clips and the listeners with a transcript.
  const ids = scores.annotatorIds;
  const used = new Uint8Array(clips.length);
  const heard = new Uint8Array(ids.length);
  for (let i = 0; i < N; i++) {
    used[scores.clip[i] as number] = 1;
    heard[scores.listener[i] as number] = 1;
  }
  const systemNames: string[] = [];
  const stimulusNames: string[] = [];
  for (let c = 0; c < clips.length; c++) {
    if (!used[c]) continue;
    const clip = clips[c] as Clip;
    systemNames.push(clip.system ?? NO_SYSTEM);
    stimulusNames.push(stimulusOf(clip));
  }
  const systems = numbered(systemNames);
  const stimuli = numbered(stimulusNames);
  // The listeners with a transcript, numbered in code-unit order of their ids.
  const listenerNames: string[] = [];
  for (let at = 0; at < ids.length; at++) if (heard[at]) listenerNames.push(ids[at] as string);
  const listeners = numbered(listenerNames);
  const rank = Int32Array.from(ids, (id, at) =>
    heard[at] ? (listeners.at.get(id) as number) : -1,
  );
  const clipSystem = new Int32Array(clips.length);
  const clipStimulus = new Int32Array(clips.length);
  for (let c = 0; c < clips.length; c++) {
    if (!used[c]) continue;
    const clip = clips[c] as Clip;
    clipSystem[c] = systems.at.get(clip.system ?? NO_SYSTEM) as number;
    clipStimulus[c] = stimuli.at.get(stimulusOf(clip)) as number;
  }
  const system = new Int32Array(N);
  const stimulus = new Int32Array(N);
  const listener = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    const c = scores.clip[i] as number;
    system[i] = clipSystem[c] as number;
    stimulus[i] = clipStimulus[c] as number;
    listener[i] = rank[scores.listener[i] as number] as number;
  }
  const { offsets, order } = sortedBy(system, stimulus, systems.names.length, stimuli.names.length);
  return {
    systems: systems.names,
    stimuli: stimuli.names,
    listeners: listeners.names,
    systemStimuli: stimuliBySystem(used, clipSystem, clipStimulus, systems.names, stimuli.names),
    system,
    stimulus,
    listener,
    order,
    offsets,
  };
}

/**
 * Per system, the distinct stimuli of its clips with a transcript, in code-unit order (their
 * indexes ascending): read from the clips, not the transcripts.
 */
function stimuliBySystem(
  used: Uint8Array,
  clipSystem: Int32Array,
  clipStimulus: Int32Array,
  systems: readonly string[],
  stimuli: readonly string[],
): string[][] {
  const lists: number[][] = systems.map(() => []);
  for (let c = 0; c < used.length; c++) {
    if (used[c]) (lists[clipSystem[c] as number] as number[]).push(clipStimulus[c] as number);
  }
  return lists.map((list) => {
    const sorted = Int32Array.from(list).sort();
    const names: string[] = [];
    for (let j = 0; j < sorted.length; j++) {
      if (j === 0 || sorted[j] !== sorted[j - 1])
        names.push(stimuli[sorted[j] as number] as string);
    }
    return names;
  });
}

/**
 * Scores the listeners' transcripts and sums them per system and stimulus, handing the
 * bootstrap intervals' input to `runner` first and each system's sums to it as soon as they
 * are known.
 */
function scoredAndSummed(
  file: AnnotationFile,
  settings: ReturnType<typeof transcriptionSettings>,
  found: ReturnType<typeof findTranscripts>,
  what: { ci95: boolean; curve: boolean },
  runner: CurveRunner,
): {
  lv: Levelled;
  stimuli: Map<string, StimulusSums>;
  input: CurveInput;
  intervals: ReturnType<CurveRunner["start"]>;
  totals: SystemTotals;
} {
  const { listeners, refs, codes } = found;
  const lv = levelled(file, listeners);
  const ids = lv.systemStimuli;
  const input = curvePlan(
    lv.systems,
    ids.map((list) => list.length),
    settings.seed,
    settings.replicates,
    what,
    runner.array,
  );
  const intervals = runner.start(input);
  const totals = emptyTotals(lv.systems.length, listeners.n);
  scoreListeners(file, settings.unit, listeners, codes, refs, lv, input, intervals.ready, totals);
  const stimuli = new Map<string, StimulusSums>();
  lv.systems.forEach((system, k) => {
    stimuli.set(system, {
      ids: ids[k] as string[],
      errors: input.errors[k] as Float64Array,
      refTokens: input.refTokens[k] as Float64Array,
    });
  });
  return { lv, stimuli, input, intervals, totals };
}

/** Kendall's tau-b of paired values; null when fewer than 2 or either side has no variance. */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign((x[i] as number) - (x[j] as number));
      const dy = Math.sign((y[i] as number) - (y[j] as number));
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = (pairs - tiesX) * (pairs - tiesY);
  if (!(denominator > 0)) return null;
  return (concordant - discordant) / Math.sqrt(denominator);
}

/**
 * The maximal runs of consecutive systems (in the order given) in which no pair is
 * significant, each listed once, by where it starts; a run inside another is left out.
 */
export function indistinguishableGroups(
  order: readonly string[],
  significant: (a: string, b: string) => boolean,
): string[][] {
  const groups: string[][] = [];
  let previousEnd = -1;
  for (let i = 0; i < order.length; i++) {
    let end = i;
    extend: while (end + 1 < order.length) {
      for (let j = i; j <= end; j++) {
        if (significant(order[j] as string, order[end + 1] as string)) break extend;
      }
      end++;
    }
    if (end > previousEnd) {
      groups.push(order.slice(i, end + 1));
      previousEnd = end;
    }
  }
  return groups;
}

/** A listener's group: the intake answer as text (an array's items sorted, joined by ","). */
export function groupValue(value: unknown): string {
  if (value === undefined || value === null) return NO_GROUP;
  if (Array.isArray(value))
    return value
      .map((v) => groupValue(v))
      .sort(byCodeUnit)
      .join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function counts(list: readonly ScoredTranscript[]): WerCounts {
  let refTokens = 0;
  let errors = 0;
  for (const t of list) {
    refTokens += t.refTokens;
    errors += t.errors;
  }
  return { transcripts: list.length, refTokens, errors, wer: errors / refTokens };
}

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const bucket = out.get(k);
    if (bucket) bucket.push(t);
    else out.set(k, [t]);
  }
  return out;
}

function sortedEntries<T>(map: Map<string, T>): [string, T][] {
  return [...map].sort((p, q) => byCodeUnit(p[0], q[0]));
}

export interface IntelligibilityOptions {
  /** Leave the stimuli curve out (empty), for a quick first answer. Default true. */
  stimuliCurve?: boolean;
  /** Who computes the curve's intervals (default: here, in order). */
  curveRunner?: CurveRunner;
  /** What reading the file resolved (records.ts's resolvedFor: for this file's own arrays). */
  records?: ResolvedRecords;
}

/** The `intelligibility` object of the report; null when no transcript could be scored. */
export function computeIntelligibility(
  file: AnnotationFile,
  options: IntelligibilityOptions = {},
): Intelligibility | null {
  const started = startIntelligibility(file, options);
  started.finish();
  return started.value;
}

/**
 * The `intelligibility` object with its stimuli curve still being computed: the curve's
 * intervals are handed to the runner as soon as the per-stimulus sums are known, the rest of
 * the section is computed meanwhile, and `finish` puts the curve in place (the object's keys
 * keep their order). The report's other sections can be computed before `finish` too.
 */
export function startIntelligibility(
  file: AnnotationFile,
  options: IntelligibilityOptions = {},
): { value: Intelligibility | null; finish: () => void } {
  const settings = transcriptionSettings(file);
  const found = findTranscripts(file, settings.unit, resolvedFor(file, options.records));
  const { listeners, asr, unscored } = found;
  if (listeners.n === 0 && asr.length === 0) return { value: null, finish: () => {} };

  // The bootstrap intervals (each system's ci95, and the curve's unless left out) go to the
  // runner before the transcripts are scored, each system's sums as soon as they are known;
  // finish puts them in place.
  const { lv, stimuli, input, intervals, totals } = scoredAndSummed(
    file,
    settings,
    found,
    { ci95: true, curve: options.stimuliCurve !== false },
    options.curveRunner ?? curveHere,
  );
  const systems = lv.systems;
  let intervalsDone: (() => Float64Array) | null = intervals.finish;

  // Each transcript's WER and each system's sums, taken as its transcripts were scored.
  const wer = totals.wer;
  const bySystem: [string, SystemWer][] = [];
  for (let k = 0; k < systems.length; k++) {
    const system = systems[k] as string;
    const sums = stimuli.get(system) as StimulusSums;
    const lo = lv.offsets[k] as number;
    const hi = lv.offsets[k + 1] as number;
    const refTokens = totals.refTokens[k] as number;
    const errors = totals.errors[k] as number;
    const m = sums.ids.length;
    bySystem.push([
      system,
      {
        transcripts: hi - lo,
        listeners: totals.listeners[k] as number,
        stimuli: m,
        refTokens,
        errors,
        substitutions: totals.substitutions[k] as number,
        deletions: totals.deletions[k] as number,
        insertions: totals.insertions[k] as number,
        wer: errors / refTokens,
        meanWer: totals.meanWer[k] as number,
        // Filled in by finish (the key stays here, in the spec's order).
        ci95: [Number.NaN, Number.NaN],
      },
    ]);
  }
  const werOf = new Map(bySystem.map(([s, v]) => [s, v.wer]));

  // Pairs: per-stimulus WER differences on the stimuli both systems have.
  const pairs: WerPair[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      const a = systems[i] as string;
      const b = systems[j] as string;
      const sa = stimuli.get(a) as StimulusSums;
      const sb = stimuli.get(b) as StimulusSums;
      // The stimuli both have: a merge of the two lists (each in code-unit order).
      const d: number[] = [];
      let kb = 0;
      for (let k = 0; k < sa.ids.length; k++) {
        const id = sa.ids[k] as string;
        while (kb < sb.ids.length && (sb.ids[kb] as string) < id) kb++;
        if (kb === sb.ids.length || sb.ids[kb] !== id) continue;
        const wa = (sa.errors[k] as number) / (sa.refTokens[k] as number);
        const wb = (sb.errors[kb] as number) / (sb.refTokens[kb] as number);
        d.push(roundDiff(wa - wb));
      }
      const { w, p } = signedRank(d);
      pairs.push({
        a,
        b,
        stimuli: d.length,
        meanDiff: d.length > 0 ? meanAscending(Float64Array.from(d)) : null,
        w,
        p,
        pHolm: null,
        significant: false,
      });
    }
  }
  const adjusted = holm(pairs.map((p) => p.p));
  pairs.forEach((pair, i) => {
    const pHolm = adjusted[i] ?? null;
    pair.pHolm = pHolm;
    pair.significant = pHolm !== null && pHolm < settings.alpha;
  });
  const pairAt = new Map(pairs.map((p) => [`${p.a}\u0000${p.b}`, p]));
  const significant = (x: string, y: string) => {
    const [a, b] = byCodeUnit(x, y) < 0 ? [x, y] : [y, x];
    return pairAt.get(`${a}\u0000${b}`)?.significant ?? false;
  };
  const order = [...systems].sort(
    (x, y) => (werOf.get(x) as number) - (werOf.get(y) as number) || byCodeUnit(x, y),
  );
  const groups = indistinguishableGroups(order, significant);

  // Recognisers, by id, against the listeners.
  const asrOut: [string, AsrScores][] = [];
  for (const [id, list] of sortedEntries(groupBy(asr, (t) => t.annotatorId))) {
    const per = sortedEntries(groupBy(list, (t) => t.system)).map(
      ([system, l]) => [system, counts(l)] as [string, WerCounts],
    );
    const both = per.filter(([system]) => werOf.has(system));
    asrOut.push([
      id,
      {
        bySystem: Object.fromEntries(per),
        kendallTau: kendallTauB(
          both.map(([system]) => werOf.get(system) as number),
          both.map(([, c]) => c.wer),
        ),
      },
    ]);
  }

  let byListenerGroup: Intelligibility["byListenerGroup"];
  if (settings.groupBy !== undefined) {
    byListenerGroup = listenerGroups(file, settings.groupBy, listeners, lv);
  }
  const value: Intelligibility = {
    unit: settings.unit,
    scored: listeners.n,
    unscored,
    bySystem: Object.fromEntries(bySystem),
    pairs,
    groups,
    // Filled in by finish (the key stays here, in the spec's order).
    stimuliCurve: [],
    asr: Object.fromEntries(asrOut),
    ...(byListenerGroup === undefined ? {} : { byListenerGroup }),
    anova: anovaTablesOfLevels(
      { index: lv.system, count: lv.systems.length },
      { index: lv.stimulus, count: lv.stimuli.length },
      { index: lv.listener, count: lv.listeners.length },
      wer,
    ),
  };
  const finish = () => {
    if (intervalsDone === null) return;
    const intervals = intervalsDone();
    intervalsDone = null;
    const at = new Map(input.systems.map((system, si) => [system, si]));
    for (const [system, row] of bySystem) {
      const si = at.get(system);
      row.ci95 =
        si === undefined
          ? bootstrapInterval(
              stimuli.get(system) as StimulusSums,
              row.stimuli,
              settings.replicates,
              `${settings.seed}/${system}`,
            )
          : ci95Of(intervals, si);
    }
    if (options.stimuliCurve !== false) value.stimuliCurve = curvePoints(input, intervals);
  };
  return { value, finish };
}

/**
 * byListenerGroup: per group (the intake answer as text, code-unit order) and system, the
 * listeners' counts (integer sums).
 */
function listenerGroups(
  file: AnnotationFile,
  key: string,
  listeners: ListenerScores,
  lv: Levelled,
): Record<string, Record<string, WerCounts>> {
  const profiles = new Map(file.annotators.map((a) => [a.id, a.profile]));
  const groupNames = lv.listeners.map((id) => groupValue(profiles.get(id)?.[key]));
  const groups = numbered(groupNames);
  const G = groups.names.length;
  const S = lv.systems.length;
  const groupOf = Int32Array.from(groupNames, (g) => groups.at.get(g) as number);
  const transcripts = new Float64Array(G * S);
  const refTokens = new Float64Array(G * S);
  const errors = new Float64Array(G * S);
  for (let i = 0; i < listeners.n; i++) {
    const cell = (groupOf[lv.listener[i] as number] as number) * S + (lv.system[i] as number);
    transcripts[cell] = (transcripts[cell] as number) + 1;
    refTokens[cell] = (refTokens[cell] as number) + (listeners.refTokens[i] as number);
    errors[cell] = (errors[cell] as number) + (listeners.errors[i] as number);
  }
  const out: [string, Record<string, WerCounts>][] = [];
  for (let g = 0; g < G; g++) {
    const bySystem: [string, WerCounts][] = [];
    for (let k = 0; k < S; k++) {
      const cell = g * S + k;
      const n = transcripts[cell] as number;
      if (n === 0) continue;
      const r = refTokens[cell] as number;
      const e = errors[cell] as number;
      bySystem.push([
        lv.systems[k] as string,
        { transcripts: n, refTokens: r, errors: e, wer: e / r },
      ]);
    }
    out.push([groups.names[g] as string, Object.fromEntries(bySystem)]);
  }
  return Object.fromEntries(out);
}

/**
 * The report's `intelligibility.stimuliCurve` alone (what `computeIntelligibility` leaves empty
 * with `stimuliCurve: false`): the analysis worker sends it after the rest of the figures.
 */
export function computeStimuliCurve(file: AnnotationFile): CurvePoint[] {
  const settings = transcriptionSettings(file);
  const { input, intervals } = scoredAndSummed(
    file,
    settings,
    findTranscripts(file, settings.unit),
    { ci95: false, curve: true },
    curveHere,
  );
  return curvePoints(input, intervals.finish());
}
