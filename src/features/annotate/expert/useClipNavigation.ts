// Which clip the expert is on, remembered per study and expert across reloads, and where
// Next/Previous lead (skipping fully labelled clips when the filter is on).
import { useCallback, useMemo } from "react";
import type { ClipRecord } from "../../../db/repo.ts";
import { stepClip } from "../../../domain/expert.ts";
import { positionKey, useExpertUi } from "../../../stores/expert.ts";

export function useClipNavigation(
  studyId: string,
  expertId: string,
  clips: readonly ClipRecord[],
  openClips: ReadonlySet<string>,
) {
  const storedId = useExpertUi((s) => s.positions[positionKey(studyId, expertId)]);
  const setPosition = useExpertUi((s) => s.setPosition);
  const onlyUnlabelled = useExpertUi((s) => s.onlyUnlabelled);

  const ids = useMemo(() => clips.map((c) => c.id), [clips]);
  const found = storedId === undefined ? -1 : ids.indexOf(storedId);
  const index = found === -1 ? 0 : found;
  const include = useCallback(
    (id: string) => !onlyUnlabelled || openClips.has(id),
    [onlyUnlabelled, openClips],
  );
  const next = stepClip(ids, index, 1, include);
  const previous = stepClip(ids, index, -1, include);

  const goTo = useCallback(
    (i: number | undefined) => {
      const id = i === undefined ? undefined : ids[i];
      if (id !== undefined) setPosition(studyId, expertId, id);
    },
    [ids, setPosition, studyId, expertId],
  );

  return {
    index,
    clip: clips[index],
    next,
    previous,
    goNext: () => goTo(next),
    goPrevious: () => goTo(previous),
  };
}
