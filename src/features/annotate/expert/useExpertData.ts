// What the expert screen reads from the database, live, in parts sized for studies of tens of
// thousands of clips (no query reads every clip, region or label of the study):
// - useExpertData: the study and its annotators;
// - useCurrentClip: the clip on screen (the remembered one, else the study's first);
// - useExpertIndex (its own file): the clips in order with each one's crowd spans and this
//   expert's labelled spans as counts, read by keys in a Web Worker, for progress, "Only clips
//   with unlabelled spans" and Next/Previous;
// - useClipSpans: the current clip's crowd spans and their reason labels.
// A reason key re-runs only the clip's label query, never a query over the study.
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
import {
  type AnnotatorRecord,
  type ClipRecord,
  firstClip,
  getClip,
  getClipAudio,
  getStudy,
  listAnnotators,
  listReasonLabels,
  listRegions,
  listSubmissions,
  type ReasonLabelRecord,
  type RegionRecord,
  type StudyRecord,
} from "../../../db/repo.ts";
import { clipSource, notAllowedMessage } from "../../../domain/clips/clipSource.ts";

export interface ExpertData {
  study: StudyRecord;
  annotators: AnnotatorRecord[];
}

/** `undefined` while loading, `null` when the study does not exist. */
export function useExpertData(studyId: string): ExpertData | null | undefined {
  return useLiveQuery(async () => {
    const study = await getStudy(studyId);
    if (!study) return null;
    return { study, annotators: await listAnnotators(studyId) };
  }, [studyId]);
}

/**
 * The clip `clipId` of the study, or the study's first clip when `clipId` is undefined or not
 * in the study; `undefined` while loading, `null` when the study has no clips.
 */
export function useCurrentClip(
  studyId: string,
  clipId: string | undefined,
): ClipRecord | null | undefined {
  const result = useLiveQuery(async () => {
    const wanted = clipId === undefined ? undefined : await getClip(studyId, clipId);
    const clip = wanted ?? (await firstClip(studyId));
    return { clipId, clip: clip ?? null };
  }, [studyId, clipId]);
  if (result === undefined) return undefined;
  // The first clip, read as the fallback, is the clip asked for once the index names it.
  if (result.clipId === clipId || (clipId !== undefined && result.clip?.id === clipId)) {
    return result.clip;
  }
  return undefined;
}

/** True for the annotators whose spans the expert labels: crowd, or not registered. */
function isCrowd(annotators: readonly AnnotatorRecord[]): (annotatorId: string) => boolean {
  const roles = new Map(annotators.map((a) => [a.id, a.role]));
  return (id) => (roles.get(id) ?? "crowd") === "crowd";
}

export interface ClipSpans {
  clipId: string;
  /** The clip's crowd spans, by start, end, annotator, id. */
  regions: RegionRecord[];
  /** Every reason label on them (all experts'). */
  labels: ReasonLabelRecord[];
  /** Crowd annotators with a submission on the clip (voters of the consensus, spans or not). */
  submitted: string[];
}

/** The clip's crowd spans and their labels; `undefined` while the clip's are loading. */
export function useClipSpans(
  studyId: string,
  clipId: string,
  annotators: readonly AnnotatorRecord[],
): ClipSpans | undefined {
  const result = useLiveQuery(async () => {
    const crowd = isCrowd(annotators);
    const regions = (await listRegions(studyId, clipId))
      .filter((r) => crowd(r.annotatorId))
      .sort(
        (a, b) =>
          a.start - b.start ||
          a.end - b.end ||
          a.annotatorId.localeCompare(b.annotatorId) ||
          a.id.localeCompare(b.id),
      );
    const labels =
      regions.length === 0
        ? []
        : await listReasonLabels(
            studyId,
            regions.map((r) => r.id),
          );
    const submitted = (await listSubmissions(studyId, { clipId }))
      .map((x) => x.annotatorId)
      .filter(crowd);
    return { clipId, regions, labels, submitted };
  }, [studyId, clipId, annotators]);
  return result?.clipId === clipId ? result : undefined;
}

export type ClipAudio =
  | { kind: "loading" }
  | { kind: "none" }
  /** Not fetched: from a site the study does not allow yet (`origin`), or refused (`message`). */
  | { kind: "blocked"; message: string; origin?: string }
  | { kind: "ready"; src: Blob | string };

/**
 * The clip's stored audio, else its `uri` when the study may fetch from there
 * (domain/clips/clipSource.ts), else none.
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
    return { kind: "blocked", message: notAllowedMessage(source.origin), origin: source.origin };
  }
  if (source.kind === "refused") return { kind: "blocked", message: source.reason };
  return { kind: "none" };
}
