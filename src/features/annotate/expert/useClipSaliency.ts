// The clip's model saliency for the expert's overlay: the first model's record (code-unit
// order) stored for the clip, or undefined when it has none (then the screen offers no toggle).
import { useEffect, useState } from "react";
import { clipSaliency } from "../../../db/repo.ts";
import type { SaliencyRecord } from "../../../domain/interchange/types.ts";

export function useClipSaliency(studyId: string, clipId: string): SaliencyRecord | undefined {
  const [record, setRecord] = useState<{ clipId: string; record?: SaliencyRecord }>();
  useEffect(() => {
    if (clipId === "") return;
    let active = true;
    clipSaliency(studyId, clipId).then(
      (records) => {
        const first = [...records].sort((a, b) =>
          a.model < b.model ? -1 : a.model > b.model ? 1 : 0,
        )[0];
        if (active) setRecord(first ? { clipId, record: first } : { clipId });
      },
      () => {
        if (active) setRecord({ clipId });
      },
    );
    return () => {
      active = false;
    };
  }, [studyId, clipId]);
  return record?.clipId === clipId ? record.record : undefined;
}
