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
//   pairs         a comparison test's pairs (interchange `pairs[]`)
//   judgments     one per (pair, annotator): the choice or CCR score
//   saliency      one per (clip, model): a model's frame scores (interchange `saliency[]`)
//
// Schema history: never edit a released version; add `this.version(n + 1)` with an
// `.upgrade()` beside it and a test in db.test.ts that opens an old-shape database.
//   1  the first release
//   2  drops every index that the primary key already serves: each primary key starts with
//      the study id, so "all of a study's rows" (and "all labels of a region", "all
//      submissions of a clip") are key ranges on it (`ofStudy`, `withKeyPrefix` below).
//      Fewer index entries to write makes large imports faster. No row changes.
//   3  adds `pairs` and `judgments` (a comparison test, issue 39): two new tables, keyed by
//      study first like the others; no row of the earlier tables changes.
//   4  adds `saliency` (a model's frame scores per clip), keyed by study, clip and model.
// How to add version 3 (keep the earlier calls exactly as they are, below them):
//
//   this.version(3)
//     .stores({ clips: "[studyId+id], [studyId+order], [studyId+system]" })
//     .upgrade(async (tx) => {
//       // rewrite rows to the new shape, e.g. give every clip a default:
//       await tx.table("clips").toCollection().modify((c) => { c.system ??= ""; });
//     });
//
// `.stores()` in v3 lists only the tables whose indexes change (others are kept); `null`
// deletes a table. Then add a test to db.test.ts: open a database with the frozen older
// schemas (FROZEN_V1, FROZEN_V2 there), fill it, open RedPenDB on it and check the rows.
import Dexie, { type Collection, type EntityTable, type IndexableType } from "dexie";
import type {
  Annotator,
  Clip,
  Judgment,
  Pair,
  ReasonLabel,
  Region,
  SaliencyRecord,
  Submission,
  TaxonomyEntry,
} from "../domain/interchange/types.ts";

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
  /**
   * Origins ("https://cdn.example.org") this browser's researcher allowed clip audio to be
   * fetched from (domain/clips/clipSource.ts). Local to this browser: never exported or imported,
   * so a shared study file cannot allow a host by itself. Absent: none allowed.
   */
  allowedAudioOrigins?: string[];
  /**
   * Set while a large import writes the study in chunks (db/studyFiles.ts): such a study is
   * not listed or opened (getStudy, listStudies) until its last chunk clears this. `updatedAt`
   * moves with every chunk; a study left like this by a closed page is removed on a later start.
   */
  importing?: { startedAt: string; updatedAt: string };
  /**
   * Set on the local copy of a collection-server study that a participant annotates
   * (features/participate): such a study is the participant's own, never listed on the
   * studies page. Its clips are the participant's assigned clips, by position.
   */
  participation?: Participation;
  /**
   * Set on the local copy of a collection-server study that an expert labels through their
   * link (features/participate): never listed; refreshed from the server on each visit.
   */
  expertLink?: ExpertLink;
}

/** An expert's link to the collection server (docs/server.md, "Experts"). */
export interface ExpertLink {
  server: string;
  studyId: string;
  expertId: string;
  token: string;
  /** Per region id, the reasons (JSON of the sorted ids) the server has acknowledged. */
  acknowledged: Record<string, string>;
}

