// What the expert screen shows of the clip on screen: its spans with the reasons still being
// written already ticked (buildClipView), the annotators hidden from the waveform, and the
// labelling progress of the clip and of the study.
import { useEffect, useMemo, useRef, useState } from "react";
import type { ClipRecord } from "../../../db/repo.ts";
import { type ClipCounts, studyLabelState } from "../../../domain/study/expert.ts";
import { buildClipView } from "./clipView.ts";
import type { ClipSpans, ExpertData } from "./useExpertData.ts";
import type { useShownClip } from "./useShownClip.ts";

export function useExpertView({
  data,
  expertId,
  shown,
  pendingReasons,
}: {
  data: ExpertData;
  expertId: string;
  shown: ReturnType<typeof useShownClip>;
  /** The reasons of each span as ticked, while their writes are under way (useReasonWriter). */
  pendingReasons: ReadonlyMap<string, string[]>;
}) {
  const { clip, clipSpans, clipId, index, setOpenClips } = shown;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const view = useClipViewWithPending(
    data,
    expertId,
    clip,
    clipSpans,
    clipId,
    hidden,
    pendingReasons,
  );

  // Progress and open clips: the index's counts, except for the clips seen live since it was
  // read (labels change only on the clip on screen, and this clip's count includes toggles
  // still being written).
  const currentCounts = useMemo<ClipCounts | undefined>(
    () =>
      clipSpans && {
        spans: view.spans.length,
        labelled: view.spans.filter((s) => s.reasons.length > 0).length,
      },
    [clipSpans, view],
  );
  const visited = useRef({ index, counts: new Map<string, ClipCounts>() });
  if (visited.current.index !== index) visited.current = { index, counts: new Map() };
  if (currentCounts) visited.current.counts.set(clipId, currentCounts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the visited counts change with the current clip's
  const labelState = useMemo(
    () =>
      index && studyLabelState(index.clipIds, index.spans, index.labelled, visited.current.counts),
    [index, clipId, currentCounts],
  );
  const open = labelState?.open;
  useEffect(() => {
    if (open) setOpenClips(open);
  }, [open, setOpenClips]);

  /** Shows the annotator's spans on the waveform again, or hides them. */
  const toggleAnnotator = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return {
    view,
    toggleAnnotator,
    /** The clips still to label, once the index is read. */
    open,
    studyProgress: labelState?.progress,
    clipProgress: currentCounts
      ? { labelled: currentCounts.labelled, total: currentCounts.spans }
      : { labelled: 0, total: 0 },
  };
}

function useClipViewWithPending(
  data: ExpertData,
  expertId: string,
  clip: ClipRecord | undefined,
  clipSpans: ClipSpans | undefined,
  clipId: string,
  hidden: ReadonlySet<string>,
  pendingReasons: ReadonlyMap<string, string[]>,
) {
  const studyAnnotators = useMemo(
    () => data.annotators.filter((a) => a.role === "crowd").map((a) => a.id),
    [data.annotators],
  );
  return useMemo(() => {
    const v = buildClipView(
      clipId,
      clipSpans?.regions ?? [],
      clipSpans?.labels ?? [],
      expertId,
      studyAnnotators,
      hidden,
      clip && clipSpans
        ? {
            submitted: clipSpans.submitted,
            duration: clip.duration,
            binSeconds: data.study.binSeconds,
          }
        : undefined,
    );
    const withPending = (s: (typeof v.spans)[number]) => ({
      ...s,
      reasons: pendingReasons.get(s.id) ?? s.reasons,
    });
    return { ...v, spans: v.spans.map(withPending), visibleSpans: v.visibleSpans.map(withPending) };
  }, [
    clipId,
    clip,
    clipSpans,
    expertId,
    studyAnnotators,
    hidden,
    pendingReasons,
    data.study.binSeconds,
  ]);
}
