// What the protocol report needs from a study and its data (cheap; the analysis worker sends it
// to the page): counted over the crowd, with the study's settings as participants met them.
import { studyCollectionOf } from "../api/requests.ts";
import { armsOf } from "../collection/arms.ts";
import { intakeOf, type Need, STANDARD_QUESTIONS } from "../collection/intake.ts";
import type { CollectionSettings } from "../collection/protocol.ts";
import { type ScreeningConfig, screeningOf } from "../collection/screening.ts";
import type { MessageId } from "../i18n/catalogue.ts";
import { languageOf, participantTextsOf } from "../i18n/languages.ts";
import type { AnnotationFile, StudyTask, Submission } from "../interchange/types.ts";
import { exclusionSummary, type QualityView, qualityRulesOf } from "../study/qualityRules.ts";
import { type RatingScale, ratingScaleOf } from "../study/ratingScale.ts";
import { submissionRules, taskModule, taskOf, transcriptionOf } from "../tasks/index.ts";
import { median } from "../util/median.ts";
import { type ProtocolChange, protocolChangesOf } from "./protocolChanges.ts";
import { type ProtocolSettings, protocolOf } from "./protocolSettings.ts";

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ProtocolFacts {
  studyName: string;
  instructions: string | null;
  /**
   * The instruction arms (`study.arms`), each with its text, the crowd participants given it
   * (`profile.arm`) and those of them who completed the study; empty without arms.
   */
  arms: { id: string; instructions: string; given: number; completed: number }[];
  ratingScale: RatingScale;
  requireRating: boolean;
  /** The language the participant's pages were given in (`study.language`, BCP 47). */
  language: string;
  /** How many texts of those pages the researcher worded themselves (`study.participantTexts`). */
  ownTexts: number;
  settings: ProtocolSettings;
  clips: number;
  systems: number;
  sentences: number;
  referenceClips: number;
  /**
   * Crowd annotators with at least one submission: the population of the intake summaries
   * (countries, native languages), the clips and ratings per rater and the active time.
   */
  raters: number;
  /** The raters by `status` (completed, returned, started; none for a file without statuses). */
  ratersByStatus?: Record<string, number>;
  /** Every crowd participant who arrived (raters, screened out, returned, abandoned). */
  arrived?: number;
  experts: number;
  /** Platforms the crowd came through (annotators' `platform.name`), with counts. */
  platforms: Record<string, number>;
  /** Crowd annotators by `status` (completed, returned, screened-out, started). */
  statuses: Record<string, number>;
  /** Headphone screening: participants tested and failed (annotators' `screening`), over everyone who took it. */
  screening: { tested: number; failed: number; tests?: string[] };
  /**
   * Median minutes from arrival to completion (annotators' `arrivedAt`, `finishedAt`) over the
   * participants who completed with both times (`n`); null when none has them.
   */
  sessionSeconds?: { median: number; n: number } | null;
  /** Rated submissions per clip with at least one, and per rater. */
  ratingsPerClip: Spread | null;
  clipsPerRater: Spread | null;
  /** Median active seconds per finished clip, and per rater (all their clips). */
  secondsPerClip: number | null;
  secondsPerRater: number | null;
  /** Countries and native languages from the intake (annotators' `profile`), over the raters. */
  countries: Record<string, number>;
  nativeLanguages: Record<string, number>;
  /** The quality rules' verdict, in words (domain/study/qualityRules.ts). */
  exclusions: string;
  /** Changes published while the study was collecting (`study.protocolChanges`). */
  protocolChanges?: ProtocolChange[];
  /**
   * What participants did: the task, the plays a clip allowed (null: no limit, as a mark or rate
   * study has), and for an intelligibility test its settings and the recognisers (role asr).
   */
  task: {
    task: StudyTask;
    maxPlays: number | null;
    unit: "word" | "character";
    alpha: number;
    groupBy: string | null;
    recognisers: { id: string; engine: string | null }[];
  };
  /**
   * A paired comparison's design (`study.comparison`, `pairs[]`, `study.qualification`): the
   * scale, the question as set (null: the pages' default), "no difference" offered, the pairs
   * judged (the pre-test's apart) and the pre-test's; null for a study without pairs.
   */
  comparison: {
    scale: "ab" | "ccr";
    allowSame: boolean;
    question: string | null;
    pairs: number;
    pretestPairs: number;
  } | null;
  /** The collection settings the study carries (`study.collection`: as published, K and R). */
  collection: Partial<Pick<CollectionSettings, "clipsPerParticipant" | "ratingsPerClip">>;
  /** What each clip received from the crowd as the task counts it (ratings, transcripts, finished clips). */
  responsesPerClip: Spread | null;
  /** Recorded plays per finished crowd clip (`playCount`). */
  playsPerClip: Spread | null;
  /** The consent text participants agreed to when the study gives its own (else the pages' default). */
  consent: string | null;
  /**
   * The message the consent page shows when the study gives no consent of its own (the task's
   * default, in the study's `language`): a caller with that language's catalogue passes its text
   * to protocolReport, which then quotes it.
   */
  consentMessage: MessageId;
  /** The transcription prompt when the researchers worded it (`participantTexts["listen.question"]`). */
  ownQuestion: string | null;
  /** The headphone check as set (`study.screening`). */
  screeningConfig: ScreeningConfig;
  /** The intake as asked: standard questions with their need, free questions with the raters' answers. */
  intake: {
    standard: { id: string; label: string; need: Exclude<Need, "off"> }[];
    free: { text: string; required: boolean; answered: number; answers: Record<string, number> }[];
  };
}