/** A participant's link to the collection server (docs/server.md). */
export interface Participation {
  /** The server's API base ("https://study.example.org") and the study's id there. */
  server: string;
  studyId: string;
  /** Who arrived, as the link said: sent again when the session token is refused. */
  arrival: {
    platform: "prolific" | "link";
    participantId: string;
    platformStudyId?: string;
    sessionId?: string;
  };
  /** The server's id for the participant (the local annotator id) and its session token. */
  participantId: string;
  sessionToken: string;
  consentedAt: string;
  /** Set once the instructions were read and the first clip opened. */
  begunAt?: string;
  /** Positions (1…K) the server has acknowledged. */
  acknowledged: number[];
  /** What the end screen shows, once the server has every clip. */
  completion?: { code?: string; url?: string };
  /** The participant gave the study back ("returned"). */
  returnedAt?: string;
  /**
   * A study with a play limit: the plays the server let start, by position ("3": 2), as it
   * last said (any browser's plays of this participant).
   */
  plays?: Record<string, number>;
  /**
   * Positions finished here that the server could not take: the clip had been finished in
   * another browser first, whose answer it kept. Told to the participant.
   */
  notTaken?: number[];
  /**
   * Pairs of samples this participant judges, by stage: the pre-test's (a study with a
   * qualification, any task) and a compare study's main trials, in the order met. Each side's
   * audio is stored under `trialClipId(stage, position, side)` (features/participate), with no
   * clip record: they are samples, not clips of the study.
   */
  trials?: { pretest?: LocalTrial[]; main?: LocalTrial[] };
  /** Judgments made here, in the order made, each with its client id: sent until acknowledged. */
  judgments?: LocalJudgment[];
  /** Positions the server acknowledged, per stage. */
  judged?: { pretest?: number[]; main?: number[] };
  /** The server has the whole pre-test and let the participant go on. */
  pretestPassed?: boolean;
  /** The pre-test screened the participant out: what the screened-out page shows. */
  screenedOut?: { code?: string; url?: string };
}

/** One trial as a participant meets it: its position and its two samples (1, 2). */
export interface LocalTrial {
  position: number;
  sides: [LocalTrialSide, LocalTrialSide];
}
export interface LocalTrialSide {
  duration: number;
  /** A view pair: this side's highlighted bins (of the study's bin width). */
  bins?: number[];
}

/** A judgment as the server takes it (the API's judgment request). */
export interface LocalJudgment {
  clientId: string;
  stage: "pretest" | "main";
  position: number;
  choice?: "1" | "2" | "same";
  score?: number;
  heardToEnd: boolean;
  seconds?: number;
  completedAt: string;
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
export type PairRecord = Pair & { studyId: string };
export type JudgmentRecord = Judgment & { studyId: string };
export type SaliencyRow = SaliencyRecord & { studyId: string };

export class RedPenDB extends Dexie {
  studies!: EntityTable<StudyRecord, "id">;
  clips!: Dexie.Table<ClipRecord, [string, string]>;
  audio!: Dexie.Table<AudioRecord, [string, string]>;
  annotators!: Dexie.Table<AnnotatorRecord, [string, string]>;
  submissions!: Dexie.Table<SubmissionRecord, [string, string, string]>;
  regions!: Dexie.Table<RegionRecord, [string, string]>;
  reasonLabels!: Dexie.Table<ReasonLabelRecord, [string, string, string]>;
  pairs!: Dexie.Table<PairRecord, [string, string]>;
  judgments!: Dexie.Table<JudgmentRecord, [string, string, string]>;
  saliency!: Dexie.Table<SaliencyRow, [string, string, string]>;

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
    // Version 2: no index that a primary-key range can replace (see the history above).
    this.version(2).stores({
      clips: "[studyId+id], [studyId+order]",
      audio: "[studyId+clipId]",
      annotators: "[studyId+id]",
      submissions: "[studyId+clipId+annotatorId], [studyId+annotatorId]",
      regions: "[studyId+id], [studyId+clipId+annotatorId]",
      reasonLabels: "[studyId+regionId+annotatorId]",
    });
    // Version 3: a comparison test's pairs and judgments (see the history above).
    this.version(3).stores({
      pairs: "[studyId+id]",
      judgments: "[studyId+pairId+annotatorId]",
    });
    // Version 4: a model's saliency per clip (a new table; no row of the others changes).
    this.version(4).stores({ saliency: "[studyId+clipId+model]" });
  }
}

/**
 * The rows of `table` whose key in `index` (a compound index, or ":id" for the primary key)
 * starts with `prefix`, in key order: e.g. a clip's regions with
 * `withKeyPrefix(db.regions, "[studyId+clipId+annotatorId]", [studyId, clipId])`.
 */
export function withKeyPrefix<T, K>(
  table: Dexie.Table<T, K>,
  index: string,
  prefix: readonly IndexableType[],
): Collection<T, K> {
  return table.where(index).between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey]);
}

/** Every row of the study in `table`, in primary-key order (each primary key starts with it). */
export function ofStudy<T, K>(table: Dexie.Table<T, K>, studyId: string): Collection<T, K> {
  return withKeyPrefix(table, ":id", [studyId]);
}

export const db = new RedPenDB();
