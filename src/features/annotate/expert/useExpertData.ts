// Everything the expert screen reads from the database, live: the study (its taxonomy), its
// clips, its annotators, every region and every reason label. Re-renders on any change.
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
import {
  type AnnotatorRecord,
  type ClipRecord,
  getClipAudio,
  getStudy,
  listAllRegions,
  listAnnotators,
  listClips,
  listReasonLabels,
  type ReasonLabelRecord,
  type RegionRecord,
  type StudyRecord,
} from "../../../db/repo.ts";
import { clipSource, notAllowedMessage } from "../../../domain/clipSource.ts";

export interface ExpertData {
  study: StudyRecord;
  clips: ClipRecord[];
  annotators: AnnotatorRecord[];
  /** Regions of crowd annotators (and of ids not registered with another role). */
  regions: RegionRecord[];
  labels: ReasonLabelRecord[];
}

/** `undefined` while loading, `null` when the study does not exist. */
export function useExpertData(studyId: string): ExpertData | null | undefined {
  return useLiveQuery(async () => {
    const study = await getStudy(studyId);
    if (!study) return null;
    const [clips, annotators, allRegions] = await Promise.all([
      listClips(studyId),
      listAnnotators(studyId),
      listAllRegions(studyId),
    ]);
    const roles = new Map(annotators.map((a) => [a.id, a.role]));
    const regions = allRegions
      .filter((r) => (roles.get(r.annotatorId) ?? "crowd") === "crowd")
      .sort(
        (a, b) =>
          a.start - b.start ||
          a.end - b.end ||
          a.annotatorId.localeCompare(b.annotatorId) ||
          a.id.localeCompare(b.id),
      );
    const labels = await listReasonLabels(
      studyId,
      regions.map((r) => r.id),
    );
    return { study, clips, annotators, regions, labels };
  }, [studyId]);
}

export type ClipAudio =
  | { kind: "loading" }
  | { kind: "none" }
  | { kind: "blocked"; message: string }
  | { kind: "ready"; src: Blob | string };

/**
 * The clip's stored audio, else its `uri` when the study may fetch from there
 * (domain/clipSource.ts), else none.
 */
export function useClipAudio(
  studyId: string,
  clip: ClipRecord | undefined,
  allowedOrigins: readonly string[] = [],
): ClipAudio {
  const clipId = clip?.id;
  // The answer carries its clip id: while the next clip's audio loads, the hook still holds
  // the previous clip's, which must not be shown under the new clip's name.
  const stored = useLiveQuery(
    async () => ({
      clipId,
      blob: clipId === undefined ? undefined : await getClipAudio(studyId, clipId),
    }),
    [studyId, clipId],
  );
  // A re-run of the query yields a new Blob object for the same audio; handing that to the
  // waveform would make it decode the clip again, so the first one is kept per clip.
  const kept = useRef<{ clipId: string; blob: Blob } | null>(null);
  if (!stored || stored.clipId !== clipId) return { kind: "loading" };
  if (stored.blob) {
    const previous = kept.current;
    const same =
      previous !== null &&
      previous.clipId === clipId &&
      previous.blob.size === stored.blob.size &&
      previous.blob.type === stored.blob.type;
    if (same) return { kind: "ready", src: previous.blob };
    if (clipId !== undefined) kept.current = { clipId, blob: stored.blob };
    return { kind: "ready", src: stored.blob };
  }
  const source = clipSource(clip?.uri, location.origin, allowedOrigins);
  if (source.kind === "fetch") return { kind: "ready", src: source.url };
  if (source.kind === "not-allowed") {
    return { kind: "blocked", message: notAllowedMessage(source.origin) };
  }
  if (source.kind === "refused") return { kind: "blocked", message: source.reason };
  return { kind: "none" };
}
