// New participants joining a study: their clips chosen and everything written in one
// transaction that holds the study's row lock, in batches: those whose requests came in
// together, or while a batch is being written, join together in the next (one lock, one
// commit, one flush of the log for all), as a study's launch on Prolific brings hundreds at
// once. Each is assigned as if alone,
// one after another: the counts move with every participant of the batch.
// Part of the collection server's services (arrival.ts uses it).
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { ArriveRequestSchema } from "../domain/api/requests.ts";
import { armsOf, nextArm } from "../domain/collection/arms.ts";
import { assignClips } from "../domain/collection/assign.ts";
import {
  type AssignedTrial,
  assignPairs,
  assignPretest,
  type PairCount,
} from "../domain/collection/pairAssign.ts";
import type { ParticipantStatus, ScreeningResult } from "../domain/interchange/types.ts";
import { ServiceError } from "./errors.ts";
import { perStore, type Sql, type Store } from "./store.ts";
import { sha256 } from "./studies.ts";
import { noStudy, type StudyVersion } from "./studyCache.ts";
import { pairDesign } from "./trials.ts";

export type ArriveRequest = z.output<typeof ArriveRequestSchema>;

/** What the study asks of a new participant before any clip: intake answers, headphone check. */
export interface Admission {
  profile: Record<string, unknown> | null;
  screening: ScreeningResult[] | null;
}

/** A new participant, checked, waiting to join. */
export interface Joiner {
  /** The study as their checks read it; they join only if it is still at this version. */
  study: StudyVersion;
  request: ArriveRequest;
  admission: Admission;
  /** Their session token (stored hashed). */
  token: string;
  /** Minutes without a sign of life before a participant's unfinished clips go to others. */
  slotTimeoutMinutes: number;
}

/** A participant who joined; null: they must arrive again from the start (see `joinStudy`). */
export type Joined = {
  id: string;
  status: ParticipantStatus;
  clips: string[];
  /** Their instruction arm (`profile.arm`), in a study with arms. */
  arm: string | null;
} | null;

/** Participants joined in one transaction at most (the study's lock is held for them all). */
const MAX_BATCH = 64;

interface Waiting extends Joiner {
  settle(joined: Joined): void;
  fail(error: unknown): void;
}

/** The joiners waiting, per store and study; present while a batch is being written. */
const queuesOf = perStore<Waiting[]>();

/**
 * The participant joins the study. Null when, meanwhile, the study was published again (their
 * checks read an older version) or their platform id arrived (from another request, another
 * server process, or in the same batch): arriving again from the start finds them. A study
 * with no clip left for them refuses with 409 `study-full`.
 */
export function joinStudy(store: Store, studyId: string, joiner: Joiner): Promise<Joined> {
  const waiting = queuesOf(store);
  return new Promise<Joined>((settle, fail) => {
    const queue = waiting.get(studyId);
    if (queue) {
      queue.push({ ...joiner, settle, fail });
      return;
    }
    waiting.set(studyId, [{ ...joiner, settle, fail }]);
    // The batch begins once the requests already received have had their turn of the event
    // loop (setImmediate runs after the sockets' callbacks). On PGlite a query runs within the
    // caller's own turn, so without this an arrival's checks and its join ran start to finish
    // before the next request was even read: every arrival of a launch a transaction of its
    // own, one after another.
    setImmediate(() => void drain(store, studyId, waiting));
  });
}

/** Writes batches while joiners wait: each batch those of one version, in their order. */
async function drain(store: Store, studyId: string, waiting: Map<string, Waiting[]>) {
  const queue = waiting.get(studyId) as Waiting[];
  while (queue.length > 0) {
    const version = (queue[0] as Waiting).study.version;
    const batch: Waiting[] = [];
    for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
      if ((queue[i] as Waiting).study.version === version) batch.push(...queue.splice(i, 1));
      else i++;
    }
    try {
      const results = await store.transaction((tx) => joinBatch(tx, studyId, batch));
      for (const [i, w] of batch.entries()) {
        const result = results[i] ?? null;
        if (result instanceof ServiceError) w.fail(result);
        else w.settle(result);
      }
    } catch (error) {
      for (const w of batch) w.fail(error);
    }
  }
  waiting.delete(studyId);
}

/**
 * One batch, under the study's row lock (migration 9): the counts read, then each joiner's
 * clips chosen (src/domain/collection/assign.ts) with the counts as the joiners before them
 * left them, and everything written in one call.
 */
