// Which clip the expert is on, remembered per study and expert across reloads, and where
// Next/Previous lead (skipping fully labelled clips when the filter is on). The clip order
// comes from the navigation index; until it arrives the remembered clip (or the study's first)
// is shown and Next/Previous wait.
import { useCallback, useMemo } from "react";
import { stepClip } from "../../../domain/study/expert.ts";
import { positionKey, useExpertUi } from "../../../stores/expert.ts";

export function useClipNavigation(
  studyId: string,
  expertId: string,
  /** The study's clip ids in order; undefined while the index is read. */
  clipIds: readonly string[] | undefined,
  openClips: ReadonlySet<string>,
) {
  const storedId = useExpertUi((s) => s.positions[positionKey(studyId, expertId)]);
  const setPosition = useExpertUi((s) => s.setPosition);
  const onlyUnlabelled = useExpertUi((s) => s.onlyUnlabelled);

  const positions = useMemo(
    () => (clipIds ? new Map(clipIds.map((id, i) => [id, i])) : undefined),
    [clipIds],
  );
  const found = storedId === undefined ? undefined : positions?.get(storedId);
  // Without the index the remembered clip is trusted (useCurrentClip falls back to the first
  // clip when it is gone); with it, a clip no longer in the study gives way to the first.
  const index = positions === undefined ? undefined : (found ?? 0);
  const clipId = positions === undefined ? storedId : clipIds?.[index ?? 0];
  const include = useCallback(
    (id: string) => !onlyUnlabelled || openClips.has(id),
    [onlyUnlabelled, openClips],
  );
  const next = clipIds && index !== undefined ? stepClip(clipIds, index, 1, include) : undefined;
  const previous =
    clipIds && index !== undefined ? stepClip(clipIds, index, -1, include) : undefined;

  const goTo = useCallback(
    (i: number | undefined) => {
      const id = i === undefined ? undefined : clipIds?.[i];
      if (id !== undefined) setPosition(studyId, expertId, id);
    },
    [clipIds, setPosition, studyId, expertId],
  );

  return {
    /** The wanted clip's position in the study; undefined until the index is read. */
    index,
    /** Any clip's position in the study; undefined until the index is read. */
    positionOf: (id: string) => positions?.get(id),
    /** The clip to show; undefined = the study's first clip. */
    clipId,
    next,
    previous,
    goNext: () => goTo(next),
    goPrevious: () => goTo(previous),
  };
}
