// What the expert screen shows for one clip, derived from the live data: the crowd spans with
// their colours and this expert's reasons, the legend, and the union of the visible spans.
import type { WaveformSpan } from "../../../audio/Waveform.tsx";
import type { ReasonLabelRecord, RegionRecord } from "../../../db/repo.ts";
import { type Span, unionOfSpans } from "../../../domain/spans.ts";
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
  union: Span[];
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

const UNION_COLOR = "#0F172A";
const UNION_PREFIX = "union:";

function unionId(u: Span): string {
  return `${UNION_PREFIX}${u.start}-${u.end}`;
}

function drawn(s: ExpertSpan): WaveformSpan {
  return {
    id: s.id,
    start: s.start,
    end: s.end,
    color: s.color,
    editable: false,
    label: s.annotatorId,
  };
}

/**
 * What the waveform draws: the visible spans, read-only, labelled with their annotator; or,
 * with `showUnion`, the merged union with the selected span (if any) drawn on top of it.
 */
export function waveformSpans(
  view: ClipView,
  showUnion: boolean,
  selected: ExpertSpan | undefined,
): WaveformSpan[] {
  if (!showUnion) return view.visibleSpans.map(drawn);
  const union = view.union.map(
    (u): WaveformSpan => ({
      id: unionId(u),
      start: u.start,
      end: u.end,
      color: UNION_COLOR,
      editable: false,
      label: "union",
    }),
  );
  return selected ? [...union, drawn(selected)] : union;
}

/**
 * The span a click on the waveform selects: the span itself, or for a union span the first
 * visible span inside it; null for a click beside every span.
 */
export function spanForWaveformId(view: ClipView, id: string | null): string | null {
  if (id === null || !id.startsWith(UNION_PREFIX)) return id;
  const u = view.union.find((x) => unionId(x) === id);
  return (u && view.visibleSpans.find((s) => s.start < u.end && s.end > u.start)?.id) ?? null;
}

/** The span `[` (-1) or `]` (1) selects: the neighbour in list order, stopping at the ends. */
export function stepSpan(
  spans: readonly { id: string }[],
  selectedId: string | null,
  direction: 1 | -1,
): string | null {
  if (spans.length === 0) return null;
  const at = spans.findIndex((s) => s.id === selectedId);
  const next =
    at === -1
      ? direction === 1
        ? 0
        : spans.length - 1
      : Math.min(spans.length - 1, Math.max(0, at + direction));
  return spans[next]?.id ?? null;
}
