// The collection server's protocol (docs/server.md), shared by the server (src/server), the
// command line (src/cli/collection.ts) and the app's participant and researcher screens: the
// shapes of what goes over the wire, and the participant links. One home for each.

import type { AnnotationFile, ParticipantStatus, StudyTask } from "../interchange/types.ts";
import type { RatingScale } from "../study/ratingScale.ts";
import type { IntakeConfig } from "./intake.ts";
import type { ScreeningConfig } from "./screening.ts";

export interface CollectionSettings {
  /** Clips each participant annotates (default 10). */
  clipsPerParticipant: number;
  /** Participants each clip gets before any clip gets more (default 3). */
  ratingsPerClip: number;
  /** Shown at the end, once every clip is acknowledged. */
  completionCode?: string;
  /** Where the end screen's button leads (Prolific: …/submissions/complete?cc=CODE). */
  completionUrl?: string;
  /** Shown to a participant who fails the headphone screening (Prolific: a "screened out" code). */
  screenedOutCode?: string;
  /** Where the screened-out page's "Back to Prolific" button leads. */
  screenedOutUrl?: string;
  /** The consent text participants agree to (else the study's own, else the pages' default). */
  consent?: string;
  /** Minutes a participant may send nothing before their unfinished clips go to others. */
  slotTimeoutMinutes?: number;
}

/**
 * What a publish sends of the settings (settings.ts): a value sets one, `null` takes an optional
 * one away, an absent key keeps its published value. The contract's SettingsUpdateSchema checks
 * it.
 */
export type SettingsUpdate = {
  [K in keyof CollectionSettings]?: CollectionSettings[K] | null;
};

export const DEFAULT_SETTINGS: CollectionSettings = { clipsPerParticipant: 10, ratingsPerClip: 3 };

export interface PublishRequest {
  /** The study as an interchange file; its annotations, if any, are not published. */
  file: unknown;
  /** What changes of the published settings (settings.ts): absent keys keep theirs. */
  settings?: SettingsUpdate;
  /** Each clip's audio: its SHA-256 (hex) and type. */
  audio?: Record<string, { sha256: string; mime: string }>;
}

export interface PublishResult {
  studyId: string;
  clips: number;
  /** SHA-256 of the audio the server does not have yet: upload each with PUT /api/audio/… */
  missingAudio: string[];
  created: boolean;
  /** The version this publish made (the next publish's `If-Match`). */
  version: number;
}

/** A study as published on a server, read back for the study page and `cli publish`. */
export interface PublishedStudy {
  studyId: string;
  name: string;
  /** The study's task as published ("mark" when the study names none). */
  task: string;
  clips: number;
  settings: CollectionSettings;
  /**
   * The published version: every publish makes a new one. A publish of a study already on the
   * server sends it back (`If-Match`), and is refused (412) when another publish came between.
   */
  version: number;
  /** The study file as published (its header, taxonomy and clips; no annotations). */
  file: AnnotationFile;
  /** Each clip's audio as published: clip id → SHA-256. */
  audio: Record<string, string>;
  /** Everyone who arrived, by status. */
  participants: { started: number; completed: number; returned: number; screenedOut: number };
  publishedAt: string;
  updatedAt: string;
}

/** What a participant's withdrawal deleted from the server (`cli withdraw`, the progress panel). */
export interface WithdrawResult {
  /** The platform's id of the participant (Prolific's PID), as asked. */
  participant: string;
  platform: string;
  status: ParticipantStatus;
  /** The study's task (what its participants leave: clips, spans, transcripts, judgments). */
  task: StudyTask;
  /** Finished clips deleted, with their spans. */
  submissions: number;
  spans: number;
  /** Experts' reasons given to those spans, deleted with them. */
  reasonLabels: number;
  /** Intake answers and a headphone check result deleted (false: they had none). */
  intake: boolean;
  screening: boolean;
  /** Unfinished clips given back, to be assigned to others. */
  slotsFreed: number;
  /** Judgments of pairs deleted, the pre-test's and the main trials'. */
  judgments: number;
  /**
   * Main trials not yet judged (and not released before) given back: they no longer count
   * against their pairs' judgments, so others are given those pairs.
   */
  trialsFreed: number;
}

