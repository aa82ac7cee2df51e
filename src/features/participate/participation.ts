// A participant's side of a server study (docs/server.md, "Participants"): arriving, the local
// copy of the assigned clips, and what each finished clip sends. The local copy is an ordinary
// study in this browser's database (marked `participation`, never listed), so the crowd screen,
// its spans, its crash-proof writes and its reload resume work as they do for a local study.
// Its clips are named "Clip 1" … "Clip K" by position: nothing of their file name, system or
// sentence reaches the participant.

import {
  createStudy,
  ensureAnnotator,
  getStudy,
  type LocalJudgment,
  type LocalTrial,
  listRegions,
  listSubmissions,
  type Participation,
  type StudyRecord,
  type SubmissionRecord,
  updateParticipation,
} from "../../db/repo.ts";
import type { ArriveRequest, SubmissionRequest } from "../../domain/api/requests.ts";
import type {
  JudgmentResponse,
  ParticipantState,
  StudyAbout,
  TrialStage,
  TrialState,
} from "../../domain/collection/protocol.ts";
import { ApiError, api } from "../../lib/collectionApi.ts";
import { sha256Hex } from "../../lib/sha256.ts";

/** The local study holding this participant's copy of `studyId` on this server. */
export function localStudyId(studyId: string, arrival: ArriveRequest): string {
  return `participation:${JSON.stringify([studyId, arrival.platform, arrival.participantId])}`;
}

/** The local clip id of the assigned clip at `position` (1…K), and back. */
export const clipIdAt = (position: number): string => `clip-${position}`;
export function positionOf(clipId: string): number {
  const n = Number(clipId.replace(/^clip-/, ""));
  return Number.isInteger(n) && n > 0 ? n : Number.NaN;
}

/**
 * The local id under which one side's sample of a trial is stored (`pretest-3-1`: the third
 * pre-test pair's sample 1): audio only, never a clip of the local study.
 */
export const trialClipId = (stage: TrialStage, position: number, side: 1 | 2): string =>
  `${stage}-${position}-${side}`;

const screenedOutKey = (localId: string) => `redpen.screenedOut:${localId}`;

function rememberScreenedOut(localId: string, sessionToken: string) {
  try {
    localStorage.setItem(screenedOutKey(localId), sessionToken);
  } catch {
    // Not remembered: coming back walks through consent, and the server screens out again.
  }
}

/**
 * A participant screened out before in this browser: their screened-out page as the server has
 * it now (code, address, the pages' language), or null. A session the server no longer knows
 * (the participant withdrew) is forgotten.
 */
export async function screenedOutBefore(
  server: string,
  studyId: string,
  localId: string,
): Promise<{ code?: string; url?: string; about: StudyAbout } | null> {
  let token: string | null = null;
  try {
    token = localStorage.getItem(screenedOutKey(localId));
  } catch {
    return null;
  }
  if (!token) return null;
  try {
    const state = await api(server, "state", { params: { studyId }, token });
    if (state.status !== "screened-out") return null;
    return { ...state.screenedOut, about: state.study };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      localStorage.removeItem(screenedOutKey(localId));
      return null;
    }
    throw e;
  }
}

/** The study's name, consent text and instructions, before the participant takes part. */
export function fetchAbout(server: string, studyId: string): Promise<StudyAbout> {
  return api(server, "about", { params: { studyId } });
}

/** The headphone check's session per study and participant, once started (its token). */
const screeningTokens = new Map<string, Promise<string>>();

function screeningToken(
  server: string,
  studyId: string,
  who: Pick<ArriveRequest, "platform" | "participantId">,
): Promise<string> {
  const key = JSON.stringify([server, studyId, who.platform, who.participantId]);
  let token = screeningTokens.get(key);
  if (!token) {
    token = api(server, "screeningSession", {
      params: { studyId },
      body: { platform: who.platform, participantId: who.participantId },
    }).then((r) => r.screeningToken);
    // A failed start is tried again by the next sound, not remembered.
    token.catch(() => screeningTokens.delete(key));
    screeningTokens.set(key, token);
  }
  return token;
}

