// Every study setting a script may set (`cli new --settings settings.json`, the flags of
// `cli new`), as one zod schema: the keys of `study` in the interchange file
// (docs/spec/interchange-format.md, "The study's settings"), each with its rules. No key is
// left unchecked: an unknown key (a typo) is refused, and every problem names its JSON path
// (`intake.standard.age: unknown key`). The pieces the reader and the server already check are
// theirs (the task, the transcription settings, the collection settings).

import { MAX_ARMS } from "../collection/arms.ts";
import { STANDARD_QUESTIONS } from "../collection/intake.ts";
import { textsProblems } from "../i18n/catalogue.ts";
import { canonicalTag, languageProblem } from "../i18n/languages.ts";
import { ComparisonSettingsSchema } from "../interchange/comparison.ts";
import { formatPath } from "../interchange/problems.ts";
import { issueMessage, StudySchema } from "../interchange/schema.ts";
import { z } from "../interchange/zod.ts";
import { boundedText, StudyCollectionSchema } from "./requests.ts";

const NEED = z.enum(["off", "optional", "required"]);

/** `study.intake`: each standard question off, optional or required; free questions. */
export const IntakeSettingsSchema = z.strictObject({
  standard: z
    .strictObject(
      Object.fromEntries(STANDARD_QUESTIONS.map((q) => [q.id, NEED.optional()])) as Record<
        (typeof STANDARD_QUESTIONS)[number]["id"],
        z.ZodOptional<typeof NEED>
      >,
    )
    .optional(),
  free: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(100).optional(),
        text: boundedText(300).min(1),
        required: z.boolean().optional(),
      }),
    )
    .max(20)
    .optional(),
});

/** `study.screening`: the headphone check before the clips. */
export const ScreeningSettingsSchema = z
  .strictObject({
    test: z.enum(["huggins", "antiphase", "off"]),
    trials: z.int().min(1).max(20).optional(),
    passAt: z.int().min(0).max(20).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.passAt !== undefined && s.passAt > (s.trials ?? 6))
      ctx.addIssue({
        code: "custom",
        path: ["passAt"],
        input: s.passAt,
        message: `must be at most the number of trials (${s.trials ?? 6})`,
      });
  });

/** `study.protocol`: what the researchers state for the protocol report. */
export const ProtocolSettingsSchema = z.strictObject({
  platform: boundedText(500).optional(),
  recruitment: boundedText(2000, true).optional(),
  qualification: boundedText(2000, true).optional(),
  listening: boundedText(2000, true).optional(),
  payAmount: z.number().min(0).optional(),
  currency: boundedText(20).optional(),
  dates: boundedText(200).optional(),
});

/**
 * `study.arms`: two or more instruction texts, each under its own id (a short name: letters,
 * digits, `-`, `_`, `.`; unique), the text not empty.
 */
export const ArmsSettingsSchema = z
  .array(
    z.strictObject({
      id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, {
        message:
          "must be a short name: 1–64 letters, digits, '-', '_' or '.', starting with a letter or digit",
      }),
      instructions: boundedText(20_000, true).refine((s) => s.trim() !== "", {
        message: "must not be empty",
      }),
    }),
  )
  .superRefine((arms, ctx) => {
    if (arms.length < 2 || arms.length > MAX_ARMS)
      ctx.addIssue({
        code: "custom",
        input: arms,
        message: `must list 2 to ${MAX_ARMS} arms (got ${arms.length}); a study with one text has only its instructions`,
      });
    const seen = new Set<string>();
    for (const [i, arm] of arms.entries()) {
      if (seen.has(arm.id))
        ctx.addIssue({
          code: "custom",
          path: [i, "id"],
          input: arm.id,
          message: `"${arm.id}" is the id of an earlier arm; each arm needs its own`,
        });
      seen.add(arm.id);
    }
  });

const rule = (key: "threshold" | "seconds" | "variance") =>
  z.strictObject({ on: z.boolean().optional(), [key]: z.number().min(0).optional() }).optional();

