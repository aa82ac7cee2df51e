// Praat TextGrids (Open > Read from file…): one per clip, one IntervalTier per annotator.
//
// Praat refuses a tier whose intervals overlap or leave gaps, and one annotator's spans may
// overlap. We SPLIT at every span boundary: each stretch of time gets one interval, named by
// the reasons of all that annotator's spans covering it, each with who gave it ("energy (e1)"),
// joined with "+" in taxonomy order, and the time no span covers gets empty intervals. So [1,3]
// energy by e1 and [2,4] silence by e1 and e2 become [1,2] "energy (e1)", [2,3] "energy (e1)+
// silence (e1)+silence (e2)", [3,4] "silence (e1)+silence (e2)". A covered stretch whose spans
// have no reasons yet is named "unlabelled". Times are compared in integer microseconds.
//
// A span without reasons may lie under another span of its annotator that has some, and then no
// interval shows it: a point tier "no reasons" marks the middle of every span without reasons
// with its annotator's id, so none is hidden.
//
// A clip with two or more crowd annotations also gets two tiers for the crowd's consensus,
// "consensus (majority)" and "consensus (model)", whose regions are named "majority" and
// "model" (domain/stats/consensus.ts).

import type { AnnotationFile } from "../../interchange/types.ts";
import type { ClipConsensus } from "../../stats/consensus.ts";
import { annotatedClips, annotatorsOfClip, clipFileStems, us } from "../names.ts";

/** The name of a covered interval none of whose spans has a reason yet. */
export const UNLABELLED = "unlabelled";

/** The point tier marking each span without reasons. */
export const NO_REASONS_TIER = "no reasons";

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

/** Each region's reasons with who gave them ("silence (e1)"), by labeller then reason order. */
function givenByRegion(file: AnnotationFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const labels = [...file.reasonLabels].sort((a, b) =>
    a.annotatorId < b.annotatorId ? -1 : a.annotatorId > b.annotatorId ? 1 : 0,
  );
  for (const l of labels) {
    const list = out.get(l.regionId) ?? [];
    for (const r of l.reasons) list.push(`${r} (${l.annotatorId})`);
    out.set(l.regionId, list);
  }
  return out;
}

/** The reason of a "reason (labeller)" entry. */
const reasonOf = (given: string) => given.replace(/ \([^()]*\)$/, "");
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
  const given = givenByRegion(file);
  const order = new Map(file.taxonomy.map((t, i) => [t.id, i]));
  const rank = (r: string) => order.get(reasonOf(r)) ?? Number.MAX_SAFE_INTEGER;
  const annotators = annotatorsOfClip(file, clipId);
  const tiers: { name: string; intervals: Interval[] }[] = annotators.map((annotatorId) => {
    const spans = file.regions
      .filter((r) => r.clipId === clipId && r.annotatorId === annotatorId)
      .map((r) => ({ s: us(r.start), e: us(r.end), reasons: given.get(r.id) ?? [] }));
    return { name: annotatorId, intervals: tierIntervals(duration, spans, rank) };
  });
  // The middle of every span without reasons (clamped to the clip), one mark per time.
  const points = new Map<number, string[]>();
  for (const r of file.regions) {
    if (r.clipId !== clipId || (given.get(r.id)?.length ?? 0) > 0) continue;
    const s = Math.max(0, us(r.start));
    const e = Math.min(us(r.end), duration);
    if (e <= s) continue;
    const mid = Math.round((s + e) / 2);
    points.set(mid, [...(points.get(mid) ?? []), r.annotatorId]);
  }
  const marks = [...points]
    .sort((a, b) => a[0] - b[0])
    .map(([time, ids]) => ({ time, mark: [...new Set(ids)].sort().join(", ") }));
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
  const size = tiers.length + (marks.length > 0 ? 1 : 0);
  if (size === 0) {
    lines.push("tiers? <absent> ");
    return `${lines.join("\n")}\n`;
  }
  lines.push("tiers? <exists> ", `size = ${size} `, "item []: ");
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
  if (marks.length > 0) {
    lines.push(
      `    item [${size}]:`,
      '        class = "TextTier" ',
      `        name = ${quote(NO_REASONS_TIER)} `,
      "        xmin = 0 ",
      `        xmax = ${seconds(duration)} `,
      `        points: size = ${marks.length} `,
    );
    marks.forEach((p, i) => {
      lines.push(
        `        points [${i + 1}]:`,
        `            number = ${seconds(p.time)} `,
        `            mark = ${quote(p.mark)} `,
      );
    });
  }
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