/**
 * One sound (0–2) of one round (from 0) of this participant's headphone check, as the server
 * made it: the page never learns which sound is the odd one, it only plays them. The first
 * sound starts the check's session on the server (the sounds need its token).
 */
export async function fetchScreeningSound(
  server: string,
  studyId: string,
  arrival: Pick<ArriveRequest, "platform" | "participantId">,
  round: number,
  sound: number,
): Promise<Blob> {
  const token = await screeningToken(server, studyId, arrival);
  return api(server, "screeningSound", { params: { studyId, round, sound }, token });
}

/** Whether the study can take this participant (asked before consent: a full study says so). */
export function fetchAdmission(
  server: string,
  studyId: string,
  arrival: Pick<ArriveRequest, "platform" | "participantId">,
) {
  return api(server, "admission", {
    params: { studyId },
    body: { platform: arrival.platform, participantId: arrival.participantId },
  });
}

/** The server's play counts by position, from its state's clips (a study with a play limit). */
export function playsOf(clips: readonly { position: number; plays?: number }[]) {
  const plays: Record<string, number> = {};
  for (const c of clips) if (c.plays !== undefined) plays[String(c.position)] = c.plays;
  return plays;
}

/** Arrives (or arrives again): the server's participant, its state and a new session token. */
export function arrive(server: string, studyId: string, arrival: ArriveRequest) {
  return api(server, "arrive", { params: { studyId }, body: arrival });
}

export interface PrepareProgress {
  /** Clips and samples whose audio is in hand, of `total`. */
  done: number;
  total: number;
}

/**
 * After consent: arrives, downloads the assigned clips' audio (only those), and stores the
 * local copy in one transaction, so that the rest works offline. A page closed during the
 * downloads leaves nothing; arriving again gives the same assignment.
 */
export async function prepare(
  server: string,
  studyId: string,
  arrival: ArriveRequest,
  onProgress: (p: PrepareProgress) => void,
): Promise<StudyRecord | { screenedOut: { code?: string; url?: string } }> {
  const id = localStudyId(studyId, arrival);
  const existing = await getStudy(id);
  if (existing?.participation) return existing;
  const { sessionToken, state } = await arrive(server, studyId, arrival);
  // The headphone check screened this participant out: their code, and nothing stored but the
  // session, so that coming back shows the code again (not consent and the check).
  if (state.status === "screened-out") {
    rememberScreenedOut(id, sessionToken);
    return { screenedOut: state.screenedOut ?? {} };
  }
  const stages = trialsOf(state);
  const sides = stages.flatMap(({ stage, trials }) =>
    trials.flatMap((trial) => ([1, 2] as const).map((side) => ({ stage, trial, side }))),
  );
  const total = state.clips.length + sides.length;
  let done = 0;
  onProgress({ done, total });
  const blobs: Blob[] = [];
  for (const clip of state.clips) {
    blobs.push(
      await api(server, "participantAudio", {
        params: { studyId, position: clip.position },
        token: sessionToken,
      }),
    );
    onProgress({ done: ++done, total });
  }
  // The trials' samples (the pre-test's first), each side by the order the participant meets it.
  const samples: { id: string; blob: Blob }[] = [];
  for (const { stage, trial, side } of sides) {
    samples.push({
      id: trialClipId(stage, trial.position, side),
      blob: await api(server, "trialAudio", {
        params: { studyId, stage, position: trial.position, side },
        token: sessionToken,
      }),
    });
    onProgress({ done: ++done, total });
  }
  const trials: NonNullable<Participation["trials"]> = {};
  for (const { stage, trials: list } of stages) trials[stage] = list.map(localTrial);
  const participation: Participation = {
    server,
    studyId,
    arrival,
    participantId: state.participantId,
    sessionToken,
    consentedAt: new Date().toISOString(),
    // A compare study's `done` holds its judged trials, not clips.
    acknowledged: state.trials ? [] : [...state.done],
    ...(state.completion ? { completion: state.completion } : {}),
    plays: playsOf(state.clips),
    ...(stages.length > 0
      ? {
          trials,
          judgments: [],
          judged: {
            ...(state.pretest ? { pretest: [...state.pretest.done] } : {}),
            ...(state.trials ? { main: [...state.done] } : {}),
          },
          ...(state.pretest?.finished ? { pretestPassed: true } : {}),
        }
      : {}),
  };
  await createStudy({
    id,
    name: state.study.name,
    requireRating: state.study.requireRating === true,
    extra: {
      ...(state.study.instructions ? { instructions: state.study.instructions } : {}),
      ...(state.study.ratingScale ? { ratingScale: state.study.ratingScale } : {}),
      ...(state.study.language ? { language: state.study.language } : {}),
      ...(state.study.participantTexts ? { participantTexts: state.study.participantTexts } : {}),
      ...(state.study.task ? { task: state.study.task } : {}),
      ...(state.study.maxPlays !== undefined
        ? { transcription: { maxPlays: state.study.maxPlays } }
        : {}),
      ...(state.study.comparison ? { comparison: state.study.comparison } : {}),
    },
    participation,
    samples,
    clips: state.clips.map((c, i) => ({
      clip: { id: clipIdAt(c.position), name: `Clip ${c.position}`, duration: c.duration },
      blob: blobs[i] as Blob,
    })),
  });
  await ensureAnnotator(id, state.participantId, "crowd");
  const stored = await getStudy(id);
  if (!stored) throw new Error("the study could not be stored in this browser");
  return stored;
}

