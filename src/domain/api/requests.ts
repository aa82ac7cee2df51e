// What the collection server accepts from its clients, as zod schemas: the one home of every
// rule about a request (docs/server.md, "The API"). The server checks each request against
// these before any SQL runs, and a refusal names the field (`spans[2].end: must be a number`).
// Fields that end up in a collected interchange file are built from the interchange reader's
// own pieces (schema.ts), so what the server acknowledges the reader accepts; the server's
// bounds come on top (never looser than the reader).

import {
  type CollectionSettings,
  type SettingsUpdate,
  TRIAL_STAGES,
} from "../collection/protocol.ts";
import { JudgmentSchema } from "../interchange/comparison.ts";
import { CONTROL_CHARACTER } from "../interchange/limits.ts";
import { describeValue, formatPath } from "../interchange/problems.ts";
import {
  IsoDateTimeSchema,
  issueMessage,
  RegionSchema,
  SubmissionSchema,
} from "../interchange/schema.ts";
import { z } from "../interchange/zod.ts";

/** A participant id the server accepts (from PROLIFIC_PID or `participant`). */
export const PARTICIPANT_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A submission's client-made id the server accepts. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A UTF-16 surrogate without its partner: PostgreSQL refuses to store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text of at most `max` characters without control characters (lines allowed when `lines`). */
export function boundedText(max: number, lines = false) {
  return z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      if (CONTROL_CHARACTER.test(s) || (!lines && /[\n\r\t]/.test(s))) {
        ctx.addIssue({ code: "custom", input: s, message: "must not contain control characters" });
      } else if (LONE_SURROGATE.test(s)) {
        ctx.addIssue({ code: "custom", input: s, message: "must be valid Unicode text" });
      }
    });
}

const pattern = (re: RegExp, what: string) =>
  z.string().superRefine((s, ctx) => {
    if (!re.test(s))
      ctx.addIssue({ code: "custom", input: s, message: `${what} (got ${describeValue(s)})` });
  });

export const ParticipantIdSchema = pattern(
  PARTICIPANT_ID_PATTERN,
  "must be 1–128 letters, digits, _ . : or -",
);

/** A study id in an address: any text the interchange reader takes as an id, bounded. */
export const StudyIdSchema = boundedText(200).min(1);

/** An address's parameters, checked with their names (`position: must be …`). */
export const StudyIdParamsSchema = z.object({ studyId: StudyIdSchema });

/** A clip's position in a participant's assignment, from 1. */
export const PositionSchema = z.int().min(1).max(1000);
export const PositionParamsSchema = z.object({ position: PositionSchema });

/**
 * The headphone check's answers: which of the three sounds (0, 1, 2) the participant picked in
 * each round. The server alone knows the right ones and scores them; a score is refused.
 */
export const ScreeningChoicesSchema = z.strictObject({
  test: z.enum(["huggins", "antiphase"]),
  choices: z.array(z.int().min(0).max(2)).min(1).max(20),
});

/** Who starts a headphone check (its rounds are made per participant). */
export const ScreeningSessionRequestSchema = z.object({
  platform: z.enum(["prolific", "link"]),
  participantId: ParticipantIdSchema,
});

/** A round (from 0) and a sound (0–2) of the check, in an address. */
export const ScreeningSoundParamsSchema = z.object({
  round: z.int().min(0).max(19),
  sound: z.int().min(0).max(2),
});

/** Who asks, before consent, whether the study can take them (a known participant always). */
export const AdmissionRequestSchema = z.object({
  platform: z.enum(["prolific", "link"]),
  participantId: ParticipantIdSchema,
});