async function joinBatch(
  tx: Sql,
  studyId: string,
  batch: readonly Waiting[],
): Promise<(Joined | ServiceError)[]> {
  const first = batch[0] as Waiting;
  const { study } = first;
  const [counts] = await tx.query<{
    study_version: number;
    known: number[] | null;
    participant_count: number | null;
    clip_counts: Record<string, number> | null;
  }>("SELECT * FROM arrival_counts($1, $2, $3, $4, $5)", [
    studyId,
    study.version,
    batch.map((w) => w.request.platform),
    batch.map((w) => w.request.participantId),
    first.slotTimeoutMinutes,
  ]);
  if (!counts) throw noStudy(studyId);
  if (counts.study_version !== study.version || counts.participant_count === null)
    return batch.map(() => null);
  // The instruction arms' arrivals so far, read under the study's lock like the clips' counts:
  // each participant admitted is given the arm with the fewest (domain/collection/arms.ts).
  const arms = armsOf(study.file.study);
  const armCounts = new Map<string, number>();
  if (arms.length > 0) {
    const rows = await tx.query<{ arm: string; n: number }>(
      `SELECT profile->>'arm' AS arm, count(*)::int AS n FROM participants
       WHERE study_id = $1 AND profile ? 'arm' GROUP BY 1`,
      [studyId],
    );
    for (const { arm, n } of rows) armCounts.set(arm, n);
  }
  // A compare study's pairs: their main trials that count (not released), read under the
  // lock like the clips' counts, for the assignment (domain/collection/pairAssign.ts).
  const design = pairDesign(study);
  const reserved = new Set(study.file.annotators.map((a) => a.id));
  const compare = design.comparison !== null;
  const pairTally = new Map<string, PairCount>();
  if (compare) {
    const rows = await tx.query<{ pair_id: string; n: number; a_first: number }>(
      `SELECT pair_id, count(*)::int AS n, count(*) FILTER (WHERE shown_first = 'a')::int AS a_first
       FROM trials WHERE study_id = $1 AND stage = 'main' AND NOT released GROUP BY pair_id`,
      [studyId],
    );
    for (const r of rows) pairTally.set(r.pair_id, { n: r.n, aFirst: r.a_first });
  }
  const trialRows: object[] = [];
  const known = new Set(counts.known ?? []);
  const tally = new Map(Object.entries(counts.clip_counts ?? {}));
  const { settings } = study;
  let n = counts.participant_count;
  const seen = new Set<string>();
  const people: object[] = [];
  const results = batch.map((w, i): Joined | ServiceError => {
    const { platform, participantId: pid } = w.request;
    const key = JSON.stringify([platform, pid]);
    if (known.has(i + 1) || seen.has(key)) return null;
    seen.add(key);
    const { screening } = w.admission;
    const screenedOut = screening?.[0]?.passed === false;
    let { profile } = w.admission;
    const seed = `${platform}:${pid}`;
    const chosen =
      screenedOut || compare
        ? []
        : assignClips(study.clips, tally, {
            clipsPerParticipant: settings.clipsPerParticipant,
            ratingsPerClip: settings.ratingsPerClip,
            participantIndex: n,
            seed,
          });
    const main: AssignedTrial[] =
      screenedOut || !compare
        ? []
        : assignPairs(design.main, pairTally, {
            trialsPerParticipant: settings.clipsPerParticipant,
            judgmentsPerPair: settings.ratingsPerClip,
            participantIndex: n,
            seed,
          });
    if ((compare ? main.length : chosen.length) === 0 && !screenedOut) {
      return new ServiceError(
        409,
        "study-full",
        `study "${study.file.study.name}" has all the participants it needs; please return it on your platform`,
      );
    }
    // Never the id of an annotator the study file carries (a view-pair study's crowd).
    let id: string;
    do id = `p${String(n + 1).padStart(4, "0")}-${randomBytes(3).toString("hex")}`;
    while (reserved.has(id));
    const status: ParticipantStatus = screenedOut ? "screened-out" : "started";
    n++;
    for (const clipId of chosen) tally.set(clipId, (tally.get(clipId) ?? 0) + 1);
    for (const t of main) {
      const c = pairTally.get(t.pairId) ?? { n: 0, aFirst: 0 };
      pairTally.set(t.pairId, { n: c.n + 1, aFirst: c.aFirst + (t.shownFirst === "a" ? 1 : 0) });
    }
    const pretest = screenedOut ? [] : assignPretest(design.pretest, seed);
    for (const [stage, list] of [
      ["pretest", pretest],
      ["main", main],
    ] as const) {
      list.forEach((t, i) => {
        trialRows.push({
          participant: id,
          stage,
          position: i + 1,
          pair: t.pairId,
          first: t.shownFirst,
          reference: stage === "pretest" ? (design.reference.get(t.pairId) ?? null) : null,
        });
      });
    }
    const arm = screenedOut ? null : nextArm(arms, armCounts);
    if (arm !== null) {
      profile = { ...profile, arm };
      armCounts.set(arm, (armCounts.get(arm) ?? 0) + 1);
    }
    people.push({
      id,
      platform,
      participant: pid,
      platform_study: w.request.platformStudyId ?? null,
      platform_session: w.request.sessionId ?? null,
      profile,
      screening,
      status,
      token: sha256(w.token),
      clips: chosen,
    });
    return { id, status, clips: chosen, arm };
  });
  if (people.length > 0)
    await tx.query("SELECT arrival_join($1, $2)", [studyId, JSON.stringify(people)]);
  // Their trials (migration 14), in the same transaction: only a study with pairs has any.
  if (trialRows.length > 0) {
    await tx.query(
      `INSERT INTO trials (study_id, participant_id, stage, position, pair_id, shown_first, reference)
       SELECT $1, x.participant, x.stage, x.position, x.pair, x.first, x.reference
       FROM jsonb_to_recordset($2::jsonb) AS x(participant text, stage text, position integer,
         pair text, first text, reference text)`,
      [studyId, JSON.stringify(trialRows)],
    );
  }
  return results;
}
