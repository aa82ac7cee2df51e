// Arrival (a new participant's checks here, their clips chosen in joining.ts), sessions, a
// participant's state and audio, returning and timing out.
// Part of the collection server's services (service.ts re-exports them all).
import { armsOf, instructionsFor } from "../domain/collection/arms.ts";
import { assignClips } from "../domain/collection/assign.ts";
import { checkAnswers, hasIntake, intakeOf } from "../domain/collection/intake.ts";
import {
  type LinkPlatform,
  linkRefusal,
  otherLink,
  participantLinksOf,
} from "../domain/collection/links.ts";
import type {
  AdmissionAnswer,
  CollectionSettings,
  ParticipantState,
  StudyAbout,
} from "../domain/collection/protocol.ts";
import { screeningOf } from "../domain/collection/screening.ts";
import { playLimitOf } from "../domain/collection/submissionRules.ts";
import { languageOf, participantTextsOf } from "../domain/i18n/languages.ts";
import type {
  AnnotationFile,
  ParticipantStatus,
  ScreeningResult,
} from "../domain/interchange/types.ts";
import { ratingScaleOf } from "../domain/study/ratingScale.ts";
import { DEFAULT_TASK, submissionRules, taskOf } from "../domain/tasks/index.ts";
import { type StoredAudio, servedAudio } from "./audio.ts";
import { ServiceError } from "./errors.ts";
import { type Admission, type ArriveRequest, joinStudy } from "./joining.ts";
import { scoreScreening, screeningSecret, screeningTargets } from "./screening.ts";
import type { Sql, Store } from "./store.ts";
import { newToken, sha256 } from "./studies.ts";
import { currentStudy, noStudy, type StudyVersion, studyAt } from "./studyCache.ts";
import { codes, hasTrials, pairDesign, trialsOf } from "./trials.ts";

/** The intake answers checked and the headphone check scored, against the study at hand. */
async function admit(
  store: Sql,
  studyId: string,
  file: AnnotationFile,
  request: ArriveRequest,
): Promise<Admission> {
  const intake = intakeOf(file.study);
  let profile: Record<string, unknown> | null = null;
  if (hasIntake(intake)) {
    const checked = checkAnswers(intake, request.answers ?? {});
    if (!checked.ok) {
      const lines = Object.entries(checked.problems).map(([k, m]) => `answers.${k}: ${m}`);
      throw new ServiceError(
        400,
        "bad-intake",
        `the intake answers are not complete:\n${lines.join("\n")}`,
      );
    }
    profile = checked.profile;
  }
  const screen = screeningOf(file.study);
  let screening: ScreeningResult[] | null = null;
  if (screen.test !== "off") {
    const r = request.screening;
    if (!r || r.test !== screen.test || r.choices.length !== screen.trials) {
      throw new ServiceError(
        400,
        "bad-screening",
        `this study needs the ${screen.test} headphone check first: screening must be { test: "${screen.test}", choices: [${screen.trials} answers, each 0, 1 or 2] }`,
      );
    }
    const targets = screeningTargets(
      await screeningSecret(store),
      { studyId, platform: request.platform, participantId: request.participantId },
      screen.trials,
    );
    screening = [scoreScreening(screen, targets, r.choices)];
  }
  return { profile, screening };
}

/**
 * A participant arrives: the same platform id gets the same participant and assignment back
 * (one call, no lock); a new one is checked (intake answers, headphone check, against the
 * study from this process's cache, by version) and joins (joining.ts): assigned clips in a
 * transaction that holds the study's row lock, so concurrent arrivals, from this process or
 * another on the same PostgreSQL, are assigned one after another and never over-fill a clip.
 * The SQL is migrations 8 and 9's. Returns a new session token for the participant's requests.
 * `request` is the body as the contract checked it.
 */
