// Intelligibility (docs/spec/statistics.md, "Transcriptions and intelligibility (WER)"): each
// transcript scored against its clip's text, WER per system with a bootstrap interval over the
// stimuli (Bisani & Ney 2004), pairwise signed-rank tests with Holm's adjustment and the groups
// of systems that cannot be told apart (Taylor & Richmond 2021), the interval's width against
// the number of stimuli, recognisers against listeners (Kendall's tau-b), WER by listener group
// and the two-factor ANOVAs. Only + − × ÷ and √ (correctly rounded everywhere) are used.

import type { AnnotationFile, Clip } from "../interchange/types.ts";
import { errorCounts } from "../transcripts/align.ts";
import { type TokenUnit, tokensOf } from "../transcripts/normalise.ts";
import { anovaTables } from "./anova.ts";
import {
  type CurveInput,
  type CurveRunner,
  curveHere,
  curveInput,
  curvePoints,
  type StimulusSums,
} from "./bootstrap.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { holm, meanAscending, roundDiff, signedRank } from "./mos.ts";
import { byCodeUnit } from "./records.ts";
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

/** Every submission's transcript scored, split into listeners' and recognisers'. */
export function scoreTranscripts(
  file: AnnotationFile,
  unit: TokenUnit,
): { listeners: ScoredTranscript[]; asr: ScoredTranscript[]; unscored: number } {
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  const refs = new Map<string, string[]>();
  const listeners: ScoredTranscript[] = [];
  const asr: ScoredTranscript[] = [];
  let unscored = 0;
  for (const s of file.submissions) {
    if (typeof s.transcript !== "string") continue;
    const clip = clips.get(s.clipId);
    if (!clip) continue;
    let ref = refs.get(clip.id);
    if (ref === undefined) {
      ref = clip.text === undefined ? [] : tokensOf(clip.text, unit);
      refs.set(clip.id, ref);
    }
    if (ref.length === 0) {
      unscored++;
      continue;
    }
    const c = errorCounts(ref, tokensOf(s.transcript, unit));
    const scored: ScoredTranscript = {
      clipId: clip.id,
      annotatorId: s.annotatorId,
      system: clip.system ?? NO_SYSTEM,
      stimulus: stimulusOf(clip),
      refTokens: c.refTokens,
      errors: c.errors,
      substitutions: c.substitutions,
      deletions: c.deletions,
      insertions: c.insertions,
      wer: c.errors / c.refTokens,
    };
    (roles.get(s.annotatorId) === "asr" ? asr : listeners).push(scored);
  }
  return { listeners, asr, unscored };
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
  const { listeners, asr, unscored } = scoreTranscripts(file, settings.unit);
  if (listeners.length === 0 && asr.length === 0) return { value: null, finish: () => {} };

  const bySystemList = sortedEntries(groupBy(listeners, (t) => t.system));
  const stimuli = stimulusSums(bySystemList);
  const systems = bySystemList.map(([s]) => s);
  let input: CurveInput | null = null;
  let curveDone: (() => Float64Array) | null = null;
  if (options.stimuliCurve !== false) {
    input = curveInput(systems, stimuli, settings.seed, settings.replicates);
    curveDone = (options.curveRunner ?? curveHere)(input);
  }

  const bySystem: [string, SystemWer][] = [];
  for (const [system, list] of bySystemList) {
    const sums = stimuli.get(system) as StimulusSums;
    let substitutions = 0;
    let deletions = 0;
    let insertions = 0;
    for (const t of list) {
      substitutions += t.substitutions;
      deletions += t.deletions;
      insertions += t.insertions;
    }
    const c = counts(list);
    const m = sums.ids.length;
    bySystem.push([
      system,
      {
        transcripts: list.length,
        listeners: new Set(list.map((t) => t.annotatorId)).size,
        stimuli: m,
        refTokens: c.refTokens,
        errors: c.errors,
        substitutions,
        deletions,
        insertions,
        wer: c.wer,
        meanWer: meanAscending(list.map((t) => t.wer)),
        ci95: bootstrapInterval(sums, m, settings.replicates, `${settings.seed}/${system}`),
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
      const atB = new Map(sb.ids.map((id, k) => [id, k]));
      const d: number[] = [];
      sa.ids.forEach((id, k) => {
        const kb = atB.get(id);
        if (kb === undefined) return;
        const wa = (sa.errors[k] as number) / (sa.refTokens[k] as number);
        const wb = (sb.errors[kb] as number) / (sb.refTokens[kb] as number);
        d.push(roundDiff(wa - wb));
      });
      const { w, p } = signedRank(d);
      pairs.push({
        a,
        b,
        stimuli: d.length,
        meanDiff: d.length > 0 ? meanAscending(d) : null,
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
    const key = settings.groupBy;
    const profiles = new Map(file.annotators.map((a) => [a.id, a.profile]));
    const groupOf = (t: ScoredTranscript) => groupValue(profiles.get(t.annotatorId)?.[key]);
    byListenerGroup = Object.fromEntries(
      sortedEntries(groupBy(listeners, groupOf)).map(([group, list]) => [
        group,
        Object.fromEntries(
          sortedEntries(groupBy(list, (t) => t.system)).map(([system, l]) => [system, counts(l)]),
        ),
      ]),
    );
  }
  const value: Intelligibility = {
    unit: settings.unit,
    scored: listeners.length,
    unscored,
    bySystem: Object.fromEntries(bySystem),
    pairs,
    groups,
    // Filled in by finish (the key stays here, in the spec's order).
    stimuliCurve: [],
    asr: Object.fromEntries(asrOut),
    ...(byListenerGroup === undefined ? {} : { byListenerGroup }),
    anova: anovaTables(
      listeners.map((t) => ({
        system: t.system,
        sentence: t.stimulus,
        listener: t.annotatorId,
        y: t.wer,
      })),
    ),
  };
  const finish = () => {
    if (input !== null && curveDone !== null) {
      value.stimuliCurve = curvePoints(input, curveDone());
      curveDone = null;
    }
  };
  return { value, finish };
}

/** Per system, its stimuli (code-unit order) with their summed errors and reference tokens. */
function stimulusSums(bySystem: [string, ScoredTranscript[]][]): Map<string, StimulusSums> {
  const stimuli = new Map<string, StimulusSums>();
  for (const [system, list] of bySystem) {
    const perStimulus = sortedEntries(groupBy(list, (t) => t.stimulus));
    stimuli.set(system, {
      ids: perStimulus.map(([id]) => id),
      errors: Float64Array.from(perStimulus, ([, l]) => l.reduce((s, t) => s + t.errors, 0)),
      refTokens: Float64Array.from(perStimulus, ([, l]) => l.reduce((s, t) => s + t.refTokens, 0)),
    });
  }
  return stimuli;
}

/**
 * The report's `intelligibility.stimuliCurve` alone (what `computeIntelligibility` leaves empty
 * with `stimuliCurve: false`): the analysis worker sends it after the rest of the figures.
 */
export function computeStimuliCurve(file: AnnotationFile): CurvePoint[] {
  const settings = transcriptionSettings(file);
  const { listeners } = scoreTranscripts(file, settings.unit);
  const bySystem = sortedEntries(groupBy(listeners, (t) => t.system));
  const input = curveInput(
    bySystem.map(([s]) => s),
    stimulusSums(bySystem),
    settings.seed,
    settings.replicates,
  );
  return curvePoints(input, curveHere(input)());
}

/**
 * Why a study's intelligibility is null, in a sentence (null when there is nothing to explain:
 * the study is not a transcription test and has no transcripts).
 */
export function whyNothingScored(file: AnnotationFile): string | null {
  const transcripts = file.submissions.filter((s) => typeof s.transcript === "string").length;
  if (transcripts === 0) {
    return file.study.task === "transcribe" ? "no transcripts yet: nothing to score" : null;
  }
  const unit = transcriptionSettings(file).unit;
  const withText = file.clips.filter((c) => c.text !== undefined).length;
  const what = `${transcripts} transcript${transcripts === 1 ? "" : "s"}, none can be scored`;
  if (withText === 0) {
    return `${what}: no clip has a text to score against (add a text column to the clip metadata CSV, or a text per clip)`;
  }
  const scorable = file.clips.filter(
    (c) => c.text !== undefined && tokensOf(c.text, unit).length > 0,
  ).length;
  return scorable === 0
    ? `${what}: the clips' texts have no ${unit}s after normalisation`
    : `${what}: the transcribed clips have no text (${withText} other clip${withText === 1 ? " has" : "s have"} one)`;
}
