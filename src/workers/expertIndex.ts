// The expert screen's navigation index, read from IndexedDB by keys only (no region or label
// objects are read): the study's clips in order, and per clip how many crowd spans it has and
// how many of them this expert has labelled. It runs in a Web Worker (expertIndex.worker.ts)
// because on a 20,000-clip study the key cursors alone keep a thread busy for most of a second.
import { db, ofStudy, withKeyPrefix } from "../db/db.ts";
import { errorMessage } from "../domain/util/errorText.ts";

export interface ExpertIndexRequest {
  id: number;
  studyId: string;
  expertId: string;
}

/** The index in columns: `spans[i]` and `labelled[i]` belong to `clipIds[i]`. */
export interface ExpertIndex {
  /** Every clip of the study, in the study's order. */
  clipIds: string[];
  /** Crowd spans per clip (annotators not registered with another role count as crowd). */
  spans: Uint32Array;
  /** Of those, the spans this expert has a reason label on. */
  labelled: Uint32Array;
}

export type ExpertIndexResponse =
  | { id: number; type: "done"; index: ExpertIndex; millis: number }
  | { id: number; type: "error"; message: string };

export async function readExpertIndex(studyId: string, expertId: string): Promise<ExpertIndex> {
  return db.transaction("r", [db.clips, db.annotators, db.regions, db.reasonLabels], async () => {
    const clipRange = withKeyPrefix(db.clips, "[studyId+order]", [studyId]);
    const [clipKeys, annotators, labelKeys] = await Promise.all([
      clipRange.primaryKeys(),
      ofStudy(db.annotators, studyId).toArray(),
      ofStudy(db.reasonLabels, studyId).primaryKeys(),
    ]);
    const roles = new Map(annotators.map((a) => [a.id, a.role]));
    const clipIds = clipKeys.map((k) => (k as unknown as [string, string])[1]);
    const position = new Map(clipIds.map((id, i) => [id, i]));
    const mine = new Set<string>();
    for (const key of labelKeys) {
      const [, regionId, annotatorId] = key as unknown as [string, string, string];
      if (annotatorId === expertId) mine.add(regionId);
    }
    const spans = new Uint32Array(clipIds.length);
    const labelled = new Uint32Array(clipIds.length);
    for (const region of await ofStudy(db.regions, studyId).toArray()) {
      if ((roles.get(region.annotatorId) ?? "crowd") !== "crowd") continue;
      const at = position.get(region.clipId);
      if (at === undefined) continue; // a span of a clip no longer in the study
      spans[at] = (spans[at] ?? 0) + 1;
      if (mine.has(region.id)) labelled[at] = (labelled[at] ?? 0) + 1;
    }
    return { clipIds, spans, labelled };
  });
}

/** Answers one request; posts the index with its arrays transferred. */
export async function answerExpertIndex(
  request: ExpertIndexRequest,
  post: (message: ExpertIndexResponse, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  const started = performance.now();
  try {
    const index = await readExpertIndex(request.studyId, request.expertId);
    post({ id: request.id, type: "done", index, millis: performance.now() - started }, [
      index.spans.buffer as ArrayBuffer,
      index.labelled.buffer as ArrayBuffer,
    ]);
  } catch (e) {
    post({ id: request.id, type: "error", message: errorMessage(e) }, []);
  }
}
