// Arrival and assignment (one transaction, the study row locked), sessions, a participant's
// state and audio, returning and timing out.
// Part of the collection server's services (service.ts re-exports them all).
import { randomBytes } from "node:crypto";
import { ArriveRequestSchema } from "../domain/api/requests.ts";
import { type AssignableClip, assignClips } from "../domain/collection/assign.ts";
import type {
  CollectionSettings,
  ParticipantProgress,
  ParticipantState,
  StudyAbout,
} from "../domain/collection/collection.ts";
import { checkAnswers, hasIntake, intakeOf } from "../domain/collection/intake.ts";
import { screeningOf } from "../domain/collection/screening.ts";
import { languageOf, participantTextsOf } from "../domain/i18n/languages.ts";
import type {
  AnnotationFile,
  ParticipantStatus,
  ScreeningResult,
} from "../domain/interchange/types.ts";
import { ratingScaleOf } from "../domain/study/ratingScale.ts";
import { DEFAULT_MAX_PLAYS, taskOf, transcriptionOf } from "../domain/study/studyTask.ts";
import { ServiceError, valid } from "./errors.ts";
import { scoreScreening, screeningSecret, screeningTargets } from "./screening.ts";
import type { Sql, Store } from "./store.ts";
import { loadStudy, newToken, sha256 } from "./studies.ts";

/**
 * A participant arrives: the same platform id gets the same participant and assignment back;
 * a new one is assigned clips in this transaction (the study row is locked, so concurrent
 * arrivals are assigned one after another and never over-fill a clip). Returns a new session
 * token for the participant's requests.
 */
