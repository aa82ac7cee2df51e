// What the collection server does, over its store (store.ts), independent of HTTP: publish a
// study and its audio, let participants arrive (assignment in one transaction), take their
// finished clips exactly once, and give the researcher everything collected as an interchange
// file. Every rule about files and spans comes from src/domain (one home per rule).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  ArriveRequestSchema,
  ExpertRequestSchema,
  LabelsRequestSchema,
  PublishRequestSchema,
  SubmissionRequestSchema,
} from "../domain/api/requests.ts";
import { type AssignableClip, assignClips } from "../domain/assign.ts";
import type {
  CollectionSettings,
  ParticipantProgress,
  ParticipantState,
  PublishResult,
  StudyAbout,
  StudyProgress,
  SubmissionResponse,
} from "../domain/collection.ts";
import { checkAnswers, hasIntake, intakeOf } from "../domain/intake.ts";
import { ratingScaleOf } from "../domain/ratingScale.ts";
import { parseAnnotationFile } from "../domain/schema.ts";
import { screeningOf } from "../domain/screening.ts";
import { checkSpan, coveredSeconds, fitSpanToClip, type Span } from "../domain/spans.ts";
import type {
  AnnotationFile,
  Annotator,
  Clip,
  ParticipantStatus,
  ReasonLabel,
  Region,
  ScreeningResult,
  Submission,
} from "../domain/types.ts";
import { ServiceError, valid } from "./errors.ts";
import { scoreScreening, screeningSecret, screeningTargets } from "./screening.ts";
import type { Sql, Store } from "./store.ts";

export { ServiceError, valid, validStudyId } from "./errors.ts";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

// ---------------------------------------------------------------------------------------------
// The researcher's token

/**
 * Makes sure a researcher token exists: `REDPEN_TOKEN` when given (its hash replaces the
 * stored one), else the stored one, else a new one. Returns the token only when it was just
 * made (to be printed once); only its SHA-256 is stored.
 */
export async function ensureResearcherToken(
  store: Store,
  fromEnv: string | undefined,
): Promise<string | undefined> {
  if (fromEnv) {
    await store.query(
      "INSERT INTO settings (key, value) VALUES ('token_sha256', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [sha256(fromEnv)],
    );
    return undefined;
  }
  const made = newToken();
  const rows = await store.query(
    "INSERT INTO settings (key, value) VALUES ('token_sha256', $1) ON CONFLICT (key) DO NOTHING RETURNING key",
    [sha256(made)],
  );
  return rows.length > 0 ? made : undefined;
}