function spread(values: readonly number[]): Spread | null {
  const m = median(values);
  if (m === null) return null;
  return { median: m, min: Math.min(...values), max: Math.max(...values) };
}

function tally(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * What the protocol report needs from the study and its data. `quality` is what the study's
 * quality rules made of it and whether the figures leave those raters out; without it the
 * rules are taken as applied to nobody.
 */
export function protocolFacts(
  file: AnnotationFile,
  quality?: { view: Pick<QualityView, "rules" | "excluded">; applied: boolean },
): ProtocolFacts {
  const crowd = file.annotators.filter((a) => a.role === "crowd");
  const crowdIds = new Set(crowd.map((a) => a.id));
  const crowdSubs = file.submissions.filter((s) => crowdIds.has(s.annotatorId));
  const task = taskOf(file.study);
  const transcription = transcriptionOf(file.study);
  const counts = RESPONSE_OF[task];
  const responses = new Map<string, number>();
  for (const s of crowdSubs)
    if (counts(s)) responses.set(s.clipId, (responses.get(s.clipId) ?? 0) + 1);
  const ratedBy = new Map<string, number>();
  const perClip = new Map<string, number>();
  const secondsOf = new Map<string, number>();
  for (const s of crowdSubs) {
    if (typeof s.score === "number") {
      perClip.set(s.clipId, (perClip.get(s.clipId) ?? 0) + 1);
    }
    ratedBy.set(s.annotatorId, (ratedBy.get(s.annotatorId) ?? 0) + 1);
    if (typeof s.seconds === "number")
      secondsOf.set(s.annotatorId, (secondsOf.get(s.annotatorId) ?? 0) + s.seconds);
  }
  const screened = crowd.filter((a) => (a.screening?.length ?? 0) > 0);
  // One population for the intake summaries: the raters (the people whose ratings are counted).
  const raters = crowd.filter((a) => ratedBy.has(a.id));
  const sessions = crowd
    .filter((a) => a.status === "completed" && a.arrivedAt && a.finishedAt)
    .map((a) => (Date.parse(a.finishedAt as string) - Date.parse(a.arrivedAt as string)) / 1000)
    .filter((s) => Number.isFinite(s) && s >= 0);
  const sessionMedian = median(sessions);
  const instructions = file.study.instructions;
  return {
    studyName: file.study.name,
    instructions:
      typeof instructions === "string" && instructions.trim() ? instructions.trim() : null,
    arms: armsOf(file.study).map((arm) => {
      const given = crowd.filter((a) => a.profile?.arm === arm.id);
      return {
        id: arm.id,
        instructions: arm.instructions.trim(),
        given: given.length,
        completed: given.filter((a) => a.status === "completed").length,
      };
    }),
    ratingScale: ratingScaleOf(file.study),
    requireRating: file.study.requireRating === true,
    language: languageOf(file.study),
    ownTexts: Object.keys(participantTextsOf(file.study)).length,
    settings: protocolOf(file.study),
    clips: file.clips.length,
    systems: new Set(file.clips.map((c) => c.system).filter((s) => s !== undefined)).size,
    sentences: new Set(file.clips.map((c) => c.sentence).filter((s) => s !== undefined)).size,
    referenceClips: file.clips.filter((c) => c.isReference).length,
    raters: ratedBy.size,
    ratersByStatus: tally(
      raters.map((a) => a.status).filter((n): n is NonNullable<typeof n> => !!n),
    ),
    arrived: crowd.length,
    sessionSeconds: sessionMedian === null ? null : { median: sessionMedian, n: sessions.length },
    experts: file.annotators.filter((a) => a.role === "expert").length,
    platforms: tally(crowd.map((a) => a.platform?.name).filter((n): n is string => !!n)),
    statuses: tally(crowd.map((a) => a.status).filter((n): n is NonNullable<typeof n> => !!n)),
    screening: {
      tested: screened.length,
      failed: screened.filter((a) => a.screening?.some((r) => !r.passed)).length,
      tests: [...new Set(screened.flatMap((a) => (a.screening ?? []).map((r) => r.test)))].sort(),
    },
    ratingsPerClip: spread([...perClip.values()]),
    clipsPerRater: spread([...ratedBy.values()]),
    secondsPerClip: median(
      crowdSubs.map((s) => s.seconds).filter((x): x is number => typeof x === "number"),
    ),
    secondsPerRater: median([...secondsOf.values()]),
    countries: tally(
      raters
        .map((a) => a.profile?.country)
        .filter((c): c is string => typeof c === "string" && c.trim() !== ""),
    ),
    task: {
      task,
      maxPlays: submissionRules(file.study).maxPlays,
      unit: transcription.unit ?? "word",
      alpha: transcription.alpha ?? DEFAULT_ALPHA,
      groupBy: transcription.groupBy ?? null,
      recognisers: file.annotators
        .filter((a) => a.role === "asr")
        .map((a) => ({ id: a.id, engine: a.engine ?? null })),
    },
    comparison: comparisonDesign(file),
    collection: publishedLimits(file.study),
    responsesPerClip: spread([...responses.values()]),
    playsPerClip: spread(
      crowdSubs.map((s) => s.playCount).filter((n): n is number => typeof n === "number"),
    ),
    consent: consentOf(file.study),
    consentMessage: taskModule(file.study).consentMessage,
    ownQuestion: participantTextsOf(file.study)["listen.question"]?.trim() || null,
    screeningConfig: screeningOf(file.study),
    intake: intakeFacts(file.study, raters),
    exclusions: exclusionSummary(
      quality?.view ?? { rules: qualityRulesOf(file.study), excluded: [] },
      quality?.applied ?? false,
      crowd.filter((a) => ratedBy.has(a.id) || file.regions.some((r) => r.annotatorId === a.id))
        .length,
    ),
    protocolChanges: protocolChangesOf(file.study),
    nativeLanguages: tally(
      raters.flatMap((a) => {
        const langs = a.profile?.nativeLanguages;
        return Array.isArray(langs) ? langs.filter((l): l is string => typeof l === "string") : [];
      }),
    ),
  };
}

/** What counts as a clip's response in each task: a finished clip, a rating, a transcript. */
const RESPONSE_OF: Record<StudyTask, (s: Submission) => boolean> = {
  mark: () => true,
  rate: (s) => typeof s.score === "number",
  transcribe: (s) => typeof s.transcript === "string",
  // A comparison's responses are judgments of pairs, not submissions of clips.
  compare: () => false,
};

function comparisonDesign(file: AnnotationFile): ProtocolFacts["comparison"] {
  const pairs = file.pairs ?? [];
  if (pairs.length === 0) return null;
  const settings = file.study.comparison ?? {};
  const pretest = new Set(file.study.qualification?.pairs ?? []);
  const question = settings.question?.trim();
  return {
    scale: settings.scale ?? "ab",
    allowSame: settings.allowSame ?? true,
    question: question ? question : null,
    pairs: pairs.filter((p) => !pretest.has(p.id)).length,
    pretestPairs: pairs.filter((p) => pretest.has(p.id)).length,
  };
}

/** The significance level of the WER pairs when the study sets none (statistics spec). */
const DEFAULT_ALPHA = 0.05;

/** K and R as the study carries them (`study.collection`, as published or as `cli new` set them). */
function publishedLimits(study: Record<string, unknown>): ProtocolFacts["collection"] {
  const c = studyCollectionOf(study);
  return {
    ...(c.clipsPerParticipant !== undefined ? { clipsPerParticipant: c.clipsPerParticipant } : {}),
    ...(c.ratingsPerClip !== undefined ? { ratingsPerClip: c.ratingsPerClip } : {}),
  };
}

/**
 * The consent participants agreed to, as the server and the consent page choose it: the publish
 * settings' text (`study.collection.consent`), else the study's (`study.consent`), else the
 * researchers' own wording of the page's default for the study's task (`participantTexts` under
 * the task's consent message, e.g. "consent.default.rate"); null: the default.
 */
function consentOf(study: Record<string, unknown>): string | null {
  const own = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
  return (
    own(studyCollectionOf(study).consent) ??
    own(study.consent) ??
    own(participantTextsOf(study)[taskModule(study).consentMessage])
  );
}

/**
 * The intake as asked, and each free question's answers over the raters. An answer is found
 * under the question's id, its text (how the server has stored it) or `free:<n>`.
 */
function intakeFacts(
  study: Record<string, unknown>,
  raters: readonly { profile?: Record<string, unknown> }[],
): ProtocolFacts["intake"] {
  const config = intakeOf(study);
  const standard = STANDARD_QUESTIONS.flatMap((q) => {
    const need = config.standard[q.id];
    return need === "off" ? [] : [{ id: q.id, label: q.label, need }];
  });
  const free = config.free.map((q, i) => {
    const keys = [(q as { id?: unknown }).id, q.text, `free:${i}`].filter(
      (k): k is string => typeof k === "string",
    );
    const given = raters.flatMap((r) => {
      const answers = r.profile?.answers;
      if (typeof answers !== "object" || answers === null) return [];
      for (const key of keys) {
        const v = Object.hasOwn(answers, key)
          ? (answers as Record<string, unknown>)[key]
          : undefined;
        // One line each, whatever was typed: an answer never starts a line of the report.
        if (typeof v === "string" && v.trim() !== "") return [v.trim().replace(/\s+/g, " ")];
      }
      return [];
    });
    return { text: q.text, required: q.required, answered: given.length, answers: tally(given) };
  });
  return { standard, free };
}