/** What anyone with the link may read before taking part: the consent and intake steps. */
export interface StudyAbout {
  name: string;
  consent?: string;
  instructions?: string;
  /** The intake questionnaire, when the study asks anything. */
  intake?: IntakeConfig;
  /** The headphone screening, when the study has one. */
  screening?: ScreeningConfig;
  /** The language the pages are shown in (`study.language`, BCP 47), when not English. */
  language?: string;
  /** The researcher's own texts for the pages (`study.participantTexts`), when any. */
  participantTexts?: Record<string, string>;
  /** The one kind of link the study accepts, when it refuses the other (links.ts). */
  links?: "prolific" | "generic";
  /** The study's task when it is not the default ("mark"): the consent step describes it. */
  task?: StudyTask;
}

/**
 * Who arrives through a participant link (arrivalFromSearch): the part of the contract's
 * ArriveRequest a link carries; the participant's page adds the answers and the check's choices.
 */
export interface LinkArrival {
  platform: "prolific" | "link";
  participantId: string;
  platformStudyId?: string;
  sessionId?: string;
}

/** Which of the participant's clips the server has, and the completion once it has all. */
export interface ParticipantProgress {
  status: ParticipantStatus;
  total: number;
  done: number[];
  completion?: { code?: string; url?: string };
}

export interface ParticipantState {
  participantId: string;
  status: ParticipantStatus;
  /**
   * The rating question is always given, the default wording included. The task (in
   * StudyAbout) and the plays a clip allows when the task limits them: never the clips' texts.
   */
  study: StudyAbout & {
    requireRating?: boolean;
    ratingScale?: RatingScale;
    maxPlays?: number;
    /** A compare study's scale and question. */
    comparison?: ComparisonAbout;
  };
  /**
   * The assigned clips by position: what a participant sees of them (no name, no system), and
   * in a study with a play limit the plays the server let start (in any browser).
   */
  clips: { position: number; duration: number; plays?: number }[];
  /** Positions whose submissions the server has (a compare study: main trials judged). */
  done: number[];
  /** Once every clip (a compare study: every main trial) is acknowledged. */
  completion?: { code?: string; url?: string };
  /** For a participant the headphone screening screened out: their code, no clips. */
  screenedOut?: { code?: string; url?: string };
  /**
   * A compare study's main trials in order (its `clips` is [] then; `done` holds the judged
   * positions). Absent for the other tasks.
   */
  trials?: TrialState[];
  /** The natural-pairs pre-test, in a study with a qualification (any task). */
  pretest?: PretestState;
}

/**
 * The two stages of judging pairs: the qualification pre-test (`study.qualification`'s pairs,
 * before the main task, any task) and a compare study's main trials. Positions start at 1 in
 * each.
 */
export const TRIAL_STAGES = ["pretest", "main"] as const;
export type TrialStage = (typeof TRIAL_STAGES)[number];

/** One side of a trial as a participant meets it: sample 1 or 2, never which clip it is. */
export interface TrialSide {
  duration: number;
  /** The plays of this side the server counted (in any browser). */
  plays?: number;
  /** A view pair's highlighted bins of this side (the study's bin width); absent otherwise. */
  bins?: number[];
}

/** One trial of a participant's: two samples, in the order they meet them (1, 2). */
export interface TrialState {
  position: number;
  sides: [TrialSide, TrialSide];
}

/** The pre-test as a participant meets it: its trials, the positions answered, done or not. */
export interface PretestState {
  trials: TrialState[];
  done: number[];
  finished: boolean;
}