/** True when `token` is the researcher's (compared in constant time). */
export async function isResearcher(store: Sql, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await store.query<{ value: string }>(
    "SELECT value FROM settings WHERE key = 'token_sha256'",
  );
  if (!row) return false;
  const a = Buffer.from(sha256(token), "hex");
  const b = Buffer.from(row.value, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------
// Publishing

/** Publishes a study, or updates its settings and clips: publishing again is harmless. */
export async function publishStudy(store: Store, body: unknown): Promise<PublishResult> {
  const request = valid(PublishRequestSchema, body, "bad-study");
  const parsed = parseAnnotationFile(request.file);
  if (!parsed.ok) {
    const lines = parsed.errors.slice(0, 20).map((p) => `${p.path || "(file)"}: ${p.message}`);
    throw new ServiceError(400, "bad-study", `the study file is not valid:\n${lines.join("\n")}`);
  }
  const { study, taxonomy, clips } = parsed.file;
  const settings: CollectionSettings = request.settings ?? {
    clipsPerParticipant: 10,
    ratingsPerClip: 3,
  };
  const audio = request.audio ?? {};
  for (const clipId of Object.keys(audio)) {
    if (!clips.some((c) => c.id === clipId)) {
      throw new ServiceError(
        400,
        "bad-audio",
        `audio[${JSON.stringify(clipId)}]: no clip with this id in the study`,
      );
    }
  }
  const header: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study,
    taxonomy,
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
  return store.transaction(async (tx) => {
    const existing = await tx.query("SELECT id FROM studies WHERE id = $1 FOR UPDATE", [study.id]);
    if (existing.length === 0) {
      await tx.query("INSERT INTO studies (id, file, settings) VALUES ($1, $2, $3)", [
        study.id,
        JSON.stringify(header),
        JSON.stringify(settings),
      ]);
    } else {
      await tx.query(
        "UPDATE studies SET file = $2, settings = $3, updated_at = now() WHERE id = $1",
        [study.id, JSON.stringify(header), JSON.stringify(settings)],
      );
      // Clips left out of the file go, unless participants already have them.
      const kept = clips.map((c) => c.id);
      const busy = await tx.query<{ clip_id: string }>(
        "SELECT DISTINCT clip_id FROM assignments WHERE study_id = $1 AND NOT (clip_id = ANY($2::text[]))",
        [study.id, kept],
      );
      if (busy.length > 0) {
        throw new ServiceError(
          409,
          "clip-in-use",
          `clip "${busy[0]?.clip_id}" is assigned to participants and cannot be removed from the study`,
        );
      }
      await tx.query("DELETE FROM clips WHERE study_id = $1 AND NOT (clip_id = ANY($2::text[]))", [
        study.id,
        kept,
      ]);
    }
    for (const [i, c] of clips.entries()) {
      await tx.query(
        `INSERT INTO clips (study_id, clip_id, position, sentence, system, is_reference, duration, audio_sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (study_id, clip_id) DO UPDATE SET position = EXCLUDED.position,
           sentence = EXCLUDED.sentence, system = EXCLUDED.system,
           is_reference = EXCLUDED.is_reference, duration = EXCLUDED.duration,
           audio_sha256 = COALESCE(EXCLUDED.audio_sha256, clips.audio_sha256)`,
        [
          study.id,
          c.id,
          i,
          c.sentence ?? c.id,
          c.system ?? "",
          c.isReference === true,
          c.duration,
          audio[c.id]?.sha256 ?? null,
        ],
      );
    }
    const wanted = [...new Set(Object.values(audio).map((a) => a.sha256))];
    const have = await tx.query<{ sha256: string }>(
      "SELECT sha256 FROM audio WHERE sha256 = ANY($1::text[])",
      [wanted],
    );
    const present = new Set(have.map((h) => h.sha256));
    return {
      studyId: study.id,
      clips: clips.length,
      missingAudio: wanted.filter((h) => !present.has(h)),
      created: existing.length === 0,
    };
  });
}

/** Stores audio under its SHA-256, checking the bytes match it; storing it again is a no-op. */
export async function putAudio(store: Sql, hash: string, mime: string, bytes: Uint8Array) {
  if (!/^[0-9a-f]{64}$/.test(hash))
    throw new ServiceError(400, "bad-audio", "the address must be a SHA-256 in hex");
  if (sha256(bytes) !== hash) {
    throw new ServiceError(400, "bad-audio", "the audio's SHA-256 does not match its address");
  }
  await store.query(
    "INSERT INTO audio (sha256, mime, bytes) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING",
    [hash, mime || "application/octet-stream", bytes],
  );
}

export async function hasAudio(store: Sql, hash: string): Promise<boolean> {
  return (await store.query("SELECT 1 FROM audio WHERE sha256 = $1", [hash])).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Participants

export async function loadStudy(tx: Sql, studyId: string, lock = false) {
  const [row] = await tx.query<{ file: AnnotationFile; settings: CollectionSettings }>(
    `SELECT file, settings FROM studies WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [studyId],
  );
  if (!row)
    throw new ServiceError(404, "no-study", `no study "${studyId}" is published on this server`);
  return row;
}

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
      for (const [i, clipId] of chosen.entries()) {
        await tx.query(
          "INSERT INTO assignments (study_id, participant_id, clip_id, position) VALUES ($1, $2, $3, $4)",
          [studyId, id, clipId, i + 1],
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

async function participantProgress(
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
  const { file } = await loadStudy(store, studyId);
  return aboutOf(file);
}

function aboutOf(file: AnnotationFile): StudyAbout {
  const text = (key: string) => {
    const v = (file.study as Record<string, unknown>)[key];
    return typeof v === "string" && v.trim() !== "" ? v : undefined;
  };
  const about: StudyAbout = { name: file.study.name };
  const intake = intakeOf(file.study);
  if (hasIntake(intake)) about.intake = intake;
  const screening = screeningOf(file.study);
  if (screening.test !== "off") about.screening = screening;
  const consent = text("consent");
  const instructions = text("instructions");
  if (consent) about.consent = consent;
  if (instructions) about.instructions = instructions;
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
      ...aboutOf(file),
      requireRating: file.study.requireRating === true,
      ratingScale: ratingScaleOf(file.study),
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

/** Takes one finished clip; a replay of the same clientId is acknowledged again, unchanged. */
export async function submit(
  store: Store,
  studyId: string,
  participantId: string,
  input: unknown,
): Promise<SubmissionResponse> {
  const body = valid(SubmissionRequestSchema, input, "bad-submission");
  const { clientId } = body;
  return store.transaction(async (tx) => {
    // The participant's row locked: a return (or a time-out) and a submission do not cross.
    const [who] = await tx.query<{ status: ParticipantStatus }>(
      "SELECT status FROM participants WHERE study_id = $1 AND id = $2 FOR UPDATE",
      [studyId, participantId],
    );
    const [assigned] = await tx.query<{ clip_id: string; duration: number; released: boolean }>(
      `SELECT a.clip_id, c.duration, a.released FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
       WHERE a.study_id = $1 AND a.participant_id = $2 AND a.position = $3`,
      [studyId, participantId, body.position],
    );
    if (!assigned)
      throw new ServiceError(403, "not-assigned", `clip ${body.position} is not one of your clips`);
    const sentBefore = await tx.query(
      "SELECT 1 FROM submissions WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3 AND client_id = $4",
      [studyId, participantId, assigned.clip_id, clientId],
    );
    if ((who?.status === "returned" || assigned.released) && sentBefore.length === 0) {
      throw new ServiceError(
        403,
        "returned",
        "you returned this study (or its time ran out): its clips went to other participants",
      );
    }
    let spans: Span[];
    try {
      spans = body.spans.map((s, i) => {
        try {
          return fitSpanToClip(
            checkSpan(s.start, s.end),
            assigned.duration,
            `your clip ${body.position}`,
          );
        } catch (e) {
          throw new Error(`spans[${i}]: ${(e as Error).message}`);
        }
      });
    } catch (e) {
      throw new ServiceError(400, "bad-submission", (e as Error).message);
    }
    const stored = {
      spans,
      heardToEnd: body.heardToEnd,
      ...(body.score !== undefined ? { score: body.score } : {}),
      ...(body.playCount !== undefined ? { playCount: body.playCount } : {}),
      ...(body.seconds !== undefined ? { seconds: body.seconds } : {}),
      // Written as the reader writes times (the schema allows 1970 to 9999 only).
      completedAt: new Date(body.completedAt ?? Date.now()).toISOString(),
    };
    const inserted = await tx.query(
      `INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING client_id`,
      [studyId, participantId, assigned.clip_id, clientId, JSON.stringify(stored)],
    );
    await tx.query("UPDATE participants SET last_seen_at = now() WHERE study_id = $1 AND id = $2", [
      studyId,
      participantId,
    ]);
    let replay = false;
    if (inserted.length === 0) {
      const [same] = await tx.query<{ client_id: string }>(
        "SELECT client_id FROM submissions WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3",
        [studyId, participantId, assigned.clip_id],
      );
      if (same?.client_id !== clientId) {
        throw new ServiceError(
          409,
          "already-submitted",
          `clip ${body.position} was already sent (as another submission)`,
        );
      }
      replay = true;
    }
    const { durations: _, ...progress } = await participantProgress(tx, studyId, participantId);
    if (progress.completion && progress.status !== "completed") {
      await tx.query(
        "UPDATE participants SET status = 'completed', finished_at = COALESCE(finished_at, now()) WHERE study_id = $1 AND id = $2",
        [studyId, participantId],
      );
      progress.status = "completed";
    }
    return { clientId, replay, progress };
  });
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

// ---------------------------------------------------------------------------------------------
// Collecting

/**
 * A collected span's id: `<participant>.<clip>.<n>` (n from 1, in the order sent). Participant
 * ids are the server's own (`p0001-…`, no dot), so the first dot and the last one split it back
 * even when a clip id has dots.
 */
function regionIdOf(participantId: string, clipId: string, n: number): string {
  return `${participantId}.${clipId}.${n}`;
}

function parseRegionId(id: string): { participantId: string; clipId: string; n: number } | null {
  const first = id.indexOf(".");
  const last = id.lastIndexOf(".");
  if (first < 1 || last <= first + 1) return null;
  const n = Number(id.slice(last + 1));
  if (
    !Number.isInteger(n) ||
    n < 1 ||
    regionIdOf(id.slice(0, first), id.slice(first + 1, last), n) !== id
  )
    return null;
  return { participantId: id.slice(0, first), clipId: id.slice(first + 1, last), n };
}

/** The crowd's collected work: annotators (with platform and status), submissions, spans. */
async function crowdWork(store: Sql, studyId: string) {
  const people = await store.query<{
    id: string;
    platform: string;
    platform_participant: string;
    platform_study: string | null;
    platform_session: string | null;
    status: ParticipantStatus;
    profile: Record<string, unknown> | null;
    screening: ScreeningResult[] | null;
  }>(
    "SELECT id, platform, platform_participant, platform_study, platform_session, status, profile, screening FROM participants WHERE study_id = $1 ORDER BY id",
    [studyId],
  );
  const subs = await store.query<{ participant_id: string; clip_id: string; body: StoredBody }>(
    "SELECT participant_id, clip_id, body FROM submissions WHERE study_id = $1 ORDER BY participant_id, clip_id",
    [studyId],
  );
  const annotators: Annotator[] = people.map((p) => {
    const platform: NonNullable<Annotator["platform"]> = {
      name: p.platform,
      participantId: p.platform_participant,
    };
    if (p.platform_study) platform.studyId = p.platform_study;
    if (p.platform_session) platform.sessionId = p.platform_session;
    const annotator: Annotator = { id: p.id, role: "crowd", platform, status: p.status };
    if (p.profile) annotator.profile = p.profile;
    if (p.screening) annotator.screening = p.screening;
    return annotator;
  });
  const submissions: Submission[] = [];
  const regions: Region[] = [];
  for (const s of subs) {
    const sub: Submission = {
      clipId: s.clip_id,
      annotatorId: s.participant_id,
      heardToEnd: s.body.heardToEnd,
    };
    if (s.body.score !== undefined) sub.score = s.body.score;
    if (s.body.playCount !== undefined) sub.playCount = s.body.playCount;
    if (s.body.seconds !== undefined) sub.seconds = s.body.seconds;
    sub.completedAt = s.body.completedAt;
    submissions.push(sub);
    s.body.spans.forEach((span, i) => {
      regions.push({
        id: regionIdOf(s.participant_id, s.clip_id, i + 1),
        clipId: s.clip_id,
        annotatorId: s.participant_id,
        start: span.start,
        end: span.end,
      });
    });
  }
  return { annotators, submissions, regions };
}

async function reasonLabels(store: Sql, studyId: string, expertId?: string) {
  const rows = await store.query<{ region_id: string; expert_id: string; reasons: string[] }>(
    `SELECT region_id, expert_id, reasons FROM reason_labels WHERE study_id = $1${expertId ? " AND expert_id = $2" : ""}
     ORDER BY region_id, expert_id`,
    expertId ? [studyId, expertId] : [studyId],
  );
  return rows
    .filter((r) => r.reasons.length > 0)
    .map(
      (r): ReasonLabel => ({ regionId: r.region_id, annotatorId: r.expert_id, reasons: r.reasons }),
    );
}

/**
 * Everything collected for the study, as an interchange file: crowd annotators carry platform
 * and status; experts (role expert) and their reason labels follow.
 */
export async function collect(store: Sql, studyId: string): Promise<AnnotationFile> {
  const { file } = await loadStudy(store, studyId);
  const crowd = await crowdWork(store, studyId);
  const experts = await store.query<{ id: string }>(
    "SELECT id FROM experts WHERE study_id = $1 ORDER BY id",
    [studyId],
  );
  return {
    ...file,
    exportedAt: new Date().toISOString(),
    annotators: [
      ...crowd.annotators,
      ...experts.map((e): Annotator => ({ id: e.id, role: "expert" })),
    ],
    submissions: crowd.submissions,
    regions: crowd.regions,
    reasonLabels: await reasonLabels(store, studyId),
  };
}

// ---------------------------------------------------------------------------------------------
// Experts

/**
 * Makes (or makes again) an expert's link token for the study: a new token replaces the old
 * one, so a leaked link is closed by making a new one. Returns the token (stored hashed).
 */
export async function createExpert(
  store: Store,
  studyId: string,
  body: unknown,
): Promise<{ expertId: string; token: string }> {
  const { expertId } = valid(ExpertRequestSchema, body, "bad-expert");
  await loadStudy(store, studyId);
  const clash = await store.query("SELECT 1 FROM participants WHERE study_id = $1 AND id = $2", [
    studyId,
    expertId,
  ]);
  if (clash.length > 0) {
    throw new ServiceError(409, "bad-expert", `"${expertId}" is a participant of this study`);
  }
  const token = newToken();
  await store.query(
    `INSERT INTO experts (study_id, id, token_sha256) VALUES ($1, $2, $3)
     ON CONFLICT (study_id, id) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256`,
    [studyId, expertId, sha256(token)],
  );
  return { expertId, token };
}

/** The expert an expert token belongs to, in this study; refused otherwise. */
export async function expertOf(store: Sql, studyId: string, token: string | undefined) {
  if (!token) throw new ServiceError(401, "no-expert", "this needs the token of an expert link");
  const [row] = await store.query<{ id: string }>(
    "SELECT id FROM experts WHERE token_sha256 = $1 AND study_id = $2",
    [sha256(token), studyId],
  );
  if (!row)
    throw new ServiceError(
      401,
      "bad-expert",
      "the expert link's token is not valid for this study",
    );
  return row.id;
}

/**
 * What an expert works on: the study and every collected crowd span, without the crowd's
 * platform ids (personal data an expert does not need), and the expert's own labels.
 */
export async function expertWork(
  store: Sql,
  studyId: string,
  expertId: string,
): Promise<AnnotationFile> {
  const { file } = await loadStudy(store, studyId);
  const crowd = await crowdWork(store, studyId);
  return {
    ...file,
    exportedAt: new Date().toISOString(),
    annotators: [
      ...crowd.annotators.map((a): Annotator => ({ id: a.id, role: "crowd" })),
      { id: expertId, role: "expert" },
    ],
    submissions: crowd.submissions,
    regions: crowd.regions,
    reasonLabels: await reasonLabels(store, studyId, expertId),
  };
}

/** The audio of any clip of the study, for its experts. */
export async function expertAudio(store: Sql, studyId: string, clipId: string) {
  const [row] = await store.query<{ mime: string; bytes: Uint8Array; sha256: string }>(
    `SELECT au.mime, au.bytes, au.sha256 FROM clips c JOIN audio au ON au.sha256 = c.audio_sha256
     WHERE c.study_id = $1 AND c.clip_id = $2`,
    [studyId, clipId],
  );
  if (!row) throw new ServiceError(404, "no-audio", `no audio for clip "${clipId}"`);
  return row;
}

/**
 * Sets the reasons an expert gives one collected span (the whole set: sending it again is
 * harmless, the last one sent wins; an empty set removes the label). Reasons must be ids of
 * the study's taxonomy; they are stored in its order.
 */
export async function setExpertReasons(
  store: Store,
  studyId: string,
  expertId: string,
  regionId: string,
  body: unknown,
): Promise<ReasonLabel> {
  const { reasons } = valid(LabelsRequestSchema, body, "bad-label");
  const { file } = await loadStudy(store, studyId);
  const order = file.taxonomy.map((t) => t.id);
  const unknown = reasons.find((r) => !order.includes(r));
  if (unknown !== undefined) {
    throw new ServiceError(
      400,
      "bad-label",
      `"${unknown}" is not a reason of this study (its reasons: ${order.join(", ")})`,
    );
  }
  // One submission read, not the whole study's: is there such a span?
  const parts = parseRegionId(regionId);
  const [sent] = parts
    ? await store.query<{ body: StoredBody }>(
        "SELECT body FROM submissions WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3",
        [studyId, parts.participantId, parts.clipId],
      )
    : [];
  if (!parts || !sent || parts.n > sent.body.spans.length) {
    throw new ServiceError(404, "no-region", `no collected span "${regionId}" in this study`);
  }
  const sorted = order.filter((id) => reasons.includes(id));
  await store.query(
    `INSERT INTO reason_labels (study_id, expert_id, region_id, reasons) VALUES ($1, $2, $3, $4)
     ON CONFLICT (study_id, region_id, expert_id) DO UPDATE SET reasons = EXCLUDED.reasons, updated_at = now()`,
    [studyId, expertId, regionId, JSON.stringify(sorted)],
  );
  return { regionId, annotatorId: expertId, reasons: sorted };
}

interface StoredBody {
  spans: Span[];
  heardToEnd: boolean;
  score?: number;
  playCount?: number;
  seconds?: number;
  completedAt: string;
}

export async function progress(store: Sql, studyId: string): Promise<StudyProgress> {
  const { file, settings } = await loadStudy(store, studyId);
  const refs = new Map(
    file.clips.filter((c: Clip) => c.isReference).map((c) => [c.id, c.duration] as const),
  );
  const people = await store.query<{
    id: string;
    platform: string;
    status: ParticipantStatus;
    total: number;
  }>(
    `SELECT p.id, p.platform, p.status, count(a.clip_id)::int AS total FROM participants p
     LEFT JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id AND NOT a.released
     WHERE p.study_id = $1 GROUP BY p.id, p.platform, p.status ORDER BY p.id`,
    [studyId],
  );
  const subs = await store.query<{ participant_id: string; clip_id: string; body: StoredBody }>(
    "SELECT participant_id, clip_id, body FROM submissions WHERE study_id = $1",
    [studyId],
  );
  const perParticipant = people.map((p) => {
    const mine = subs.filter((s) => s.participant_id === p.id);
    const onRefs = mine.filter((s) => refs.has(s.clip_id));
    return {
      id: p.id,
      platform: p.platform,
      status: p.status,
      done: mine.length,
      total: p.total,
      referenceMarkedSeconds:
        onRefs.length === 0
          ? null
          : onRefs.reduce((sum, s) => sum + coveredSeconds(s.body.spans), 0),
      referenceSeconds:
        onRefs.length === 0 ? null : onRefs.reduce((sum, s) => sum + (refs.get(s.clip_id) ?? 0), 0),
    };
  });
  const by = (status: ParticipantStatus) => people.filter((p) => p.status === status).length;
  return {
    studyId,
    participants: {
      started: by("started"),
      completed: by("completed"),
      returned: by("returned"),
      screenedOut: by("screened-out"),
    },
    assigned: people.reduce((n, p) => n + p.total, 0),
    done: subs.length,
    clips: file.clips.length,
    ratingsPerClip: settings.ratingsPerClip,
    perParticipant,
  };
}
