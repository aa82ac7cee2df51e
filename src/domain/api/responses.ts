// What the collection server answers when it succeeds, as zod schemas: one per endpoint of the
// contract (endpoints.ts names each as its `response`). The typed client (client.ts) checks every
// answer against these before the app sees it, so a malformed answer is one clear error naming
// the field, never a crash deeper in the app; tests/server/contract.test.ts checks that the
// server's real answers satisfy them. Each schema's output is the protocol's type in
// collection.ts (`z.ZodType<StudyAbout>` …), so the app keeps using those names.
// Unknown keys are dropped, not refused: a newer server may add fields.

import type { IntakeConfig, StandardId } from "../collection/intake.ts";
import {
  type AdmissionAnswer,
  type ComparisonAbout,
  type JudgmentResponse,
  type ParticipantProgress,
  type ParticipantState,
  type PlayStarted,
  type PretestState,
  type PublishedStudy,
  type PublishResult,
  type StudyAbout,
  type StudyProgress,
  type SubmissionResponse,
  TRIAL_STAGES,
  type TrialPlayStarted,
  type TrialState,
  type WithdrawResult,
} from "../collection/protocol.ts";
import type { ScreeningConfig } from "../collection/screening.ts";
import { AnnotationFileSchema, ReasonLabelSchema, STUDY_TASKS } from "../interchange/schema.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { z } from "../interchange/zod.ts";
import type { RatingScale } from "../study/ratingScale.ts";
import { SettingsSchema } from "./requests.ts";

const SHA256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex (64 digits 0-9a-f)");
const count = z.int().min(0);

const STANDARD_IDS = [
  "ageBand",
  "gender",
  "nativeLanguages",
  "country",
  "device",
  "headphones",
  "hearingImpairment",
] as const satisfies readonly StandardId[];
const NEED = z.enum(["off", "optional", "required"]);

export const IntakeConfigSchema: z.ZodType<IntakeConfig> = z.object({
  standard: z.object(
    Object.fromEntries(STANDARD_IDS.map((id) => [id, NEED])) as Record<StandardId, typeof NEED>,
  ),
  free: z.array(z.object({ id: z.string(), text: z.string(), required: z.boolean() })),
});

export const ScreeningConfigSchema: z.ZodType<ScreeningConfig> = z.object({
  test: z.enum(["huggins", "antiphase", "off"]),
  trials: z.int().min(1),
  passAt: count,
});

export const RatingScaleSchema: z.ZodType<RatingScale> = z.object({
  question: z.string(),
  labels: z.tuple([z.string(), z.string(), z.string(), z.string(), z.string()]),
});

const ABOUT = {
  name: z.string(),
  consent: z.string().optional(),
  instructions: z.string().optional(),
  intake: IntakeConfigSchema.optional(),
  screening: ScreeningConfigSchema.optional(),
  language: z.string().optional(),
  participantTexts: z.record(z.string(), z.string()).optional(),
  links: z.enum(["prolific", "generic"]).optional(),
  task: z.enum(STUDY_TASKS).optional(),
};

export const StudyAboutSchema: z.ZodType<StudyAbout> = z.object(ABOUT);

const StatusSchema = z.enum(["started", "completed", "screened-out", "returned"]);
const CodeSchema = z.object({ code: z.string().optional(), url: z.string().optional() });
const positions = z.array(z.int().min(1));

const TrialSideSchema = z.object({
  duration: z.number().positive(),
  plays: count.optional(),
  bins: z.array(count).optional(),
});

export const TrialStateSchema: z.ZodType<TrialState> = z.object({
  position: z.int().min(1),
  sides: z.tuple([TrialSideSchema, TrialSideSchema]),
});

export const PretestStateSchema: z.ZodType<PretestState> = z.object({
  trials: z.array(TrialStateSchema),
  done: positions,
  finished: z.boolean(),
});

export const ComparisonAboutSchema: z.ZodType<ComparisonAbout> = z.object({
  scale: z.enum(["ab", "ccr"]),
  allowSame: z.boolean(),
  question: z.string().optional(),
});

export const ParticipantStateSchema: z.ZodType<ParticipantState> = z.object({
  participantId: z.string().min(1),
  status: StatusSchema,
  study: z.object({
    ...ABOUT,
    requireRating: z.boolean().optional(),
    ratingScale: RatingScaleSchema.optional(),
    maxPlays: z.int().min(1).optional(),
    comparison: ComparisonAboutSchema.optional(),
  }),
  clips: z.array(
    z.object({
      position: z.int().min(1),
      duration: z.number().positive(),
      plays: count.optional(),
    }),
  ),
  done: positions,
  completion: CodeSchema.optional(),
  screenedOut: CodeSchema.optional(),
  trials: z.array(TrialStateSchema).optional(),
  pretest: PretestStateSchema.optional(),
});

