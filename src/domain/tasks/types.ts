// What a study's task declares (README, "How a new task is added"): one TaskModule per task,
// in its own folder beside this file, registered in index.ts. Everything that differs between
// tasks asks the study's module rather than testing the task's name.
import type { MessageId } from "../i18n/catalogue.ts";
import type { StudyTask } from "../interchange/types.ts";

/**
 * A figure of the analysis: one section of the analysis screen and of readable `stats` (the
 * JSON report always holds every figure; only what is shown, and in which order, is the task's).
 */
export type FigureId =
  | "dataset"
  | "agreement"
  | "clips"
  | "consensus"
  | "correlation"
  | "mos"
  | "intelligibility"
  | "comparison"
  | "errorTypes"
  | "expertAgreement"
  | "saliency"
  | "annotators";

/**
 * When a figure is shown: `always` (a figure of the task's own, with its empty state), or only
 * when the study's data holds what it measures: spans (`regions`), ratings, transcripts, paired
 * judgments or a pre-test (`judgments`).
 */
export type FigureNeed =
  | "always"
  | "regions"
  | "ratings"
  | "transcripts"
  | "judgments"
  | "saliency";

export interface TaskFigure {
  id: FigureId;
  when: FigureNeed;
}

/** What a study's data holds, for the figures that need it (figures.ts computes it). */
export interface FigureData {
  regions: boolean;
  ratings: boolean;
  transcripts: boolean;
  judgments: boolean;
  /** A model's saliency records (the interchange format's `saliency[]`). */
  saliency: boolean;
}

/**
 * The rules a finished clip's submission follows in a study of this task: what the participant's
 * screen asks for and what the server may check on every submission.
 */
export interface SubmissionRules {
  /** The 1–5 rating: needed on every clip, may come, or is never asked (and not accepted). */
  rating: "required" | "optional" | "none";
  /** The typed transcript: needed on every clip (it may be empty), or never asked. */
  transcript: "required" | "none";
  /** Whether the participant marks spans (regions) on the clip. */
  spans: boolean;
  /** How often a clip may be played; null: no limit. */
  maxPlays: number | null;
  /** Heard to its end before finishing: always, or only for a server study's participants. */
  heardToEnd: "always" | "participants";
}

/** A study's stored fields a module reads (the interchange `study`, or a record's `extra` with `requireRating`). */
export type StudyFields = Readonly<Record<string, unknown>>;

/** The researcher's items of the study page's settings summary that depend on the task. */
export type SummaryItem = "rating" | "binWidth" | "reasons" | "plays" | "unit" | "design";

/** The progress table's columns besides participant, status and clips. */
export type ProgressColumn = "referenceMarked";

export interface TaskModule {
  id: StudyTask;
  /** The task's name in New study, Edit settings, the study page and the CLI. */
  label: string;
  /** One sentence under the name in New study and Edit settings. */
  description: string;
  /** The participant's consent text when the study sets none (a message of every catalogue). */
  consentMessage: MessageId;
  /**
   * The help under each clip on the participant's screen (a message of every catalogue); null
   * for a task without a participant screen (`collected` false).
   */
  instructionsMessage: MessageId | null;
  /**
   * Whether participants do this task in the app: New study and Edit settings offer it and a
   * study of it can be published. A task whose results could come only from files would be
   * analysed, never collected.
   */
  collected: boolean;
  /**
   * The 1–5 rating: the researcher chooses whether it is required (`choice`, `defaultRequired`
   * ticked in New study), every clip asks it (`always`), or the screen never asks it (`never`);
   * `note` says why under the disabled checkbox when it is not the researcher's choice.
   */
  rating: { setting: "choice" | "always" | "never"; defaultRequired: boolean; note?: string };
  /**
   * What its submissions hold: spans, a rating, a transcript (the finished screen's columns;
   * `submissionRules` says which are required).
   */
  holds: { spans: boolean; rating: boolean; transcript: boolean };
  /**
   * A blind listening test: clips are titled "Clip 3" on the local crowd link too (a server
   * study's participants never see names, whatever the task).
   */
  blind: boolean;
  /** Whether the task has settings of its own (the transcription test's). */
  transcriptionSettings: boolean;
  /** The rules of a finished clip's submission in `study`. */
  submissionRules(study: StudyFields): SubmissionRules;
  /** The analysis screen's and readable `stats`' figures, in the order they are shown. */
  figures: readonly TaskFigure[];
  /** The analysis screen's words when nobody has finished a clip yet. */
  emptyAnalysis: string;
  /** The study page's wording. */
  studyPage: {
    /** Under "Links for annotators": what the people given a link do. */
    linkHelp: string;
    /** Whether experts have something to do (tag marked spans with reasons). */
    expertLinks: boolean;
    /** The settings summary's task-specific items, in order, after the task. */
    summary: readonly SummaryItem[];
    /** The progress table's extra columns. */
    progressColumns: readonly ProgressColumn[];
    /** The placeholder of "Instructions for annotators". */
    instructionsExample: string;
    /**
     * The collection settings' labels in this task's terms: `clipsPerParticipant` (a compare
     * study's pairs per participant) and `ratingsPerClip` (its judgments per pair, R).
     */
    perParticipant: string;
    perItem: string;
    /**
     * What the progress panel counts, in this task's terms: the items given to participants
     * ("clips", a compare study's "pairs") and what a participant did to one ("finished",
     * "judged").
     */
    items: { noun: string; done: string };
  };
}
