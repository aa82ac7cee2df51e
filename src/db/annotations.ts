// Annotators, regions, submissions and reason labels: what the annotate and expert screens
// write as they go. Every function checks its input and that what it refers to exists
// (study, clip, annotator, region), then writes in one transaction. See repo.ts.
import Dexie from "dexie";
import { transcriptProblem } from "../domain/interchange/limits.ts";
import type { Role, Submission } from "../domain/interchange/types.ts";
import { withReason } from "../domain/study/expert.ts";
import { fitSpanToClip } from "../domain/study/spans.ts";
import {
  type AnnotatorRecord,
  db,
  ofStudy,
  type ReasonLabelRecord,
  type RegionRecord,
  type SubmissionRecord,
  withKeyPrefix,
} from "./db.ts";
import { requireFinite, requireId, requireNonNegative, requireSpan } from "./validate.ts";
import { runWrite } from "./write.ts";

const ROLES: readonly Role[] = ["crowd", "expert", "researcher"];

async function requireClip(studyId: string, clipId: string) {
  const clip = await db.clips.get([studyId, clipId]);
  if (!clip) throw new Error(`clip "${clipId}" is not in study "${studyId}"`);
  return clip;
}

async function requireAnnotator(studyId: string, annotatorId: string) {
  const a = await db.annotators.get([studyId, annotatorId]);
  if (!a) {
    throw new Error(
      `annotator "${annotatorId}" is not registered in study "${studyId}" (call ensureAnnotator first)`,
    );
  }
  return a;
}

/**
 * Registers the annotator in the study, or returns the existing record. Throws when the
 * study does not exist, the id is empty, the role is unknown, or the id is already
 * registered with another role (one id has one role in the interchange format).
 */
export function ensureAnnotator(
  studyId: string,
  annotatorId: string,
  role: Role,
): Promise<AnnotatorRecord> {
  return runWrite("the annotator", async () => {
    const id = requireId("Annotator id", annotatorId).trim();
    if (!ROLES.includes(role))
      throw new Error(`role must be crowd, expert or researcher (got ${String(role)})`);
    return db.transaction("rw", [db.studies, db.annotators], async () => {
      if (!(await db.studies.get(studyId))) throw new Error(`no study with id "${studyId}"`);
      const existing = await db.annotators.get([studyId, id]);
      if (existing) {
        if (existing.role !== role) {
          throw new Error(
            `annotator "${id}" is already registered as ${existing.role} in this study; use another id for the ${role} role`,
          );
        }
        return existing;
      }
      const record: AnnotatorRecord = { studyId, id, role };
      await db.annotators.add(record);
      return record;
    });
  });
}

/** The study's annotators, sorted by id. */
export function listAnnotators(studyId: string): Promise<AnnotatorRecord[]> {
  return ofStudy(db.annotators, studyId).sortBy("id");
}

/**
 * Stores a new region and returns it (id from crypto.randomUUID()). Requires
 * `0 <= start < end`, finite; `end` beyond the clip's duration is clamped to it, a `start`
 * at or after the clip's end is refused. The clip and the annotator must exist.
 */
export function addRegion(
  studyId: string,
  input: { clipId: string; annotatorId: string; start: number; end: number },
): Promise<RegionRecord> {
  return runWrite("the region", async () => {
    const span = requireSpan(input.start, input.end);
    requireId("clipId", input.clipId);
    requireId("annotatorId", input.annotatorId);
    return db.transaction("rw", [db.clips, db.annotators, db.regions], async () => {
      const clip = await requireClip(studyId, input.clipId);
      await requireAnnotator(studyId, input.annotatorId);
      const record: RegionRecord = {
        studyId,
        id: crypto.randomUUID(),
        clipId: input.clipId,
        annotatorId: input.annotatorId,
        ...fitSpanToClip(span, clip.duration, clip.id),
      };
      await db.regions.add(record);
      return record;
    });
  });
}

/**
 * Moves or resizes a region (same rules as addRegion). Only the bounds given are changed, on
 * the row as stored when the transaction runs: a start edited in one tab and an end edited in
 * another both survive. The resulting span is checked (`start < end`, clamped to the clip).
 * Returns the updated record.
 */