/** What a compare study's participant is told of its scale (never its pairs). */
export interface ComparisonAbout {
  scale: "ab" | "ccr";
  /** Whether "no difference" may be answered in the main trials (never in the pre-test). */
  allowSame: boolean;
  question?: string;
}

/** A judgment the server took (or had: `replay`), and that stage's progress after it. */
export interface JudgmentResponse {
  clientId: string;
  replay: boolean;
  stage: TrialStage;
  status: ParticipantStatus;
  /** That stage's judged positions. */
  done: number[];
  /** That stage is judged whole. */
  finished: boolean;
  /** Once every main trial is judged (a compare study). */
  completion?: { code?: string; url?: string };
  /** The pre-test screened the participant out. */
  screenedOut?: { code?: string; url?: string };
}

/**
 * A play of one side of a trial the server counted: its id and that side's plays so far.
 * A comparison limits no plays: `maxPlays` and `left` are null.
 */
export interface TrialPlayStarted {
  playId: string;
  plays: number;
  maxPlays: null;
  left: null;
}

/** A play the server let start: its id, the clip's plays so far, the limit and what is left. */
export interface PlayStarted {
  playId: string;
  plays: number;
  maxPlays: number;
  left: number;
}

/** Whether a study can take this participant, asked before consent (they would get no clip). */
export interface AdmissionAnswer {
  full: boolean;
}

export interface SubmissionResponse {
  clientId: string;
  replay: boolean;
  progress: ParticipantProgress;
}

export interface StudyProgress {
  studyId: string;
  participants: { started: number; completed: number; returned: number; screenedOut: number };
  /** Clips × participants assigned and done. */
  assigned: number;
  done: number;
  clips: number;
  ratingsPerClip: number;
  perParticipant: {
    id: string;
    platform: string;
    /** The platform's id of the participant (Prolific's PID, or the link's `participant`). */
    participant: string;
    status: ParticipantStatus;
    done: number;
    total: number;
    /** Seconds marked unnatural on their reference (natural) clips, once sent: RedPen's filter. */
    referenceMarkedSeconds: number | null;
    /** The length of the reference clips they sent, in seconds (null: none sent yet). */
    referenceSeconds: number | null;
  }[];
}

/** The API's refusals: `{ error: { code, message } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** The participant page of a study on `server` (no trailing slash): `…/p/<id>`. */
export function participantPagePath(studyId: string): string {
  return `/p/${encodeURIComponent(studyId)}`;
}

/** The link to paste into Prolific's study URL (with "URL parameters" on). */
export function prolificLink(server: string, studyId: string): string {
  return `${server}${participantPagePath(studyId)}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`;
}

/** The link for every other platform, a lab or a class: one `participant` id each. */
export function genericLink(server: string, studyId: string, participant = "<id>"): string {
  return `${server}${participantPagePath(studyId)}?participant=${participant}`;
}

/** Prolific's completion address for a completion code. */
export function prolificCompletionUrl(code: string): string {
  return `https://app.prolific.com/submissions/complete?cc=${encodeURIComponent(code)}`;
}

/** Who arrives through a link: from Prolific's parameters, else the generic `participant`. */
export function arrivalFromSearch(params: URLSearchParams): LinkArrival | null {
  const prolific = params.get("PROLIFIC_PID");
  if (prolific) {
    const out: LinkArrival = { platform: "prolific", participantId: prolific };
    const study = params.get("STUDY_ID");
    const session = params.get("SESSION_ID");
    if (study) out.platformStudyId = study;
    if (session) out.sessionId = session;
    return out;
  }
  const generic = params.get("participant");
  return generic ? { platform: "link", participantId: generic } : null;
}

/**
 * An expert's link: the expert page with the expert's id, and the token in the fragment (never
 * sent to a server, so it stays out of logs and Referer headers).
 */
export function expertLink(server: string, studyId: string, expertId: string, token: string) {
  return `${server}/x/${encodeURIComponent(studyId)}?expert=${encodeURIComponent(expertId)}#token=${token}`;
}
