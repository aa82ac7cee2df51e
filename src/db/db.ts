// The one IndexedDB database of RedPen Annotator, through Dexie.
//
// What is stored where (every table keyed by study first, because ids in the interchange
// format are unique only within one study's file):
//   studies       one row per study: name, bin width, taxonomy, rating requirement, extra keys
//   clips         clip metadata (interchange `clips[]`) plus `order` (position in the study)
//   audio         the clip's audio as a Blob, apart from `clips` so listing clips stays cheap
//   annotators    interchange `annotators[]`
//   submissions   one per (clip, annotator): "finished this clip", with rating, plays, time
//   regions       the marked spans
//   reasonLabels  one per (region, expert): the reasons ticked for that span
//
// Schema history: never edit a released version; add `this.version(n + 1)` with an
// `.upgrade()` beside it and a test in db.test.ts that opens an old-shape database.
// How to add version 2 (keep the version(1) call exactly as it is, below it):
//
//   this.version(2)
//     .stores({ clips: "[studyId+id], studyId, [studyId+order], [studyId+system]" })
//     .upgrade(async (tx) => {
//       // rewrite rows to the new shape, e.g. give every clip a default:
//       await tx.table("clips").toCollection().modify((c) => { c.system ??= ""; });
//     });
//
// `.stores()` in v2 lists only the tables whose indexes change (others are kept); `null`
// deletes a table. Then add a test to db.test.ts: open a database with the frozen v1 schema
// (FROZEN_V1 there), fill it, open RedPenDB on it and check the upgraded rows.
import Dexie, { type EntityTable } from "dexie";
import type {
  Annotator,
  Clip,
  ReasonLabel,
  Region,
  Submission,
  TaxonomyEntry,
} from "../domain/types.ts";

export interface StudyRecord {
  id: string;
  name: string;
  binSeconds: number;
  taxonomy: TaxonomyEntry[];
  /** Annotators must give the 1–5 naturalness rating before finishing a clip. */
  requireRating: boolean;
  createdAt: string;
  /** Further interchange `study` keys (instructions, protocol, …), kept verbatim. */
  extra: Record<string, unknown>;
}

export type ClipRecord = Clip & { studyId: string; order: number };
export interface AudioRecord {
  studyId: string;
  clipId: string;
  blob: Blob;
}
export type AnnotatorRecord = Annotator & { studyId: string };
export type SubmissionRecord = Submission & { studyId: string };
export type RegionRecord = Region & { studyId: string };
export type ReasonLabelRecord = ReasonLabel & { studyId: string };

export class RedPenDB extends Dexie {
  studies!: EntityTable<StudyRecord, "id">;
  clips!: Dexie.Table<ClipRecord, [string, string]>;
  audio!: Dexie.Table<AudioRecord, [string, string]>;
  annotators!: Dexie.Table<AnnotatorRecord, [string, string]>;
  submissions!: Dexie.Table<SubmissionRecord, [string, string, string]>;
  regions!: Dexie.Table<RegionRecord, [string, string]>;
  reasonLabels!: Dexie.Table<ReasonLabelRecord, [string, string, string]>;

  constructor(name = "redpen") {
    super(name);
    // Version 1: the first release.
    this.version(1).stores({
      studies: "id, createdAt",
      clips: "[studyId+id], studyId, [studyId+order]",
      audio: "[studyId+clipId], studyId",
      annotators: "[studyId+id], studyId",
      submissions: "[studyId+clipId+annotatorId], studyId, [studyId+clipId], [studyId+annotatorId]",
      regions: "[studyId+id], studyId, [studyId+clipId], [studyId+clipId+annotatorId]",
      reasonLabels: "[studyId+regionId+annotatorId], studyId, [studyId+regionId]",
    });
  }
}

export const db = new RedPenDB();