export async function arrive(
  store: Store,
  studyId: string,
  request: ArriveRequest,
  defaults: SlotDefaults = DEFAULT_SLOTS,
): Promise<{ sessionToken: string; state: ParticipantState }> {
  const { platform, participantId: pid } = request;
  const token = newToken();
  for (;;) {
    const [again] = await store.query<{
      study_version: number;
      participant_id: string | null;
      participant_status: ParticipantStatus | null;
      other_id: string | null;
      other_status: ParticipantStatus | null;
    }>("SELECT * FROM arrival_again($1, $2, $3, $4, $5)", [
      studyId,
      platform,
      pid,
      sha256(token),
      otherLink(platform),
    ]);
    if (!again) throw noStudy(studyId);
    if (again.participant_id !== null) {
      return {
        sessionToken: token,
        state: await participantState(store, studyId, again.participant_id),
      };
    }
    if (again.participant_status !== null) {
      // Their clips went to others; taking them (or new ones) again would exceed ratingsPerClip.
      throw new ServiceError(
        409,
        "returned",
        "you returned this study (or its time ran out), so it cannot be taken up again",
      );
    }
    const study = await studyAt(store, store, studyId, again.study_version);
    const links = participantLinksOf(study.file.study, study.settings);
    const refused = linkRefusal(links, platform);
    if (refused) throw new ServiceError(403, "link-not-accepted", refused);
    // The same id through the other kind of link is the same person: their state (screened
    // out stays screened out), never a second participant with a fresh check.
    if (links === "both" && again.other_id !== null) {
      const state = await sameIdOtherLink(
        store,
        studyId,
        again.other_id,
        again.other_status,
        token,
      );
      return { sessionToken: token, state };
    }
    const joined = await joinStudy(store, studyId, {
      study,
      request,
      admission: await admit(store, studyId, study.file, request),
      token,
      slotTimeoutMinutes: study.settings.slotTimeoutMinutes ?? defaults.slotTimeoutMinutes,
    });
    // Published again since it was read, or the same id arrived meanwhile: from the start.
    if (joined === null) continue;
    const { id, status, clips, arm } = joined;
    // Trials (a compare study, a pre-test) are read back as their state tells them.
    if (hasTrials(study))
      return { sessionToken: token, state: await participantState(store, studyId, id) };
    return {
      sessionToken: token,
      state: stateOf(
        id,
        study,
        status,
        clips.map((clipId, i) => [i + 1, study.index.get(clipId)?.duration ?? 0, false, 0]),
        arm,
      ),
    };
  }
}

/**
 * The participant who arrived with this id through the other kind of link (arrival_again
 * found them: `id`, `status`), given a session (`token`) and their state. One who returned the
 * study stays out.
 */
async function sameIdOtherLink(
  store: Store,
  studyId: string,
  id: string,
  status: ParticipantStatus | null,
  token: string,
): Promise<ParticipantState> {
  if (status === "returned") {
    throw new ServiceError(
      409,
      "returned",
      "you returned this study (or its time ran out), so it cannot be taken up again",
    );
  }
  await store.query(
    "INSERT INTO sessions (token_sha256, study_id, participant_id) VALUES ($1, $2, $3)",
    [sha256(token), studyId, id],
  );
  return participantState(store, studyId, id);
}

/**
 * Whether the study can take this participant, asked before consent so that nobody goes
 * through consent, intake and the headphone check to be told the study is full. A participant
 * it knows is never "full" (arriving finds them, or says they returned); for a new one, the
 * assignment (domain/collection/assign.ts) is run on the counts as they are, the clips of
 * participants past the slot timeout counted free as their arrival would free them. Read
 * without the study's lock: arriving stays the judge (409 `study-full`) when the last slot goes
 * in between.
 */
