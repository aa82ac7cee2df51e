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

export interface Annotator {
  id: string;
  role: Role;
}

export interface Submission {
  clipId: string;
  annotatorId: string;
  completedAt?: string;
  score?: number;
  playCount?: number;
  seconds?: number;
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
