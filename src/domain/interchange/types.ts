// The entities of the RedPen interchange format, version 1 (docs/spec/interchange-format.md).
// Plain data, no behaviour: the schema (schema.ts) validates unknown JSON into these shapes,
// the statistics (stats/) read them, the database stores them, the UI shows them.

/** `asr`: a speech recogniser whose transcripts are compared with the listeners' (never a listener). */
export type Role = "crowd" | "expert" | "researcher" | "asr";

/**
 * What a participant does: mark spans on each clip (and maybe rate), rate only, transcribe, or
 * judge pairs (compare).
 */
export type StudyTask = "mark" | "rate" | "transcribe" | "compare";

/** An intelligibility test's settings (statistics spec, "Transcriptions and intelligibility"). */
export interface TranscriptionSettings {
  /** Tokens scored: words (the default) or characters (code points). */
  unit?: "word" | "character";
  /** How often a clip may be played (default 2, as VLSP 2021). */
  maxPlays?: number;
  /** The bootstrap's seed (default "redpen"). */
  seed?: string;
  /** Bootstrap replicates (default 1000). */
  replicates?: number;
  /** Significance level of the pairwise tests (default 0.05). */
  alpha?: number;
  /** An intake field (a key of annotators[].profile) that groups the listeners. */
  groupBy?: string;
}

export interface Study {
  id: string;
  name: string;
  /** Bin width in seconds for agreement figures; 0.1 when the file omits it. */
  binSeconds: number;
  /** What participants do (default "mark"). */
  task?: StudyTask;
  transcription?: TranscriptionSettings;
  /** A comparison test's settings (task "compare"). */
  comparison?: ComparisonSettings;
  /** The natural-pairs pre-test (any task). */
  qualification?: QualificationSettings;
  /** Further study details (instructions, rating scale, protocol) are kept as-is. */
  [extra: string]: unknown;
}

export interface TaxonomyEntry {
  id: string;
  label: string;
  description?: string;
}

export interface Clip {
  id: string;
  name: string;
  duration: number;
  system?: string;
  sentence?: string;
  score?: number;
  isReference?: boolean;
  uri?: string;
  /** What the clip says: the reference its transcripts are scored against. */
  text?: string;
}

/** Where a participant came from: the platform's name and the ids it gave them. */
export interface Platform {
  name: string;
  participantId?: string;
  studyId?: string;
  sessionId?: string;
}

export interface ScreeningResult {
  test: "huggins" | "antiphase" | "natural-pairs";
  trials: number;
  correct: number;
  passed: boolean;
}

export type ParticipantStatus = "started" | "completed" | "screened-out" | "returned";

export interface Annotator {
  id: string;
  role: Role;
  /** For `asr`: the recogniser and model, as given (e.g. "whisper.cpp ggml-base.en"). */
  engine?: string;
  /** Where a crowd participant came from (collection server). */
  platform?: Platform;
  /** The intake questionnaire's answers, open keys. */
  profile?: Record<string, unknown>;
  screening?: ScreeningResult[];
  status?: ParticipantStatus;
  /** When a participant arrived, and when they completed the study (collection server). */
  arrivedAt?: string;
  finishedAt?: string;
}

export interface Submission {
  clipId: string;
  annotatorId: string;
  completedAt?: string;
  score?: number;
  playCount?: number;
  seconds?: number;
  /** The clip was played to its end at least once before it was finished. */
  heardToEnd?: boolean;
  /** What the annotator typed they heard (an intelligibility test); may be empty. */
  transcript?: string;
}

export interface Region {
  id: string;
  clipId: string;
  annotatorId: string;
  start: number;
  end: number;
}

export interface ReasonLabel {
  regionId: string;
  annotatorId: string;
  reasons: string[];
}

/**
 * Two things judged side by side: two clips (a clip pair), or, with `clipId`, two views of that
 * clip (`regions:union`, `regions:overlap`, `saliency:<model>`).
 */
export interface Pair {
  id: string;
  a: string;
  b: string;
  clipId?: string;
}

/** One annotator's judgment of one pair: a `choice` (A/B) or a CCR `score`, never both. */
export interface Judgment {
  pairId: string;
  annotatorId: string;
  choice?: "a" | "b" | "same";
  /** How much better `b` is than `a`, −3 … 3 (CCR). */
  score?: number;
  /** Which side the listener met first. */
  shownFirst?: "a" | "b";
  /** Plays of side a and side b. */
  playCounts?: [number, number];
  heardToEnd?: boolean;
  completedAt?: string;
  seconds?: number;
}

/** A comparison test's settings (statistics spec, "Paired comparisons"). */
export interface ComparisonSettings {
  /** A/B preference (default) or comparison category rating. */
  scale?: "ab" | "ccr";
  /** An A/B test offers "no difference" (default true). */
  allowSame?: boolean;
  question?: string;
  seed?: string;
  replicates?: number;
  alpha?: number;
}

/** The natural-pairs pre-test (Chiang et al. 2023, §4.1). */
export interface QualificationSettings {
  /** Ids of `pairs[]`, each a clip pair with exactly one reference clip. */
  pairs: string[];
  /** The share of pairs on which the natural recording must be preferred (default 0.7). */
  passAccuracy?: number;
  /** false: record the result, screen nobody out (default true). */
  screenOut?: boolean;
}

export interface AnnotationFile {
  format: "redpen-annotations";
  version: 1;
  exportedAt?: string;
  study: Study;
  taxonomy: TaxonomyEntry[];
  clips: Clip[];
  annotators: Annotator[];
  submissions: Submission[];
  regions: Region[];
  reasonLabels: ReasonLabel[];
  /** A comparison test's pairs and the pre-test's (absent when the study has none). */
  pairs?: Pair[];
  judgments?: Judgment[];
}

/**
 * What reading a file resolved (interchange/crossfield.ts): submission i's clip and annotator
 * as indexes into `clips` and `annotators`, for these very arrays (a reader of the file's
 * figures uses them only while the file still holds the same three arrays, and looks the ids
 * up again otherwise).
 */
export interface ResolvedRecords {
  clips: readonly Clip[];
  annotators: readonly Annotator[];
  submissions: readonly Submission[];
  submissionClip: Int32Array;
  submissionAnnotator: Int32Array;
}
