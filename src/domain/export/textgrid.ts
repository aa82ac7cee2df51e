// Praat TextGrids (Open > Read from file…): one per clip, one IntervalTier per annotator.
//
// Praat refuses a tier whose intervals overlap or leave gaps, and one annotator's spans may
// overlap. We SPLIT at every span boundary: each stretch of time gets one interval, named by
// the reasons of all that annotator's spans covering it (joined with "+", taxonomy order), and
// the time no span covers gets empty intervals. So [1,3] energy + [2,4] silence becomes
// [1,2] "energy", [2,3] "energy+silence", [3,4] "silence". A covered stretch whose spans have
// no reasons yet is named "unlabelled". Times are compared in integer microseconds.
//
// A clip with two or more crowd annotations also gets two tiers for the crowd's consensus,
// "consensus (majority)" and "consensus (model)", whose regions are named "majority" and
// "model" (domain/stats/consensus.ts).
import type { ClipConsensus } from "../stats/consensus.ts";
import type { AnnotationFile } from "../types.ts";
import { annotatedClips, annotatorsOfClip, clipFileStems, reasonsByRegion, us } from "./names.ts";

/** The name of a covered interval none of whose spans has a reason yet. */
export const UNLABELLED = "unlabelled";

export interface Interval {
  /** Microseconds. */
  xmin: number;
  xmax: number;
  text: string;
}

/**
 * The tier of one annotator: intervals covering [0, duration] exactly, without overlap.
 * `spans` are in microseconds with their reasons (already clamped or not: clamped here).
 */
export function tierIntervals(
  duration: number,
  spans: readonly { s: number; e: number; reasons: readonly string[] }[],
  rank: (reason: string) => number,
): Interval[] {
  const kept = spans
    .map((x) => ({ ...x, s: Math.max(0, x.s), e: Math.min(x.e, duration) }))
    .filter((x) => x.e > x.s);
  const cuts = new Set<number>([0, duration]);
  for (const x of kept) {
    cuts.add(x.s);
    cuts.add(x.e);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const xmin = points[i] as number;
    const xmax = points[i + 1] as number;
    const covering = kept.filter((x) => x.s <= xmin && x.e >= xmax);
    let text = "";
    if (covering.length > 0) {
      const reasons = [...new Set(covering.flatMap((x) => x.reasons))].sort(
        (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
      );
      text = reasons.length > 0 ? reasons.join("+") : UNLABELLED;
    }
    const last = intervals[intervals.length - 1];
    // Neighbouring gaps never occur (cuts come from span ends), but merge them defensively.
    if (last && last.text === "" && text === "") last.xmax = xmax;
    else intervals.push({ xmin, xmax, text });
  }
  return intervals;
}

const seconds = (micro: number): string => String(micro / 1e6);
const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** The clip's TextGrid, in Praat's long text format ("ooTextFile"). */
export function toTextGrid(
  file: AnnotationFile,
  clipId: string,
  consensus?: ClipConsensus,
): string {
  const clip = file.clips.find((c) => c.id === clipId);
  if (!clip) throw new Error(`no clip with id "${clipId}"`);
  const duration = us(clip.duration);
  const reasons = reasonsByRegion(file);
  const order = new Map(file.taxonomy.map((t, i) => [t.id, i]));
  const rank = (r: string) => order.get(r) ?? Number.MAX_SAFE_INTEGER;
  const annotators = annotatorsOfClip(file, clipId);
  const tiers: { name: string; intervals: Interval[] }[] = annotators.map((annotatorId) => {
    const spans = file.regions
      .filter((r) => r.clipId === clipId && r.annotatorId === annotatorId)
      .map((r) => ({ s: us(r.start), e: us(r.end), reasons: reasons.get(r.id) ?? [] }));
    return { name: annotatorId, intervals: tierIntervals(duration, spans, rank) };
  });
  if (consensus) {
    for (const method of ["majority", "model"] as const) {
      const spans = consensus[method].map((x) => ({
        s: us(x.start),
        e: us(x.end),
        reasons: [method],
      }));
      tiers.push({
        name: `consensus (${method})`,
        intervals: tierIntervals(duration, spans, rank),
      });
    }
  }

  const lines = [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    "",
    "xmin = 0 ",
    `xmax = ${seconds(duration)} `,
  ];
  if (tiers.length === 0) {
    lines.push("tiers? <absent> ");
    return `${lines.join("\n")}\n`;
  }
  lines.push("tiers? <exists> ", `size = ${tiers.length} `, "item []: ");
  tiers.forEach(({ name, intervals }, t) => {
    lines.push(
      `    item [${t + 1}]:`,
      '        class = "IntervalTier" ',
      `        name = ${quote(name)} `,
      "        xmin = 0 ",
      `        xmax = ${seconds(duration)} `,
      `        intervals: size = ${intervals.length} `,
    );
    intervals.forEach((iv, i) => {
      lines.push(
        `        intervals [${i + 1}]:`,
        `            xmin = ${seconds(iv.xmin)} `,
        `            xmax = ${seconds(iv.xmax)} `,
        `            text = ${quote(iv.text)} `,
      );
    });
  });
  return `${lines.join("\n")}\n`;
}

/**
 * `<clip name without extension>.TextGrid` → TextGrid, for every annotated clip; with the
 * study's consensus, the clips in it get its two tiers.
 */
export function textGridFiles(
  file: AnnotationFile,
  consensus?: readonly ClipConsensus[],
): Record<string, string> {
  const stems = clipFileStems(file.clips);
  const byClip = new Map((consensus ?? []).map((c) => [c.clipId, c]));
  const out: Record<string, string> = {};
  for (const clip of annotatedClips(file)) {
    out[`${stems.get(clip.id)}.TextGrid`] = toTextGrid(file, clip.id, byClip.get(clip.id));
  }
  return out;
}
