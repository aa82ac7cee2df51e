// The entities of the RedPen interchange format, version 1 (docs/spec/interchange-format.md).
// Plain data, no behaviour: the schema (schema.ts) validates unknown JSON into these shapes,
// the statistics (stats/) read them, the database stores them, the UI shows them.

export type Role = "crowd" | "expert" | "researcher";

export interface Study {
  id: string;
  name: string;
  /** Bin width in seconds for agreement figures; 0.1 when the file omits it. */
  binSeconds: number;
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
}

/** Where a participant came from: the platform's name and the ids it gave them. */
export interface Platform {
  name: string;
  participantId?: string;
  studyId?: string;
  sessionId?: string;
}

export interface ScreeningResult {
  test: "huggins" | "antiphase";
  trials: number;
  correct: number;
  passed: boolean;
}

export type ParticipantStatus = "started" | "completed" | "screened-out" | "returned";

export interface Annotator {
  id: string;
  role: Role;
  /** Where a crowd participant came from (collection server). */
  platform?: Platform;
  /** The intake questionnaire's answers, open keys. */
  profile?: Record<string, unknown>;
  screening?: ScreeningResult[];
  status?: ParticipantStatus;
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
}