/** A submission's client-made id: the same finished clip always gets the same id. */
export async function clientIdFor(
  participantId: string,
  position: number,
  completedAt: string,
): Promise<string> {
  const hex = await sha256Hex(
    new TextEncoder().encode(`${participantId}\n${position}\n${completedAt}`),
  );
  return hex.slice(0, 32);
}

/** What the server gets for one finished clip: its spans, rating, transcript, plays and time. */
export async function submissionRequest(
  localId: string,
  participation: Participation,
  submission: SubmissionRecord,
): Promise<SubmissionRequest> {
  const position = positionOf(submission.clipId);
  const completedAt = submission.completedAt ?? new Date(0).toISOString();
  const regions = await listRegions(localId, submission.clipId, participation.participantId);
  const request: SubmissionRequest = {
    clientId: await clientIdFor(participation.participantId, position, completedAt),
    position,
    spans: regions
      .map((r) => ({ start: r.start, end: r.end }))
      .sort((a, b) => a.start - b.start || a.end - b.end),
    heardToEnd: submission.heardToEnd === true,
    completedAt,
  };
  if (submission.score !== undefined) request.score = submission.score;
  if (submission.playCount !== undefined) request.playCount = submission.playCount;
  if (submission.seconds !== undefined) request.seconds = submission.seconds;
  if (submission.transcript !== undefined) request.transcript = submission.transcript;
  return request;
}

/** The finished clips the server does not have yet, in the order they were finished. */
export async function pendingSubmissions(localId: string): Promise<SubmissionRecord[]> {
  const study = await getStudy(localId);
  const p = study?.participation;
  if (!p) return [];
  const acked = new Set(p.acknowledged);
  const mine = await listSubmissions(localId, { annotatorId: p.participantId });
  return mine
    .filter((s) => !acked.has(positionOf(s.clipId)))
    .sort((a, b) => (a.completedAt ?? "").localeCompare(b.completedAt ?? ""));
}

/** Records the plays the server counted for the clip at `position` (what it last said). */
export function notePlays(localId: string, position: number, plays: number) {
  return updateParticipation(localId, (p) => ({
    ...p,
    plays: { ...p.plays, [String(position)]: plays },
  }));
}

/** Records what the server acknowledged (positions, and the completion once it gave one). */
export function acknowledge(
  localId: string,
  positions: readonly number[],
  completion: Participation["completion"] | undefined,
) {
  return updateParticipation(localId, (p) => ({
    ...p,
    acknowledged: [...new Set([...p.acknowledged, ...positions])].sort((a, b) => a - b),
    ...(completion ? { completion } : {}),
  }));
}

