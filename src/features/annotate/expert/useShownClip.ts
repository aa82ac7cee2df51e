// Which clip the expert screen shows: the remembered position (useClipNavigation), the clip's
// record and every annotator's spans on it, and the study's index of labels (read once the
// first clip is on screen, so the two do not compete; the "only unlabelled" filter needs it).
import { useEffect, useRef, useState } from "react";
import type { ClipRecord } from "../../../db/repo.ts";
import { useClipNavigation } from "./useClipNavigation.ts";
import { type ClipSpans, type ExpertData, useClipSpans, useCurrentClip } from "./useExpertData.ts";
import { useExpertIndex } from "./useExpertIndex.ts";

export function useShownClip(studyId: string, expertId: string, data: ExpertData) {
  const [openClips, setOpenClips] = useState<ReadonlySet<string>>(new Set());
  const [indexEnabled, setIndexEnabled] = useState(false);
  const { index, error: indexError } = useExpertIndex(studyId, expertId, indexEnabled);
  const nav = useClipNavigation(studyId, expertId, index?.clipIds, openClips);
  const current = useCurrentClip(studyId, nav.clipId);
  // The clip on screen is the last one whose spans have arrived: after N or P the previous
  // clip stays until the next one's spans are read, so the reasons panel,
  // and the checkbox that has focus, never disappear in between.
  // The clip's record and its spans are read side by side once the index names the clip.
  const wantedSpans = useClipSpans(studyId, nav.clipId ?? current?.id ?? "", data.annotators);
  const shown = useRef<{ clip: ClipRecord; spans: ClipSpans } | null>(null);
  if (current && wantedSpans?.clipId === current.id) {
    shown.current = { clip: current, spans: wantedSpans };
  }
  const clip = shown.current?.clip;
  const clipSpans = shown.current?.spans;
  const clipId = clip?.id ?? "";
  // The index is read once the first clip is on screen, so the two do not compete.
  useEffect(() => {
    if (clipSpans !== undefined) setIndexEnabled(true);
  }, [clipSpans]);

  return {
    nav,
    index,
    indexError,
    /** The clip the position names: null when the study has none, undefined while it loads. */
    current,
    /** The clip on screen and its spans (undefined until the first clip's spans arrive). */
    clip,
    clipSpans,
    clipId,
    /** The next clip is being read; the one on screen is leaving. */
    arriving: current?.id !== clipId,
    /** Sets the clips still open, which "only unlabelled" steps through. */
    setOpenClips,
  };
}