export const ArriveRequestSchema = z.object({
  platform: z.enum(["prolific", "link"]),
  participantId: ParticipantIdSchema,
  platformStudyId: boundedText(128).min(1).optional(),
  sessionId: boundedText(128).min(1).optional(),
  /** The intake questionnaire's answers, checked against the study's questions by the server. */
  answers: z
    .record(boundedText(100), boundedText(2000, true))
    .refine((a) => Object.keys(a).length <= 50, "must have at most 50 answers")
    .optional(),
  /** The headphone check's choices; the server scores them (it alone knows the answers). */
  screening: ScreeningChoicesSchema.optional(),
});

/** Who arrives (docs/server.md): the contract's schema is the one home of its rules. */
export type ArriveRequest = z.input<typeof ArriveRequestSchema>;

/** Bounds the server adds to the reader's rules: nobody plays a clip 10,000 times, or for a day. */
export const MAX_PLAY_COUNT = 10_000;
export const MAX_SECONDS_ON_CLIP = 86_400;
/** The earliest and latest `completedAt` taken (a client whose clock is wrong still fits). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** When a clip or a trial was finished, by the participant's clock (1970 … 9999). */
const CompletedAtSchema = IsoDateTimeSchema.superRefine((s, ctx) => {
  const ms = Date.parse(s);
  if (!(ms >= EARLIEST && ms <= LATEST)) {
    ctx.addIssue({
      code: "custom",
      input: s,
      message: `must be a time from 1970 to 9999 (got ${describeValue(s)})`,
    });
  }
});

export const SpanRequestSchema = z.object({
  start: RegionSchema.shape.start,
  end: RegionSchema.shape.end,
});

export const SubmissionRequestSchema = z.object({
  clientId: pattern(CLIENT_ID_PATTERN, "must be 8–64 letters, digits, _ or -"),
  position: PositionSchema,
  score: z.int().min(1).max(5).optional(),
  spans: z.array(SpanRequestSchema).max(200),
  heardToEnd: z.boolean(),
  playCount: z
    .number()
    .max(MAX_PLAY_COUNT)
    .pipe(SubmissionSchema.shape.playCount.unwrap())
    .optional(),
  seconds: z
    .number()
    .max(MAX_SECONDS_ON_CLIP)
    .pipe(SubmissionSchema.shape.seconds.unwrap())
    .optional(),
  /** What the participant typed they heard (a transcribe study): the reader's own rule
   * (interchange/limits.ts: bounded length, no control characters). */
  transcript: SubmissionSchema.shape.transcript,
  completedAt: CompletedAtSchema.optional(),
});

/** One finished clip; made by the participant's browser, checked by the schema above. */
export type SubmissionRequest = z.input<typeof SubmissionRequestSchema>;

/** A trial's stage in an address and a judgment: the pre-test or the main trials. */
export const TrialStageSchema = z.enum(TRIAL_STAGES);

/** A trial's side in an address: 1 or 2, the order the participant meets them. */
export const TrialSideSchema = z.int().min(1).max(2);

/**
 * One judgment of a trial (a pair's two samples, in the order played): a `choice` of the sample
 * preferred ("1", "2", or "same" where the test offers no difference) or a CCR `score` (how
 * much better sample 2 is than sample 1, an integer −3 … 3, P.808), never both. Strict: the
 * server alone scores the pre-test, so a `passed`, a `correct` or any other key is refused.
 */
export const JudgmentRequestSchema = z
  .strictObject({
    clientId: pattern(CLIENT_ID_PATTERN, "must be 8–64 letters, digits, _ or -"),
    stage: TrialStageSchema,
    position: PositionSchema,
    choice: z.enum(["1", "2", "same"]).optional(),
    score: z.int().min(-3).max(3).optional(),
    heardToEnd: z.boolean(),
    seconds: z
      .number()
      .max(MAX_SECONDS_ON_CLIP)
      .pipe(JudgmentSchema.shape.seconds.unwrap())
      .optional(),
    completedAt: CompletedAtSchema,
  })
  .superRefine((j, ctx) => {
    if ((j.choice === undefined) === (j.score === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [j.choice === undefined ? "choice" : "score"],
        input: j,
        message:
          j.choice === undefined
            ? "must be given, or a score (exactly one of choice and score)"
            : "must not be given with a choice (exactly one of choice and score)",
      });
    }
  });