export const JudgmentResponseSchema: z.ZodType<JudgmentResponse> = z.object({
  clientId: z.string(),
  replay: z.boolean(),
  stage: z.enum(TRIAL_STAGES),
  status: StatusSchema,
  done: positions,
  finished: z.boolean(),
  completion: CodeSchema.optional(),
  screenedOut: CodeSchema.optional(),
});

/** A counted play of a trial's side: a comparison limits no plays (maxPlays, left: null). */
export const TrialPlayStartedSchema: z.ZodType<TrialPlayStarted> = z.object({
  playId: z.string(),
  plays: count,
  maxPlays: z.null(),
  left: z.null(),
});

/** A headphone check's session: the token its sounds are asked with (Authorization: Bearer). */
export const ScreeningSessionResponseSchema = z.object({
  screeningToken: z.string().min(1),
});

export const AdmissionSchema: z.ZodType<AdmissionAnswer> = z.object({ full: z.boolean() });

export const PlayStartedSchema: z.ZodType<PlayStarted> = z.object({
  playId: z.string(),
  plays: count,
  maxPlays: z.int().min(1),
  left: count,
});

export const ArriveResponseSchema = z.object({
  sessionToken: z.string().min(1),
  state: ParticipantStateSchema,
});

export const ParticipantProgressSchema: z.ZodType<ParticipantProgress> = z.object({
  status: StatusSchema,
  total: count,
  done: positions,
  completion: CodeSchema.optional(),
});

export const SubmissionResponseSchema: z.ZodType<SubmissionResponse> = z.object({
  clientId: z.string(),
  replay: z.boolean(),
  progress: ParticipantProgressSchema,
});

export const HealthResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(["pglite", "postgresql"]),
});

export const PublishResponseSchema: z.ZodType<PublishResult> = z.object({
  studyId: z.string(),
  clips: count,
  missingAudio: z.array(SHA256),
  created: z.boolean(),
  version: z.int(),
});

const ParticipantCountsSchema = z.object({
  started: count,
  completed: count,
  returned: count,
  screenedOut: count,
});

export const PublishedStudySchema: z.ZodType<PublishedStudy> = z.object({
  studyId: z.string(),
  name: z.string(),
  task: z.string(),
  clips: count,
  /** What was published: the request's own settings schema, so a new setting is read back too. */
  settings: SettingsSchema,
  version: z.int(),
  file: AnnotationFileSchema as unknown as z.ZodType<AnnotationFile>,
  audio: z.record(z.string(), SHA256),
  participants: ParticipantCountsSchema,
  publishedAt: z.string(),
  updatedAt: z.string(),
});

export const WithdrawResponseSchema: z.ZodType<WithdrawResult> = z.object({
  participant: z.string(),
  platform: z.string(),
  status: StatusSchema,
  task: z.enum(STUDY_TASKS),
  submissions: count,
  spans: count,
  reasonLabels: count,
  intake: z.boolean(),
  screening: z.boolean(),
  slotsFreed: count,
  judgments: count,
  trialsFreed: count,
});

export const PutAudioResponseSchema = z.object({ sha256: SHA256, stored: z.literal(true) });

export const StudyProgressSchema: z.ZodType<StudyProgress> = z.object({
  studyId: z.string(),
  participants: ParticipantCountsSchema,
  assigned: count,
  done: count,
  clips: count,
  ratingsPerClip: z.int().min(1),
  perParticipant: z.array(
    z.object({
      id: z.string(),
      platform: z.string(),
      participant: z.string(),
      status: StatusSchema,
      done: count,
      total: count,
      referenceMarkedSeconds: z.number().min(0).nullable(),
      referenceSeconds: z.number().min(0).nullable(),
    }),
  ),
});

export const ExpertLinkResponseSchema = z.object({
  expertId: z.string().min(1),
  token: z.string().min(1),
});

/** The collected study and an expert's work: an interchange file, by the reader's structure. */
export const InterchangeFileResponseSchema = AnnotationFileSchema;

/** An expert's reasons for one span, as stored (their order: the taxonomy's). */
export const ReasonLabelResponseSchema = ReasonLabelSchema;
