// What the expert screen reads from the database, live, in three parts sized for studies of
// tens of thousands of clips:
// - useExpertData: the study, its clips (for navigation and the header) and annotators;
// - useNavigationIndex: every crowd span of the study and the spans this expert labelled, as
//   database keys only (no region objects are read), for progress, "Only clips with
//   unlabelled spans" and Next/Previous;
// - useClipSpans: the current clip's crowd spans and their reason labels.
// A reason key re-runs only the queries that read reason labels: the clip's labels and the
// key list of this study's labels, never the study's regions.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { db, ofStudy, withKeyPrefix } from "../../../db/db.ts";
import {
  type AnnotatorRecord,
  type ClipRecord,
  getClipAudio,
  getStudy,
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
}

/** `undefined` while loading, `null` when the study does not exist. */
export function useExpertData(studyId: string): ExpertData | null | undefined {
  return useLiveQuery(async () => {
    const study = await getStudy(studyId);
    if (!study) return null;
    const [clips, annotators] = await Promise.all([listClips(studyId), listAnnotators(studyId)]);
    return { study, clips, annotators };
  }, [studyId]);
}

/** A crowd span as the navigation index knows it: its key, no times. */
export interface SpanKey {
  id: string;
  clipId: string;
}

export interface NavigationIndex {
  /** Every crowd span of the study (annotators not registered with another role). */
  spans: SpanKey[];
  /** Ids of the spans this expert has given at least one reason. */
  labelled: ReadonlySet<string>;
}

/** True for the annotators whose spans the expert labels: crowd, or not registered. */
function isCrowd(annotators: readonly AnnotatorRecord[]): (annotatorId: string) => boolean {
  const roles = new Map(annotators.map((a) => [a.id, a.role]));
  return (id) => (roles.get(id) ?? "crowd") === "crowd";
}

/**
 * The study's crowd spans and this expert's labelled spans, read as keys: the regions index
 * [studyId+clipId+annotatorId] with its primary keys, and the reason labels' primary keys
 * [studyId+regionId+annotatorId]. `undefined` while loading.
 */
export function useNavigationIndex(
  studyId: string,
  expertId: string,
  annotators: readonly AnnotatorRecord[],
  /** Start reading only once the first clip is on screen, so the two do not compete. */
  enabled: boolean,
): NavigationIndex | undefined {
  // Regions change only when crowd work arrives: a live query, not re-run by reason keys.
  const spans = useLiveQuery(async () => {
    if (!enabled) return undefined;
    const range = withKeyPrefix(db.regions, "[studyId+clipId+annotatorId]", [studyId]);
    const [keys, ids] = await Promise.all([range.keys(), range.primaryKeys()]);
    return { keys: keys as unknown as [string, string, string][], ids };
  }, [studyId, enabled]);
  // This expert's labels are read once: every later change is the expert's own, on the clip
  // on screen, and reaches the screen through that clip's live query (useClipSpans), which
  // the workspace folds in. Re-reading every label key on each reason key would cost the main
  // thread far more than the key itself.
  const [labelled, setLabelled] = useState<ReadonlySet<string> | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void ofStudy(db.reasonLabels, studyId)
      .primaryKeys()
      .then((keys) => {
        const ids = new Set<string>();
        for (const [, regionId, annotatorId] of keys) {
          if (annotatorId === expertId) ids.add(regionId);
        }
        if (!cancelled) setLabelled(ids);
      });
    return () => {
      cancelled = true;
    };
  }, [studyId, expertId, enabled]);
  // One object per query result, so the screen's memos only recompute when the data changed.
  const crowdSpans = useMemo(() => {
    if (!spans) return undefined;
    const crowd = isCrowd(annotators);
    const list: SpanKey[] = [];
    spans.keys.forEach((key, i) => {
      const id = spans.ids[i]?.[1];
      if (id !== undefined && crowd(key[2])) list.push({ id, clipId: key[1] });
    });
    return list;
  }, [spans, annotators]);
  return useMemo(
    () => (crowdSpans && labelled ? { spans: crowdSpans, labelled } : undefined),
    [crowdSpans, labelled],
  );
}

export interface ClipSpans {
  clipId: string;
  /** The clip's crowd spans, by start, end, annotator, id. */
  regions: RegionRecord[];
  /** Every reason label on them (all experts'). */
  labels: ReasonLabelRecord[];
}

/** The clip's crowd spans and their labels; `undefined` while the clip's are loading. */
export function useClipSpans(
  studyId: string,
  clipId: string,
  annotators: readonly AnnotatorRecord[],
): ClipSpans | undefined {
  const result = useLiveQuery(async () => {
    const crowd = isCrowd(annotators);
    const regions = (
      await withKeyPrefix(db.regions, "[studyId+clipId+annotatorId]", [studyId, clipId]).toArray()
    )
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
    return { clipId, regions, labels };
  }, [studyId, clipId, annotators]);
  return result?.clipId === clipId ? result : undefined;
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
