// The spans the expert screen's waveform draws: the clip's view as the toggles ask
// (waveformSpans) and, when the study has a model's saliency for the clip and it is shown,
// its salient bins as a band.
import { useMemo, useState } from "react";
import type { ClipRecord } from "../../../db/repo.ts";
import { salientRegions } from "../../../domain/stats/saliency.ts";
import { useExpertUi } from "../../../stores/expert.ts";
import { type ClipView, type ExpertSpan, SALIENCY_COLOR, waveformSpans } from "./clipView.ts";
import { useClipSaliency } from "./useClipSaliency.ts";

export function useWaveSpans({
  studyId,
  clip,
  binSeconds,
  view,
  selected,
}: {
  studyId: string;
  clip: ClipRecord | undefined;
  binSeconds: number;
  view: ClipView;
  selected: ExpertSpan | undefined;
}) {
  const showUnion = useExpertUi((s) => s.showUnion);
  const showConsensus = useExpertUi((s) => s.showConsensus);
  // A model's saliency, when the study has one for this clip: its salient bins as a band.
  const saliency = useClipSaliency(studyId, clip?.id ?? "");
  const [showSaliency, setShowSaliency] = useState(false);
  const spans = useMemo(() => {
    const spans = waveformSpans(view, showUnion, selected, showConsensus);
    if (!showSaliency || saliency === undefined || clip === undefined) return spans;
    const salient = salientRegions(saliency, clip.duration, binSeconds, view.union);
    return [
      ...spans,
      ...salient.map((r) => ({
        id: `saliency:${r.start}`,
        ...r,
        color: SALIENCY_COLOR,
        editable: false,
        label: saliency.model,
        band: true,
      })),
    ];
  }, [view, showUnion, selected, showConsensus, showSaliency, saliency, clip, binSeconds]);
  return { spans, saliencyModel: saliency?.model, showSaliency, setShowSaliency };
}
