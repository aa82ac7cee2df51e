// What the expert screen shows for one clip, derived from the live data: the crowd spans with
// their colours and this expert's reasons, the legend, the union of the visible spans and the
// crowd's majority consensus.
import type { WaveformSpan } from "../../../audio/Waveform.tsx";
import type { ReasonLabelRecord, RegionRecord } from "../../../db/repo.ts";
import { majoritySpans } from "../../../domain/stats/consensus.ts";
import { type Span, unionOfSpans } from "../../../domain/study/spans.ts";
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
  /**
   * The majority consensus of every crowd annotator of the clip (hidden ones too: hiding is a
   * view, the consensus is the crowd's), as in the report; null with fewer than two of them.
   */
  consensus: Span[] | null;
  /** Crowd annotators of the clip: with a span or a submission. */
  voters: number;
}

/** What the majority consensus of a clip needs besides its spans. */
export interface ConsensusInput {
  /** Crowd annotators who finished the clip (a submission), with or without spans. */
  submitted: readonly string[];
  duration: number;
  binSeconds: number;
}

export function buildClipView(
  clipId: string,
  regions: readonly RegionRecord[],
  labels: readonly ReasonLabelRecord[],
  expertId: string,
  studyAnnotatorIds: readonly string[],
  hidden: ReadonlySet<string>,
  consensusInput?: ConsensusInput,
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
  const voters = [...new Set([...(consensusInput?.submitted ?? []), ...counts.keys()])];
  const consensus =
    consensusInput && voters.length >= 2
      ? majoritySpans(
          voters.map((id) => spans.filter((s) => s.annotatorId === id)),
          consensusInput.duration,
          consensusInput.binSeconds,
        )
      : null;
  return {
    spans,
    visibleSpans,
    legend,
    union: unionOfSpans(visibleSpans),
    consensus,
    voters: voters.length,
  };
}

const UNION_COLOR = "#0F172A";
const UNION_PREFIX = "union:";
/** Amber, apart from the annotators' palette. */
export const CONSENSUS_COLOR = "#B45309";
/** A model's salient bins (the analysis screen's Figure 1 draws them in the same green). */
export const SALIENCY_COLOR = "#117733";
const CONSENSUS_PREFIX = "consensus:";

function consensusId(u: Span): string {
  return `${CONSENSUS_PREFIX}${u.start}-${u.end}`;
}

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
 * with `showUnion`, the merged union with the selected span (if any) drawn on top of it; with
 * `showConsensus`, the majority consensus regions on top of either.
 */
export function waveformSpans(
  view: ClipView,
  showUnion: boolean,
  selected: ExpertSpan | undefined,
  showConsensus = false,
): WaveformSpan[] {
  const consensus =
    showConsensus && view.consensus
      ? view.consensus.map(
          (u): WaveformSpan => ({
            id: consensusId(u),
            start: u.start,
            end: u.end,
            color: CONSENSUS_COLOR,
            editable: false,
            label: "consensus",
            band: true,
          }),
        )
      : [];
  if (!showUnion) return [...view.visibleSpans.map(drawn), ...consensus];
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
  return [...union, ...(selected ? [drawn(selected)] : []), ...consensus];
}

/**
 * What a click on the waveform selects: the span itself; for a union span the first visible
 * span inside it; for a consensus region every visible span overlapping it (labelled at once);
 * nothing for a click beside every span.
 */
export function selectionForWaveformId(view: ClipView, id: string | null): string[] {
  if (id === null) return [];
  if (id.startsWith(CONSENSUS_PREFIX)) {
    const u = view.consensus?.find((x) => consensusId(x) === id);
    return u ? spansOverlapping(view.visibleSpans, u).map((s) => s.id) : [];
  }
  if (!id.startsWith(UNION_PREFIX)) return [id];
  const u = view.union.find((x) => unionId(x) === id);
  const first = u && spansOverlapping(view.visibleSpans, u)[0];
  return first ? [first.id] : [];
}

/** The spans that overlap `region` (sharing more than an end point). */
export function spansOverlapping<T extends Span>(spans: readonly T[], region: Span): T[] {
  return spans.filter((s) => s.start < region.end && s.end > region.start);
}

/**
 * The spans overlapping `span`, directly or through others: the visible spans of the union
 * piece that holds it, in list order ("select overlapping", key O).
 */
export function overlappingGroup(view: ClipView, spanId: string): string[] {
  const span = view.visibleSpans.find((s) => s.id === spanId);
  if (!span) return [];
  const piece = view.union.find((u) => u.start <= span.start && span.end <= u.end);
  return piece ? spansOverlapping(view.visibleSpans, piece).map((s) => s.id) : [span.id];
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