/** The stages a participant judges pairs in, in order: the pre-test first, then the main trials. */
function trialsOf(state: ParticipantState): { stage: TrialStage; trials: TrialState[] }[] {
  const out: { stage: TrialStage; trials: TrialState[] }[] = [];
  if (state.pretest && state.pretest.trials.length > 0)
    out.push({ stage: "pretest", trials: state.pretest.trials });
  if (state.trials) out.push({ stage: "main", trials: state.trials });
  return out;
}

/** What the local copy keeps of a trial: its position and its samples' lengths and bins. */
function localTrial(trial: TrialState): LocalTrial {
  const side = (s: TrialState["sides"][number]) => ({
    duration: s.duration,
    ...(s.bins ? { bins: [...s.bins] } : {}),
  });
  return { position: trial.position, sides: [side(trial.sides[0]), side(trial.sides[1])] };
}

/** What the participant answered of one trial: the judgment without its ids and time. */
export interface TrialAnswerBody {
  choice?: "1" | "2" | "same";
  score?: number;
  heardToEnd: boolean;
  seconds?: number;
}

/** A judgment's client-made id: the same answer always gets the same id. */
export async function judgmentClientId(
  participantId: string,
  stage: TrialStage,
  position: number,
  completedAt: string,
): Promise<string> {
  const hex = await sha256Hex(
    new TextEncoder().encode(`${participantId}\njudgment\n${stage}\n${position}\n${completedAt}`),
  );
  return hex.slice(0, 32);
}

/**
 * Keeps the answer to a trial in this browser (then the outbox sends it): one per stage and
 * position, the first kept (a second press while the first is stored changes nothing).
 */
export async function recordJudgment(
  localId: string,
  stage: TrialStage,
  position: number,
  answer: TrialAnswerBody,
): Promise<void> {
  const study = await getStudy(localId);
  const p = study?.participation;
  if (!p) throw new Error("this study's local copy is gone");
  const completedAt = new Date().toISOString();
  const judgment: LocalJudgment = {
    clientId: await judgmentClientId(p.participantId, stage, position, completedAt),
    stage,
    position,
    ...(answer.choice !== undefined ? { choice: answer.choice } : {}),
    ...(answer.score !== undefined ? { score: answer.score } : {}),
    heardToEnd: answer.heardToEnd,
    ...(answer.seconds !== undefined ? { seconds: answer.seconds } : {}),
    completedAt,
  };
  await updateParticipation(localId, (current) => {
    const mine = current.judgments ?? [];
    if (mine.some((j) => j.stage === stage && j.position === position)) return current;
    return { ...current, judgments: [...mine, judgment] };
  });
}

/** Whether the trial at `position` of `stage` is answered: here, or acknowledged by the server. */
export function isJudged(p: Participation, stage: TrialStage, position: number): boolean {
  return (
    (p.judged?.[stage] ?? []).includes(position) ||
    (p.judgments ?? []).some((j) => j.stage === stage && j.position === position)
  );
}

/** The judgments made here the server has not acknowledged, pre-test first, in the order made. */
export function pendingJudgments(p: Participation): LocalJudgment[] {
  const waiting = (p.judgments ?? []).filter(
    (j) => !(p.judged?.[j.stage] ?? []).includes(j.position),
  );
  return [
    ...waiting.filter((j) => j.stage === "pretest"),
    ...waiting.filter((j) => j.stage === "main"),
  ];
}

/**
 * Records what the server said of one stage: its judged positions, the completion once every
 * main trial is in, and the pre-test's outcome (passed: the participant goes on; screened out:
 * the study's code).
 */
export function noteJudged(
  localId: string,
  answer: Pick<
    JudgmentResponse,
    "stage" | "done" | "finished" | "completion" | "screenedOut" | "status"
  >,
) {
  return updateParticipation(localId, (p) => ({
    ...p,
    judged: {
      ...p.judged,
      [answer.stage]: [...new Set([...(p.judged?.[answer.stage] ?? []), ...answer.done])].sort(
        (a, b) => a - b,
      ),
    },
    ...(answer.completion ? { completion: answer.completion } : {}),
    ...(answer.status === "screened-out" ? { screenedOut: answer.screenedOut ?? {} } : {}),
    ...(answer.stage === "pretest" && answer.finished && answer.status !== "screened-out"
      ? { pretestPassed: true }
      : {}),
  }));
}