export function updateRegion(
  studyId: string,
  regionId: string,
  input: { start?: number; end?: number },
): Promise<RegionRecord> {
  return runWrite("the region", async () => {
    if (input.start === undefined && input.end === undefined) {
      throw new Error("give a new start, a new end, or both");
    }
    if (input.start !== undefined) requireNonNegative("start", input.start);
    if (input.end !== undefined) requireFinite("end", input.end);
    return db.transaction("rw", [db.clips, db.regions], async () => {
      const region = await db.regions.get([studyId, regionId]);
      if (!region) throw new Error(`no region "${regionId}" in study "${studyId}"`);
      const clip = await requireClip(studyId, region.clipId);
      const span = requireSpan(input.start ?? region.start, input.end ?? region.end);
      const updated: RegionRecord = { ...region, ...fitSpanToClip(span, clip.duration, clip.id) };
      await db.regions.put(updated);
      return updated;
    });
  });
}

/** Deletes a region and every expert's reason label on it. Deleting a missing region is a no-op. */
export function deleteRegion(studyId: string, regionId: string): Promise<void> {
  return runWrite("the deletion of the region", () =>
    db.transaction("rw", [db.regions, db.reasonLabels], async () => {
      await db.regions.delete([studyId, regionId]);
      await withKeyPrefix(db.reasonLabels, ":id", [studyId, regionId]).delete();
    }),
  );
}

/**
 * A clip's regions in start order; only one annotator's when `annotatorId` is given.
 */
export async function listRegions(
  studyId: string,
  clipId: string,
  annotatorId?: string,
): Promise<RegionRecord[]> {
  const rows =
    annotatorId === undefined
      ? await withKeyPrefix(db.regions, "[studyId+clipId+annotatorId]", [studyId, clipId]).toArray()
      : await db.regions
          .where("[studyId+clipId+annotatorId]")
          .equals([studyId, clipId, annotatorId])
          .toArray();
  return rows.sort((a, b) => a.start - b.start || a.end - b.end || a.id.localeCompare(b.id));
}

/** How many regions the study has (IndexedDB counts them without reading any). */
export function countRegions(studyId: string): Promise<number> {
  return ofStudy(db.regions, studyId).count();
}

/** Every region in the study (for progress views and analysis). */
export function listAllRegions(studyId: string): Promise<RegionRecord[]> {
  return ofStudy(db.regions, studyId).toArray();
}

/**
 * Records that the annotator finished the clip (upsert per clip + annotator): fields given
 * here replace the stored ones, fields left out keep their stored values. Checks: score,
 * seconds finite (seconds ≥ 0), playCount a whole number ≥ 0, completedAt a valid date.
 */
export function saveSubmission(studyId: string, submission: Submission): Promise<SubmissionRecord> {
  return runWrite("the submission", async () => {
    requireId("clipId", submission.clipId);
    requireId("annotatorId", submission.annotatorId);
    if (submission.score !== undefined) requireFinite("score", submission.score);
    if (submission.seconds !== undefined) requireNonNegative("seconds", submission.seconds);
    if (submission.playCount !== undefined) {
      const n = requireNonNegative("playCount", submission.playCount);
      if (!Number.isInteger(n)) throw new Error(`playCount must be a whole number (got ${n})`);
    }
    if (submission.completedAt !== undefined && Number.isNaN(Date.parse(submission.completedAt))) {
      throw new Error(
        `completedAt must be an ISO-8601 date (got ${JSON.stringify(submission.completedAt)})`,
      );
    }
    return db.transaction("rw", [db.clips, db.annotators, db.submissions], async () => {
      await requireClip(studyId, submission.clipId);
      await requireAnnotator(studyId, submission.annotatorId);
      const key: [string, string, string] = [studyId, submission.clipId, submission.annotatorId];
      const existing = await db.submissions.get(key);
      const defined = Object.fromEntries(
        Object.entries(submission).filter(([, v]) => v !== undefined),
      ) as Submission;
      const record: SubmissionRecord = { ...existing, ...defined, studyId };
      await db.submissions.put(record);
      return record;
    });
  });
}

/**
 * Records that the annotator finished the clip, adding this visit's plays and active seconds
 * to the stored totals inside the transaction (so finishing the same clip in two tabs counts
 * both tabs' plays), and setting completedAt and, when given, the rating.
 */