export async function admission(
  store: Store,
  studyId: string,
  who: { platform: LinkPlatform; participantId: string },
  defaults: SlotDefaults = DEFAULT_SLOTS,
): Promise<AdmissionAnswer> {
  const study = await currentStudy(store, studyId);
  // A link the study refuses is refused here as arriving would (links.ts); when it accepts both
  // kinds, the same id through the other kind is the participant it knows.
  const links = participantLinksOf(study.file.study, study.settings);
  const refused = linkRefusal(links, who.platform);
  if (refused) throw new ServiceError(403, "link-not-accepted", refused);
  const minutes = study.settings.slotTimeoutMinutes ?? defaults.slotTimeoutMinutes;
  const [row] = await store.query<{ known: boolean; clip_counts: Record<string, number> }>(
    `SELECT EXISTS (SELECT 1 FROM participants p WHERE p.study_id = $1
         AND (p.platform = $2 OR $5) AND p.platform_participant = $3) AS known,
       (SELECT coalesce(jsonb_object_agg(c.clip_id, c.n), '{}') FROM (
         SELECT a.clip_id, count(*)::int AS n FROM assignments a
         JOIN participants p ON p.study_id = a.study_id AND p.id = a.participant_id
         WHERE a.study_id = $1 AND NOT a.released AND NOT (p.status = 'started'
           AND p.last_seen_at < now() - make_interval(mins => $4)
           AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
             AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id))
         GROUP BY a.clip_id) c) AS clip_counts`,
    [studyId, who.platform, who.participantId, minutes, links === "both"],
  );
  if (!row || row.known) return { full: false };
  const design = pairDesign(study);
  if (design.comparison !== null) {
    // A compare study is full when every main pair has its judgments (R), counting the
    // trials of participants past the slot timeout as free, as for clips above.
    const [open] = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM unnest($2::text[]) AS x(pair_id) WHERE (
         SELECT count(*) FROM trials t
         JOIN participants p ON p.study_id = t.study_id AND p.id = t.participant_id
         WHERE t.study_id = $1 AND t.stage = 'main' AND t.pair_id = x.pair_id AND NOT t.released
           AND NOT (p.status = 'started' AND p.last_seen_at < now() - make_interval(mins => $3)
             AND NOT EXISTS (SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
               AND j.participant_id = t.participant_id AND j.stage = t.stage
               AND j.position = t.position))) < $4`,
      [studyId, design.main.map((p) => p.id), minutes, study.settings.ratingsPerClip],
    );
    return { full: (open?.n ?? 0) === 0 };
  }
  const clips = assignClips(study.clips, new Map(Object.entries(row.clip_counts)), {
    clipsPerParticipant: study.settings.clipsPerParticipant,
    ratingsPerClip: study.settings.ratingsPerClip,
    participantIndex: 0,
    seed: `${who.platform}:${who.participantId}`,
  });
  return { full: clips.length === 0 };
}

/** What a study's settings do not say about slots: the server's --slot-timeout. */
export interface SlotDefaults {
  slotTimeoutMinutes: number;
}

/** Prolific's usual time limit for a study. */
export const DEFAULT_SLOTS: SlotDefaults = { slotTimeoutMinutes: 60 };

/** The participant a session token belongs to, in this study; refused otherwise. */
export async function sessionParticipant(store: Sql, studyId: string, token: string | undefined) {
  if (!token)
    throw new ServiceError(401, "no-session", "this request needs the session token from arriving");
  const [row] = await store.query<{ participant_id: string }>(
    "SELECT participant_id FROM sessions WHERE token_sha256 = $1 AND study_id = $2",
    [sha256(token), studyId],
  );
  if (!row)
    throw new ServiceError(401, "bad-session", "the session token is not valid for this study");
  return row.participant_id;
}

/** What a study's consent step shows, readable by anyone with the link (name, consent, instructions). */
export async function studyAbout(store: Sql, studyId: string): Promise<StudyAbout> {
  const { file, settings } = await currentStudy(store, studyId);
  return aboutOf(file, settings);
}

/** The consent text is the publish settings' (set on the study page or `--consent-file`), else the study's. */
export function aboutOf(file: AnnotationFile, settings?: CollectionSettings): StudyAbout {
  const text = (key: string) => {
    const v = (file.study as Record<string, unknown>)[key];
    return typeof v === "string" && v.trim() !== "" ? v : undefined;
  };
  const about: StudyAbout = { name: file.study.name };
  const intake = intakeOf(file.study);
  if (hasIntake(intake)) about.intake = intake;
  const screening = screeningOf(file.study);
  if (screening.test !== "off") about.screening = screening;
  const consent = settings?.consent?.trim() ? settings.consent : text("consent");
  // A study with instruction arms: which text is a participant's is known once they arrive.
  const instructions = armsOf(file.study).length > 0 ? undefined : text("instructions");
  if (consent) about.consent = consent;
  if (instructions) about.instructions = instructions;
  const language = languageOf(file.study);
  if (language !== "en") about.language = language;
  const texts = participantTextsOf(file.study);
  if (Object.keys(texts).length > 0) about.participantTexts = texts;
  // The page says at once when its link is not one the study accepts (before consent).
  const links = participantLinksOf(file.study, settings);
  if (links !== "both") about.links = links;
  const task = taskOf(file.study);
  if (task !== DEFAULT_TASK) about.task = task;
  return about;
}

/**
 * The study's version, the participant's status and their clips by position (the clip's
 * duration, whether its submission is in, and the plays the server let start), in one
 * statement; the study itself from the cache.
 */
const STATE_SQL = `
  SELECT st.version, p.status, p.profile->>'arm' AS arm, coalesce((
    SELECT json_agg(json_build_array(a.position, c.duration, s.client_id IS NOT NULL,
        (SELECT count(*) FROM plays pl WHERE pl.study_id = a.study_id
          AND pl.participant_id = a.participant_id AND pl.clip_id = a.clip_id))
      ORDER BY a.position)
    FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
    LEFT JOIN submissions s ON s.study_id = a.study_id AND s.participant_id = a.participant_id
      AND s.clip_id = a.clip_id
    WHERE a.study_id = $1 AND a.participant_id = $2), '[]') AS clips
  FROM studies st LEFT JOIN participants p ON p.study_id = st.id AND p.id = $2
  WHERE st.id = $1`;

/** A clip of a participant's: its position, its duration, whether they sent it, its plays. */
type HeldClip = [position: number, duration: number, done: boolean, plays: number];

export async function participantState(
  store: Sql,
  studyId: string,
  participantId: string,
): Promise<ParticipantState> {
  const [row] = await store.query<{
    version: number;
    status: ParticipantStatus | null;
    arm: string | null;
    clips: HeldClip[];
  }>(STATE_SQL, [studyId, participantId]);
  if (!row) throw noStudy(studyId);
  if (row.status === null)
    throw new ServiceError(404, "no-participant", "no such participant in this study");
  const study = await studyAt(store, store, studyId, row.version);
  const state = stateOf(participantId, study, row.status, row.clips, row.arm);
  if (!hasTrials(study)) return state;
  // Trials: a compare study's main ones (its clips are none) and the pre-test's.
  const { trials, pretest, mainDone } = await trialsOf(store, study, studyId, participantId);
  const { comparison } = pairDesign(study);
  if (comparison) state.study.comparison = comparison;
  if (pretest) state.pretest = pretest;
  if (trials) {
    state.trials = trials;
    state.done = mainDone;
    if (trials.length > 0 && mainDone.length === trials.length)
      state.completion = codes(study.settings, "completion");
  }
  return state;
}

/**
 * What the participant's screen is told: the study, their clips, what is done, what is next;
 * the instructions their instruction arm's (`arm`), in a study with arms.
 */
function stateOf(
  participantId: string,
  { file, settings }: StudyVersion,
  status: ParticipantStatus,
  clips: readonly HeldClip[],
  arm: string | null,
): ParticipantState {
  const done = clips.filter(([, , sent]) => sent).map(([position]) => position);
  const counted = playLimitOf(file.study) !== null;
  const state: ParticipantState = {
    participantId,
    status,
    study: {
      ...aboutOf(file, settings),
      ...armInstructions(file, arm),
      requireRating: file.study.requireRating === true,
      ratingScale: ratingScaleOf(file.study),
      ...playsFor(file),
    },
    clips: clips.map(([, duration, , plays], i) => ({
      position: i + 1,
      duration,
      ...(counted ? { plays: Number(plays) } : {}),
    })),
    done,
  };
  if (clips.length > 0 && done.length === clips.length) {
    state.completion = {};
    if (settings.completionCode) state.completion.code = settings.completionCode;
    if (settings.completionUrl) state.completion.url = settings.completionUrl;
  }
  if (status === "screened-out") {
    state.screenedOut = {};
    if (settings.screenedOutCode) state.screenedOut.code = settings.screenedOutCode;
    if (settings.screenedOutUrl) state.screenedOut.url = settings.screenedOutUrl;
  }
  return state;
}

/** A study with instruction arms: the instructions of the participant's arm. */
function armInstructions(file: AnnotationFile, arm: string | null): { instructions?: string } {
  if (armsOf(file.study).length === 0) return {};
  const text = instructionsFor(file.study, arm);
  return text?.trim() ? { instructions: text } : {};
}

/** The plays a clip allows, when the study's task limits them (the task itself is in aboutOf). */
function playsFor(file: AnnotationFile): { maxPlays?: number } {
  const { maxPlays } = submissionRules(file.study);
  return maxPlays === null ? {} : { maxPlays };
}

/** The audio of the participant's clip at `position`. */
export async function participantAudio(
  store: Sql,
  studyId: string,
  participantId: string,
  position: number,
) {
  const [row] = await store.query<StoredAudio>(
    `SELECT au.mime, au.bytes, au.sha256, au.metadata_stripped FROM assignments a
     JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
     JOIN audio au ON au.sha256 = c.audio_sha256
     WHERE a.study_id = $1 AND a.participant_id = $2 AND a.position = $3`,
    [studyId, participantId, position],
  );
  if (!row) throw new ServiceError(404, "no-audio", `no audio for your clip ${position}`);
  return servedAudio(store, row);
}

/** The participant gives the study back (Prolific: "return"): their clips go to others. */
export async function returnStudy(store: Store, studyId: string, participantId: string) {
  await store.transaction(async (tx) => {
    const gone = await tx.query(
      "UPDATE participants SET status = 'returned' WHERE study_id = $1 AND id = $2 AND status = 'started' RETURNING id",
      [studyId, participantId],
    );
    // Their unfinished clips no longer count against ratingsPerClip (migration 8).
    if (gone.length > 0)
      await tx.query("SELECT release_assignments($1, $2)", [studyId, [participantId]]);
  });
}
