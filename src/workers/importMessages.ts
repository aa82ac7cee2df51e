// The messages between the import card (src/features/import-export) and the import worker
// (import.worker.ts). The worker reads the picked files, parses and validates them, plans the
// merge against the stored studies and, on "Merge into study", writes one study's records in
// one transaction. The page only ever holds what it shows: per-file problems, per-study counts
// and one page of conflicts at a time. Every message carries the request id.

import type { Problem } from "../domain/interchange/schema.ts";
import type {
  Conflict,
  ConflictChoices,
  Counts,
  EntityKind,
  MergeOutcome,
  MissingRegion,
} from "../domain/merge/merge.ts";

export type { ConflictChoices };

export type ImportRequest =
  /** Read, check and plan these files (replaces the previous selection). */
  | {
      id: number;
      type: "load";
      files: File[];
      /** The stored study that files of other tools (TextGrid, ELAN, …) become spans of. */
      intoStudy?: string;
    }
  /** Drop one (refused) file from the selection and plan the rest again. */
  | { id: number; type: "remove"; name: string }
  /** One page of a study's conflicts, in plan order. */
  | { id: number; type: "conflicts"; studyId: string; offset: number; limit: number }
  /** Write one study's plan with these choices. */
  | { id: number; type: "merge"; studyId: string; choices: ConflictChoices }
  /**
   * Read a model's saliency files (CSV of frames, or .npy arrays named after their clips) into
   * a stored study: all of them, or, when any file has a problem, none.
   */
  | {
      id: number;
      type: "saliency";
      files: File[];
      studyId: string;
      model: string;
      hopSeconds?: number;
    };

export type ImportStage = "reading" | "checking" | "comparing" | "writing";

/** One picked file as the page shows it. */
export interface FileReport {
  name: string;
  /** Empty for an accepted file; a refused file has at least one. */
  errors: Problem[];
  warnings: Problem[];
}

/** A conflict with, for a reason label that follows its region, that region's title. */
export type ConflictView = Conflict & { regionTitle?: string };

/** One study's merge preview. */
export interface PlanView {
  studyId: string;
  studyName: string;
  studyExists: boolean;
  sources: string[];
  summary: Counts & { byKind: Record<EntityKind, Counts> };
  conflictCount: number;
  /** The first page of conflicts (up to CONFLICT_PAGE). */
  conflicts: ConflictView[];
  /** Stored regions the files leave out: how many, how many labels are on them, the first few. */
  missing: { count: number; labels: number; first: MissingRegion[] };
}

export interface LoadResult {
  files: FileReport[];
  /** null while any file is refused (nothing is planned then) or when planning failed. */
  plans: PlanView[] | null;
  planError: string | null;
}

/** What a saliency import did: each file's problems, and what was stored when none had any. */
export interface SaliencyImportResult {
  files: FileReport[];
  stored: { clips: number; frames: number; replaced: number } | null;
}

/** What a merge did (the domain's MergeOutcome, sent as is). */
export type MergeOutcomeView = MergeOutcome;

export type ImportResponse =
  | {
      id: number;
      type: "progress";
      stage: ImportStage;
      /** checking: files; comparing: studies; writing: records to write. */
      total?: number;
      /** writing: records written so far (inside the still open transaction). */
      done?: number;
    }
  | { id: number; type: "loaded"; result: LoadResult }
  | { id: number; type: "conflicts"; conflicts: ConflictView[] }
  | { id: number; type: "merged"; outcome: MergeOutcomeView }
  /** The saliency files: stored (`files` all without errors), or refused (nothing stored). */
  | { id: number; type: "saliency"; result: SaliencyImportResult }
  /** A failed request; `quota` when the storage was full (the write is rolled back). */
  | { id: number; type: "error"; message: string; quota: boolean };

/** Conflicts per page in the preview. */
export const CONFLICT_PAGE = 50;

/** Left-out regions the preview lists (the rest are counted). */
export const MISSING_SHOWN = 10;