export function finishClip(
  studyId: string,
  input: {
    clipId: string;
    annotatorId: string;
    completedAt: string;
    score?: number;
    /** Plays and active seconds of this visit, added to what is stored. */
    plays: number;
    seconds: number;
    /** The clip was played to its end in this visit (kept once true). */
    heardToEnd?: boolean;
    /** What the annotator typed they heard (a transcribe study); replaces a stored one. */
    transcript?: string;
  },
): Promise<SubmissionRecord> {
  return runWrite("the submission", async () => {
    requireId("clipId", input.clipId);
    requireId("annotatorId", input.annotatorId);
    if (input.score !== undefined) requireFinite("score", input.score);
    const plays = requireNonNegative("plays", input.plays);
    if (!Number.isInteger(plays)) throw new Error(`plays must be a whole number (got ${plays})`);
    const seconds = requireNonNegative("seconds", input.seconds);
    if (input.transcript !== undefined) {
      const problem = transcriptProblem(input.transcript);
      if (problem !== null) throw new Error(`The transcript ${problem}`);
    }
    if (Number.isNaN(Date.parse(input.completedAt))) {
      throw new Error(
        `completedAt must be an ISO-8601 date (got ${JSON.stringify(input.completedAt)})`,
      );
    }
    return db.transaction("rw", [db.clips, db.annotators, db.submissions], async () => {
      await requireClip(studyId, input.clipId);
      await requireAnnotator(studyId, input.annotatorId);
      const existing = await db.submissions.get([studyId, input.clipId, input.annotatorId]);
      const record: SubmissionRecord = {
        ...existing,
        studyId,
        clipId: input.clipId,
        annotatorId: input.annotatorId,
        completedAt: input.completedAt,
        ...(input.score === undefined ? {} : { score: input.score }),
        ...(input.transcript === undefined ? {} : { transcript: input.transcript }),
        playCount: (existing?.playCount ?? 0) + plays,
        seconds: Math.round(((existing?.seconds ?? 0) + seconds) * 10) / 10,
        ...(input.heardToEnd || existing?.heardToEnd ? { heardToEnd: true } : {}),
      };
      await db.submissions.put(record);
      return record;
    });
  });
}

/** Withdraws a submission (the clip counts as not finished again). No-op when there is none. */
export function deleteSubmission(
  studyId: string,
  clipId: string,
  annotatorId: string,
): Promise<void> {
  return runWrite("the submission", () => db.submissions.delete([studyId, clipId, annotatorId]));
}

/** One submission, or `undefined`. */
export function getSubmission(
  studyId: string,
  clipId: string,
  annotatorId: string,
): Promise<SubmissionRecord | undefined> {
  return db.submissions.get([studyId, clipId, annotatorId]);
}

/** The study's submissions, optionally only one clip's or one annotator's. */
export function listSubmissions(
  studyId: string,
  filter: { clipId?: string; annotatorId?: string } = {},
): Promise<SubmissionRecord[]> {
  if (filter.clipId !== undefined && filter.annotatorId !== undefined) {
    return db.submissions
      .where("[studyId+clipId+annotatorId]")
      .equals([studyId, filter.clipId, filter.annotatorId])
      .toArray();
  }
  if (filter.clipId !== undefined) {
    return withKeyPrefix(db.submissions, ":id", [studyId, filter.clipId]).toArray();
  }
  if (filter.annotatorId !== undefined) {
    return db.submissions
      .where("[studyId+annotatorId]")
      .equals([studyId, filter.annotatorId])
      .toArray();
  }
  return ofStudy(db.submissions, studyId).toArray();
}

/**
 * Sets the reasons an annotator (an expert) gives for a region. An empty array deletes the
 * label. Each reason must be an id of the study's taxonomy; duplicates are refused. The
 * stored order follows the taxonomy. Returns the stored label, or `undefined` when deleted.
 */
export function setReasons(
  studyId: string,
  regionId: string,
  annotatorId: string,
  reasons: readonly string[],
): Promise<ReasonLabelRecord | undefined> {
  return runWrite("the reasons", async () => {
    requireId("regionId", regionId);
    requireId("annotatorId", annotatorId);
    const seen = new Set<string>();
    for (const r of reasons) {
      if (seen.has(r)) throw new Error(`reason "${r}" is given twice`);
      seen.add(r);
    }
    return db.transaction(
      "rw",
      [db.studies, db.regions, db.annotators, db.reasonLabels],
      async () => {
        const study = await db.studies.get(studyId);
        if (!study) throw new Error(`no study with id "${studyId}"`);
        if (!(await db.regions.get([studyId, regionId]))) {
          throw new Error(`no region "${regionId}" in study "${studyId}"`);
        }
        await requireAnnotator(studyId, annotatorId);
        const key: [string, string, string] = [studyId, regionId, annotatorId];
        if (reasons.length === 0) {
          await db.reasonLabels.delete(key);
          return undefined;
        }
        const order = study.taxonomy.map((t) => t.id);
        for (const r of reasons) {
          if (!order.includes(r))
            throw new Error(`"${r}" is not a reason in this study's taxonomy`);
        }
        const record: ReasonLabelRecord = {
          studyId,
          regionId,
          annotatorId,
          reasons: [...reasons].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        };
        await db.reasonLabels.put(record);
        return record;
      },
    );
  });
}

