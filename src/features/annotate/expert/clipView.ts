// What the expert screen shows for one clip, derived from the live data: the crowd spans with
// their colours and this expert's reasons, the legend, and the union of the visible spans.
import type { ReasonLabelRecord, RegionRecord } from "../../../db/repo.ts";
import { unionOfSpans } from "../../../domain/spans.ts";
import { assignAnnotatorColors } from "./annotatorColors.ts";

export interface ExpertSpan {
  id: string;
  annotatorId: string;
  start: number;
  end: number;
  color: string;
  /** This expert's reasons for the span, in taxonomy order (empty: not labelled yet). */
  reasons: string[];
}

export interface LegendEntry {
  annotatorId: string;
  color: string;
  spans: number;
  visible: boolean;
}

export interface ClipView {
  /** Every crowd span on the clip, in start order. */
  spans: ExpertSpan[];
  /** The spans of the annotators not hidden in the legend. */
  visibleSpans: ExpertSpan[];
  legend: LegendEntry[];
  /** Union of the visible spans. */
  union: { start: number; end: number }[];
}

export function buildClipView(
  clipId: string,
  regions: readonly RegionRecord[],
  labels: readonly ReasonLabelRecord[],
  expertId: string,
  studyAnnotatorIds: readonly string[],
  hidden: ReadonlySet<string>,
): ClipView {
  const onClip = regions.filter((r) => r.clipId === clipId);
  const colors = assignAnnotatorColors(
    studyAnnotatorIds,
    onClip.map((r) => r.annotatorId),
  );
  const reasons = new Map<string, string[]>();
  for (const l of labels) if (l.annotatorId === expertId) reasons.set(l.regionId, l.reasons);
  const spans: ExpertSpan[] = onClip.map((r) => ({
    id: r.id,
    annotatorId: r.annotatorId,
    start: r.start,
    end: r.end,
    color: colors.get(r.annotatorId) ?? "#64748b",
    reasons: reasons.get(r.id) ?? [],
  }));
  const counts = new Map<string, number>();
  for (const s of spans) counts.set(s.annotatorId, (counts.get(s.annotatorId) ?? 0) + 1);
  const legend = [...counts.keys()].sort().map((annotatorId) => ({
    annotatorId,
    color: colors.get(annotatorId) ?? "#64748b",
    spans: counts.get(annotatorId) ?? 0,
    visible: !hidden.has(annotatorId),
  }));
  const visibleSpans = spans.filter((s) => !hidden.has(s.annotatorId));
  return { spans, visibleSpans, legend, union: unionOfSpans(visibleSpans) };
}