export async function arrive(
  store: Store,
  studyId: string,
  body: unknown,
  defaults: SlotDefaults = DEFAULT_SLOTS,
): Promise<{ sessionToken: string; state: ParticipantState }> {
  const request = valid(ArriveRequestSchema, body, "bad-arrival");
  const { platform, participantId: pid } = request;
  const token = newToken();
  const participantId = await store.transaction(async (tx) => {
    const { file, settings } = await loadStudy(tx, studyId, true);
    const [known] = await tx.query<{ id: string; status: string }>(
      "SELECT id, status FROM participants WHERE study_id = $1 AND platform = $2 AND platform_participant = $3",
      [studyId, platform, pid],
    );
    let id = known?.id;
    if (known && known.status === "returned") {
      // Their clips went to others; taking them (or new ones) again would exceed ratingsPerClip.
      throw new ServiceError(
        409,
        "returned",
        "you returned this study (or its time ran out), so it cannot be taken up again",
      );
    }
    if (known) {
      await tx.query(
        "UPDATE participants SET last_seen_at = now() WHERE study_id = $1 AND id = $2",
        [studyId, id],
      );
    }
    if (!id) {
      await releaseTimedOut(
        tx,
        studyId,
        settings.slotTimeoutMinutes ?? defaults.slotTimeoutMinutes,
      );
      const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM participants WHERE study_id = $1",
        [studyId],
      );
      // Every assignment counts but the released ones (returned or timed out, unfinished).
      const counted = await tx.query<{ clip_id: string; n: number }>(
        `SELECT clip_id, count(*)::int AS n FROM assignments
         WHERE study_id = $1 AND NOT released GROUP BY clip_id`,
        [studyId],
      );
      const clips = await tx.query<{
        clip_id: string;
        sentence: string;
        system: string;
        is_reference: boolean;
      }>(
        "SELECT clip_id, sentence, system, is_reference FROM clips WHERE study_id = $1 ORDER BY position",
        [studyId],
      );
      const assignable: AssignableClip[] = clips.map((c) => ({
        id: c.clip_id,
        sentence: c.sentence,
        system: c.system,
        isReference: c.is_reference,
      }));
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
          await screeningSecret(tx),
          { studyId, platform, participantId: pid },
          screen.trials,
        );
        screening = [scoreScreening(screen, targets, r.choices)];
      }
      id = `p${String(n + 1).padStart(4, "0")}-${randomBytes(3).toString("hex")}`;
      const screenedOut = screening?.[0]?.passed === false;
      const chosen = screenedOut
        ? []
        : assignClips(assignable, new Map(counted.map((c) => [c.clip_id, c.n])), {
            clipsPerParticipant: settings.clipsPerParticipant,
            ratingsPerClip: settings.ratingsPerClip,
            participantIndex: n,
            seed: `${platform}:${pid}`,
          });
      if (chosen.length === 0 && !screenedOut) {
        throw new ServiceError(
          409,
          "study-full",
          `study "${file.study.name}" has all the participants it needs; please return it on your platform`,
        );
      }
      await tx.query(
        `INSERT INTO participants (study_id, id, platform, platform_participant, platform_study, platform_session, profile, screening, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          studyId,
          id,
          platform,
          pid,
          request.platformStudyId ?? null,
          request.sessionId ?? null,
          profile === null ? null : JSON.stringify(profile),
          screening === null ? null : JSON.stringify(screening),
          screenedOut ? "screened-out" : "started",
        ],
      );
      // All the clips in one statement (the study's row is locked until the commit).
      if (chosen.length > 0) {
        await tx.query(
          `INSERT INTO assignments (study_id, participant_id, clip_id, position)
           SELECT $1, $2, t.clip_id, t.position FROM unnest($3::text[], $4::int[]) AS t(clip_id, position)`,
          [studyId, id, chosen, chosen.map((_, i) => i + 1)],
        );
      }
    }
    await tx.query(
      "INSERT INTO sessions (token_sha256, study_id, participant_id) VALUES ($1, $2, $3)",
      [sha256(token), studyId, id],
    );
    return id;
  });
  return { sessionToken: token, state: await participantState(store, studyId, participantId) };
}

/** What a study's settings do not say about slots: the server's --slot-timeout. */
export interface SlotDefaults {
  slotTimeoutMinutes: number;
}

/** Prolific's usual time limit for a study. */
export const DEFAULT_SLOTS: SlotDefaults = { slotTimeoutMinutes: 60 };

/**
 * Participants still 'started' who sent nothing for `minutes` time out: as on Prolific, they
 * count as having returned the study, and their unfinished clips go to others.
 */
async function releaseTimedOut(tx: Sql, studyId: string, minutes: number) {
  const gone = await tx.query<{ id: string }>(
    `UPDATE participants SET status = 'returned' WHERE study_id = $1 AND status = 'started'
     AND last_seen_at < now() - make_interval(mins => $2) RETURNING id`,
    [studyId, minutes],
  );
  if (gone.length > 0)
    await release(
      tx,
      studyId,
      gone.map((g) => g.id),
    );
}

/** The participants' unfinished clips no longer count against ratingsPerClip. */
async function release(tx: Sql, studyId: string, participantIds: readonly string[]) {
  await tx.query(
    `UPDATE assignments a SET released = true
     WHERE a.study_id = $1 AND a.participant_id = ANY($2::text[]) AND NOT EXISTS (
       SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
       AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id)`,
    [studyId, participantIds],
  );
}

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

export async function participantProgress(
  store: Sql,
  studyId: string,
  participantId: string,
): Promise<ParticipantProgress & { durations: number[] }> {
  const [row] = await store.query<{ settings: CollectionSettings; status: ParticipantStatus }>(
    `SELECT s.settings, p.status FROM studies s JOIN participants p ON p.study_id = s.id
     WHERE s.id = $1 AND p.id = $2`,
    [studyId, participantId],
  );
  if (!row) throw new ServiceError(404, "no-participant", "no such participant in this study");
  const rows = await store.query<{ position: number; duration: number; done: boolean }>(
    `SELECT a.position, c.duration, (s.client_id IS NOT NULL) AS done FROM assignments a
     JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
     LEFT JOIN submissions s ON s.study_id = a.study_id AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id
     WHERE a.study_id = $1 AND a.participant_id = $2 ORDER BY a.position`,
    [studyId, participantId],
  );
  const progress: ParticipantProgress & { durations: number[] } = {
    status: row.status,
    total: rows.length,
    done: rows.filter((r) => r.done).map((r) => r.position),
    durations: rows.map((r) => r.duration),
  };
  if (rows.length > 0 && progress.done.length === rows.length) {
    progress.completion = {};
    if (row.settings.completionCode) progress.completion.code = row.settings.completionCode;
    if (row.settings.completionUrl) progress.completion.url = row.settings.completionUrl;
  }
  return progress;
}

/** What a study's consent step shows, readable by anyone with the link (name, consent, instructions). */
export async function studyAbout(store: Sql, studyId: string): Promise<StudyAbout> {
  const { file, settings } = await loadStudy(store, studyId);
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
  const instructions = text("instructions");
  if (consent) about.consent = consent;
  if (instructions) about.instructions = instructions;
  const language = languageOf(file.study);
  if (language !== "en") about.language = language;
  const texts = participantTextsOf(file.study);
  if (Object.keys(texts).length > 0) about.participantTexts = texts;
  return about;
}

export async function participantState(
  store: Sql,
  studyId: string,
  participantId: string,
): Promise<ParticipantState> {
  const { file, settings } = await loadStudy(store, studyId);
  const { status, done, durations, completion } = await participantProgress(
    store,
    studyId,
    participantId,
  );
  const state: ParticipantState = {
    participantId,
    status,
    study: {
      ...aboutOf(file, settings),
      requireRating: file.study.requireRating === true,
      ratingScale: ratingScaleOf(file.study),
      ...taskFor(file),
    },
    clips: durations.map((duration, i) => ({ position: i + 1, duration })),
    done,
  };
  if (completion) state.completion = completion;
  if (status === "screened-out") {
    state.screenedOut = {};
    if (settings.screenedOutCode) state.screenedOut.code = settings.screenedOutCode;
    if (settings.screenedOutUrl) state.screenedOut.url = settings.screenedOutUrl;
  }
  return state;
}

/**
 * What a participant's screen needs of the study's task: the task when it is not "mark", and
 * for "transcribe" the plays a clip allows. The clips' texts stay on the server.
 */
function taskFor(file: AnnotationFile): { task?: "rate" | "transcribe"; maxPlays?: number } {
  const task = taskOf(file.study);
  if (task === "mark") return {};
  if (task === "rate") return { task };
  return { task, maxPlays: transcriptionOf(file.study).maxPlays ?? DEFAULT_MAX_PLAYS };
}

/** The audio of the participant's clip at `position`. */
export async function participantAudio(
  store: Sql,
  studyId: string,
  participantId: string,
  position: number,
) {
  const [row] = await store.query<{ mime: string; bytes: Uint8Array; sha256: string }>(
    `SELECT au.mime, au.bytes, au.sha256 FROM assignments a
     JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
     JOIN audio au ON au.sha256 = c.audio_sha256
     WHERE a.study_id = $1 AND a.participant_id = $2 AND a.position = $3`,
    [studyId, participantId, position],
  );
  if (!row) throw new ServiceError(404, "no-audio", `no audio for your clip ${position}`);
  return row;
}

/** The participant gives the study back (Prolific: "return"): their clips go to others. */
export async function returnStudy(store: Store, studyId: string, participantId: string) {
  await store.transaction(async (tx) => {
    const gone = await tx.query(
      "UPDATE participants SET status = 'returned' WHERE study_id = $1 AND id = $2 AND status = 'started' RETURNING id",
      [studyId, participantId],
    );
    if (gone.length > 0) await release(tx, studyId, [participantId]);
  });
}