/**
 * Gives (`present` true) or takes away one reason of an annotator's label on a region, on the
 * label as stored when the transaction runs: two reasons ticked in two tabs are both kept.
 * The same checks and order as setReasons, and the rule that "undefined" excludes the other
 * reasons (domain/study/expert.ts withReason); a label left with no reason is deleted. Returns the
 * stored label, or `undefined` when none is left.
 */
export async function setReason(
  studyId: string,
  regionId: string,
  annotatorId: string,
  reasonId: string,
  present: boolean,
): Promise<ReasonLabelRecord | undefined> {
  return (await setReasonOnRegions(studyId, [regionId], annotatorId, reasonId, present))[0];
}

/**
 * setReason on several regions in one transaction: every label changes, or (on an error, e.g.
 * a region deleted meanwhile) none does. Returns each region's stored label, in order.
 */
export function setReasonOnRegions(
  studyId: string,
  regionIds: readonly string[],
  annotatorId: string,
  reasonId: string,
  present: boolean,
): Promise<(ReasonLabelRecord | undefined)[]> {
  return runWrite("the reasons", async () => {
    for (const id of regionIds) requireId("regionId", id);
    requireId("annotatorId", annotatorId);
    requireId("reason", reasonId);
    return db.transaction(
      "rw",
      [db.studies, db.regions, db.annotators, db.reasonLabels],
      async () => {
        const study = await db.studies.get(studyId);
        if (!study) throw new Error(`no study with id "${studyId}"`);
        await requireAnnotator(studyId, annotatorId);
        const order = study.taxonomy.map((t) => t.id);
        if (!order.includes(reasonId)) {
          throw new Error(`"${reasonId}" is not a reason in this study's taxonomy`);
        }
        const out: (ReasonLabelRecord | undefined)[] = [];
        for (const regionId of regionIds) {
          if (!(await db.regions.get([studyId, regionId]))) {
            throw new Error(`no region "${regionId}" in study "${studyId}"`);
          }
          const key: [string, string, string] = [studyId, regionId, annotatorId];
          const stored = (await db.reasonLabels.get(key))?.reasons ?? [];
          const reasons = withReason(stored, reasonId, present, order);
          if (reasons.length === 0) {
            await db.reasonLabels.delete(key);
            out.push(undefined);
            continue;
          }
          const record: ReasonLabelRecord = { studyId, regionId, annotatorId, reasons };
          await db.reasonLabels.put(record);
          out.push(record);
        }
        return out;
      },
    );
  });
}

/**
 * Reason labels of one clip's regions (pass the clip id) or of the given region ids
 * (pass an array).
 */
export async function listReasonLabels(
  studyId: string,
  clipIdOrRegionIds: string | readonly string[],
): Promise<ReasonLabelRecord[]> {
  return db.transaction("r", [db.regions, db.reasonLabels], async () => {
    const regionIds =
      typeof clipIdOrRegionIds === "string"
        ? (
            await withKeyPrefix(db.regions, "[studyId+clipId+annotatorId]", [
              studyId,
              clipIdOrRegionIds,
            ]).toArray()
          ).map((r) => r.id)
        : [...clipIdOrRegionIds];
    if (regionIds.length === 0) return [];
    // Each region's labels are a key range on the primary key [studyId+regionId+annotatorId].
    return db.reasonLabels
      .where(":id")
      .inAnyRange(
        regionIds.map((id) => [
          [studyId, id, Dexie.minKey],
          [studyId, id, Dexie.maxKey],
        ]),
      )
      .toArray();
  });
}

/** Every reason label in the study (for progress views and analysis). */
export function listAllReasonLabels(studyId: string): Promise<ReasonLabelRecord[]> {
  return ofStudy(db.reasonLabels, studyId).toArray();
}