/** One judgment; made by the participant's browser, checked by the schema above. */
export type JudgmentRequest = z.input<typeof JudgmentRequestSchema>;

/** A play about to start: its id, made by the participant's page (a retry sends it again). */
export const PlayRequestSchema = z.object({
  playId: pattern(CLIENT_ID_PATTERN, "must be 8–64 letters, digits, _ or -"),
});

export const ExpertRequestSchema = z.object({
  expertId: pattern(PARTICIPANT_ID_PATTERN, "must be 1–128 letters, digits, _ . : or -"),
});

export const LabelsRequestSchema = z.object({
  reasons: z.array(boundedText(200).min(1)).max(100),
});

const https = (s: string) => /^https?:\/\//.test(s);

export const SettingsSchema = z.object({
  clipsPerParticipant: z.int().min(1).max(1000).default(10),
  ratingsPerClip: z.int().min(1).max(1000).default(3),
  completionCode: boundedText(2000).optional(),
  completionUrl: boundedText(2000).refine(https, "must be an http(s) address").optional(),
  screenedOutCode: boundedText(2000).optional(),
  screenedOutUrl: boundedText(2000).refine(https, "must be an http(s) address").optional(),
  /** The consent text participants agree to (lines allowed). */
  consent: boundedText(20_000, true).optional(),
  /** Minutes a participant may send nothing before their unfinished clips go to others. */
  slotTimeoutMinutes: z
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
}) satisfies z.ZodType<CollectionSettings>;

/** An audio file's SHA-256, as the server names stored audio. */
export const Sha256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex (64 digits 0-9a-f)");
/**
 * The collection settings a study file carries (`study.collection`: what `cli new` set, and in
 * a collected file what was published): the same fields and rules, none required, no defaults,
 * and no key the server does not know.
 */
export const StudyCollectionSchema = z.strictObject({
  ...SettingsSchema.shape,
  clipsPerParticipant: z.int().min(1).max(1000).optional(),
  ratingsPerClip: z.int().min(1).max(1000).optional(),
});

/**
 * The collection settings the study file carries (`study.collection`, interchange format, checked by StudyCollectionSchema): set
 * by `cli new`, used by `cli publish` as the settings it sends, and written by the server into a
 * collected file as they were published (so the protocol report states K and R). Each field
 * kept only when it is well-formed; nothing else of the study is read.
 */
export function studyCollectionOf(study: Record<string, unknown>): Partial<CollectionSettings> {
  const raw = study.collection;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const out: Partial<CollectionSettings> = {};
  const shape = StudyCollectionSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const checked = shape[key].safeParse((raw as Record<string, unknown>)[key]);
    if (checked.success && checked.data !== undefined)
      (out as Record<string, unknown>)[key] = checked.data;
  }
  return out;
}

export const AudioRefSchema = z.object({
  sha256: Sha256Schema,
  mime: boundedText(200),
});

/**
 * What a publish sends of the settings: a change to the published ones, merged by the server
 * (docs/server.md, "A live study's settings"). A key left out keeps its published value (a new
 * study: the default); `null` takes an optional setting away. So `{}`, or no `settings` at all,
 * changes none. Built from SettingsSchema, so a new setting is taken here too.
 */
export const SettingsUpdateSchema = z.object(
  Object.fromEntries(
    Object.entries(SettingsSchema.shape as Record<string, z.ZodType>).map(
      ([key, schema]): [string, z.ZodType] => [
        key,
        schema instanceof z.ZodDefault
          ? (schema.unwrap() as z.ZodType).optional()
          : schema instanceof z.ZodOptional
            ? (schema.unwrap() as z.ZodType).nullable().optional()
            : schema.optional(),
      ],
    ),
  ),
) as unknown as z.ZodType<SettingsUpdate>;

