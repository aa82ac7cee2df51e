// One annotator's spans on one clip, read live from the database, and as the waveform draws
// them: numbered in order, each in its palette colour, all editable.
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo } from "react";
import { paletteColor } from "../../audio/colors.ts";
import type { WaveformSpan } from "../../audio/Waveform.tsx";
import { listRegions } from "../../db/repo.ts";

export function useStoredSpans(studyId: string, clipId: string, annotatorId: string) {
  const regions = useLiveQuery(
    () => listRegions(studyId, clipId, annotatorId),
    [studyId, clipId, annotatorId],
  );
  const spans = useMemo<WaveformSpan[]>(
    () =>
      (regions ?? []).map((r, i) => ({
        id: r.id,
        start: r.start,
        end: r.end,
        color: paletteColor(i),
        editable: true,
        label: String(i + 1),
      })),
    [regions],
  );
  return { regions, spans };
}