/** `study.qualityRules`: the rules that leave raters out of the figures (qualityRules.ts). */
export const QualityRulesSettingsSchema = z.strictObject({
  referenceMarked: rule("threshold"),
  referenceRating: rule("threshold"),
  notHeard: rule("threshold"),
  fast: rule("seconds"),
  lowVariance: rule("variance"),
});

const transcription = StudySchema.shape.transcription.unwrap();

/**
 * `study.comparison`: a compare study's scale ("ab" or "ccr"), whether A/B offers "No
 * difference" (`allowSame`, default true), the question's words, and the analysis's seed,
 * replicates and alpha.
 */
export const ComparisonDesignSettingsSchema = z.strictObject({
  ...ComparisonSettingsSchema.shape,
  question: boundedText(1000).min(1).optional(),
});

/**
 * `study.qualification`: the natural-pairs pre-test, for any task. `pairs` names pairs of the
 * study's pairs[] (with `cli new`, of its `--pairs` CSV); without it, `cli new` makes the pairs
 * from the clips (`--pretest N`, default 10). `screenOut` false records the pre-test only.
 */
export const QualificationSettingsSchema = z.strictObject({
  pairs: z.array(z.string().min(1)).min(1).optional(),
  passAccuracy: z.number().min(0).max(1).optional(),
  screenOut: z.boolean().optional(),
});

/** Every study setting, as `study` holds it; all optional. */
export const StudySettingsSchema = z.strictObject({
  name: boundedText(500).min(1).optional(),
  task: StudySchema.shape.task,
  transcription: z.strictObject(transcription.shape).optional(),
  comparison: ComparisonDesignSettingsSchema.optional(),
  requireRating: z.boolean().optional(),
  ratingScale: z
    .strictObject({
      question: boundedText(1000).min(1),
      labels: z.tuple([
        boundedText(200).min(1),
        boundedText(200).min(1),
        boundedText(200).min(1),
        boundedText(200).min(1),
        boundedText(200).min(1),
      ]),
    })
    .optional(),
  instructions: boundedText(20_000, true).optional(),
  arms: ArmsSettingsSchema.optional(),
  consent: boundedText(20_000, true).optional(),
  language: z
    .string()
    .superRefine((tag, ctx) => {
      const problem = languageProblem(tag);
      if (problem) ctx.addIssue({ code: "custom", input: tag, message: problem });
    })
    .optional(),
  participantTexts: z
    .record(z.string(), z.string())
    .superRefine((texts, ctx) => {
      for (const problem of textsProblems(texts)) {
        const at = problem.indexOf(": ");
        ctx.addIssue({
          code: "custom",
          input: texts,
          path: at > 0 ? [problem.slice(0, at)] : [],
          message: at > 0 ? problem.slice(at + 2) : problem,
        });
      }
    })
    .optional(),
  participantLinks: StudySchema.shape.participantLinks,
  intake: IntakeSettingsSchema.optional(),
  screening: ScreeningSettingsSchema.optional(),
  qualification: QualificationSettingsSchema.optional(),
  collection: StudyCollectionSchema.optional(),
  protocol: ProtocolSettingsSchema.optional(),
  qualityRules: QualityRulesSettingsSchema.optional(),
});

export type StudySettings = z.infer<typeof StudySettingsSchema>;

/** The setting keys, in the order the documentation lists them. */
export const STUDY_SETTING_KEYS = Object.keys(StudySettingsSchema.shape) as (keyof StudySettings)[];

/**
 * Checks settings (a parsed JSON value): the settings, their language tag made canonical, or
 * every problem as `path: message` (`collection.ratingsPerClip: must be at least 1 (got 0)`).
 */
export function checkStudySettings(
  value: unknown,
): { ok: true; settings: StudySettings } | { ok: false; problems: string[] } {
  const result = StudySettingsSchema.safeParse(value, { reportInput: true });
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => {
        const path = formatPath(issue.path);
        return `${path || "(settings)"}: ${issueMessage(issue)}`;
      }),
    };
  }
  const settings = result.data;
  if (settings.language !== undefined)
    settings.language = canonicalTag(settings.language) ?? settings.language;
  return { ok: true, settings };
}