export const PublishRequestSchema = z.object({
  /** The interchange file; checked by the reader itself (parseAnnotationFile). */
  file: z.unknown(),
  settings: SettingsUpdateSchema.optional(),
  audio: z.record(boundedText(1000), AudioRefSchema).optional(),
});

/** A participant to withdraw: their platform's id (Prolific's PID), and which platform. */
export const WithdrawRequestSchema = z.object({
  participant: ParticipantIdSchema,
  platform: z.enum(["prolific", "link"]).optional(),
});

/** How deep any request's JSON may nest (an interchange file needs about 6). */
export const MAX_JSON_DEPTH = 64;

/**
 * What no JSON body may carry whatever its schema: nesting deeper than MAX_JSON_DEPTH, and
 * strings PostgreSQL cannot store (U+0000, a lone surrogate) in any key or value. Returns the
 * first such place, or null. Iterative: a 50,000-deep body does not overflow the stack.
 */
export function unstorable(value: unknown): { path: string; message: string } | null {
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: value, path: [] }];
  const bad = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s);
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: PropertyKey[] };
    if (typeof v === "string") {
      if (bad(v))
        return { path: formatPath(path), message: "must not contain U+0000 or a lone surrogate" };
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (path.length >= MAX_JSON_DEPTH) {
      return {
        path: `${formatPath(path.slice(0, 3))}…`,
        message: `nests deeper than ${MAX_JSON_DEPTH} levels`,
      };
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    } else {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i] as [string, unknown];
        if (bad(k))
          return {
            path: formatPath([...path, k]),
            message: "has a key with U+0000 or a lone surrogate",
          };
        stack.push({ v: x, path: [...path, k] });
      }
    }
  }
  return null;
}

/** A request checked against its schema: the value, or one line per problem naming the field. */
export function checkRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.output<S> } | { ok: false; problems: string[] } {
  const deep = unstorable(value);
  if (deep) return { ok: false, problems: [`${deep.path || "(body)"}: ${deep.message}`] };
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: problemLines(parsed.error.issues) };
}

/** One line per field (`spans[2].end: must be a number`), its first problem only, at most 20. */
export function problemLines(issues: readonly z.core.$ZodIssue[]): string[] {
  // The first problem of each field: one rule broken is enough to say.
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const issue of issues) {
    const path = formatPath(issue.path) || "(body)";
    if (seen.has(path)) continue;
    seen.add(path);
    problems.push(`${path}: ${issueMessage(issue)}`);
    if (problems.length === 20) break;
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Address parameters, by name: the server checks every `:name` of an endpoint's path with the
// schema here (a name not listed is AddressTextSchema), so a new endpoint's parameters are
// checked by being named. A whole number in an address is digits only: `1.5`, `abc`, `2**31`
// are refused. Every parameter also passes `unstorable` (checkRequest): no U+0000 or lone
// surrogate reaches SQL, whose text refuses them.

const addressInt = (schema: z.ZodType) =>
  z.preprocess((v) => (typeof v === "string" && /^[0-9]{1,16}$/.test(v) ? Number(v) : v), schema);

/**
 * Any other id in an address (a clip's, a span's): what the interchange reader takes as an id
 * (any non-empty text), bounded, and storable (checkRequest refuses U+0000, lone surrogates).
 */
export const AddressTextSchema = z.string().min(1).max(1000);

export const ADDRESS_PARAMS: Readonly<Record<string, z.ZodType>> = {
  studyId: StudyIdSchema,
  sha256: Sha256Schema,
  clipId: AddressTextSchema,
  regionId: AddressTextSchema,
  position: addressInt(PositionSchema),
  stage: TrialStageSchema,
  side: addressInt(TrialSideSchema),
  round: addressInt(ScreeningSoundParamsSchema.shape.round),
  sound: addressInt(ScreeningSoundParamsSchema.shape.sound),
};
