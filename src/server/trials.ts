// Paired comparisons on the server (docs/server.md, "Paired comparisons and the pre-test"): a
// study's design as the server reads it from the published file (pairs[], study.comparison,
// study.qualification), a participant's trials as their screen sees them (sample 1 and 2,
// never a clip, a system, a pair id or which side is natural), each trial's audio and plays per
// side, and judgments, taken, converted and the pre-test scored by `take_judgment`
// (migration 14) in one call.
// Part of the collection server's services (service.ts re-exports them all).
import type { z } from "zod";
import type { JudgmentRequestSchema, PlayRequestSchema } from "../domain/api/requests.ts";
import type { AssignablePair, Side } from "../domain/collection/pairAssign.ts";
import type {
  CollectionSettings,
  ComparisonAbout,
  JudgmentResponse,
  PretestState,
  TrialPlayStarted,
  TrialStage,
  TrialState,
} from "../domain/collection/protocol.ts";
import { DEFAULT_PASS_ACCURACY } from "../domain/interchange/comparison.ts";
import type { AnnotationFile, ParticipantStatus } from "../domain/interchange/types.ts";
import { taskOf } from "../domain/tasks/index.ts";
import { type StoredAudio, servedAudio } from "./audio.ts";
import { ServiceError } from "./errors.ts";
import type { Sql, Store } from "./store.ts";
import { sha256 } from "./studies.ts";
import { currentStudy, lastStudy, noStudy, type StudyVersion, studyAt } from "./studyCache.ts";

/** The comparison and pre-test of a published study, as the server uses them. */
export interface PairDesign {
  /** A compare study's main pairs (every pair not in the qualification), in the file's order. */
  main: AssignablePair[];
  /** The qualification's pair ids (empty: no pre-test). */
  pretest: string[];
  /** Each pair's two clip ids (a view pair's: its one clip, on both sides). */
  clips: ReadonlyMap<string, { a: string; b: string }>;
  /** A pre-test pair's reference (natural) side. */
  reference: ReadonlyMap<string, Side>;
  /** What the participant is told of the scale (a compare study). */
  comparison: ComparisonAbout | null;
  /** The pre-test's pass accuracy, and whether failing it screens out. */
  passAccuracy: number;
  screenOut: boolean;
}

const designs = new WeakMap<AnnotationFile, PairDesign>();

/** The design of the study file (computed once per published version: the file is frozen). */
export function pairDesign(study: StudyVersion): PairDesign {
  const known = designs.get(study.file);
  if (known) return known;
  const { file } = study;
  const q = file.study.qualification;
  const pretest = q?.pairs ?? [];
  const inPretest = new Set(pretest);
  const clips = new Map<string, { a: string; b: string }>();
  const reference = new Map<string, Side>();
  const main: AssignablePair[] = [];
  const compare = taskOf(file.study) === "compare";
  for (const p of file.pairs ?? []) {
    // A view pair plays its one clip on both sides (each with its highlighted bins).
    const sides = p.clipId === undefined ? { a: p.a, b: p.b } : { a: p.clipId, b: p.clipId };
    clips.set(p.id, sides);
    if (inPretest.has(p.id)) {
      reference.set(p.id, study.index.get(p.a)?.isReference === true ? "a" : "b");
    } else if (compare) {
      main.push({ id: p.id, sentence: study.index.get(sides.a)?.sentence ?? sides.a });
    }
  }
  const c = file.study.comparison;
  const design: PairDesign = {
    main,
    pretest,
    clips,
    reference,
    comparison: compare
      ? {
          scale: c?.scale ?? "ab",
          allowSame: c?.allowSame ?? true,
          ...(c?.question?.trim() ? { question: c.question } : {}),
        }
      : null,
    passAccuracy: q?.passAccuracy ?? DEFAULT_PASS_ACCURACY,
    screenOut: q?.screenOut !== false,
  };
  designs.set(file, design);
  return design;
}

/** Whether participants of the study have trials (a compare study, or a pre-test). */
export function hasTrials(study: StudyVersion): boolean {
  const d = pairDesign(study);
  return d.comparison !== null || d.pretest.length > 0;
}

/** A trial row as the state reads it: stage, position, its pair, side first, plays, judged. */
type TrialRow = [
  stage: TrialStage,
  position: number,
  pairId: string,
  shownFirst: Side,
  plays1: number,
  plays2: number,
  judged: boolean,
];

/** The participant's trials, main and pre-test, as their screen is told them. */
export async function trialsOf(
  db: Sql,
  study: StudyVersion,
  studyId: string,
  participantId: string,
): Promise<{ trials?: TrialState[]; pretest?: PretestState; mainDone: number[] }> {
  const design = pairDesign(study);
  const [row] = await db.query<{ trials: TrialRow[] }>(
    `SELECT coalesce(json_agg(json_build_array(t.stage, t.position, t.pair_id, t.shown_first,
         (SELECT count(*) FROM trial_plays tp WHERE tp.study_id = t.study_id
           AND tp.participant_id = t.participant_id AND tp.stage = t.stage
           AND tp.position = t.position AND tp.side = 1),
         (SELECT count(*) FROM trial_plays tp WHERE tp.study_id = t.study_id
           AND tp.participant_id = t.participant_id AND tp.stage = t.stage
           AND tp.position = t.position AND tp.side = 2),
         EXISTS (SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
           AND j.participant_id = t.participant_id AND j.stage = t.stage
           AND j.position = t.position))
       ORDER BY t.stage, t.position), '[]') AS trials
     FROM trials t WHERE t.study_id = $1 AND t.participant_id = $2`,
    [studyId, participantId],
  );
  const rows = row?.trials ?? [];
  const duration = (pairId: string, side: Side) => {
    const pair = design.clips.get(pairId);
    return (pair && study.index.get(pair[side])?.duration) || 0;
  };
  const stateOf = ([, position, pairId, first, p1, p2]: TrialRow): TrialState => {
    const second: Side = first === "a" ? "b" : "a";
    const view = study.views[pairId];
    const bins = (side: Side) => (view ? { bins: view[side === "a" ? 0 : 1] } : {});
    return {
      position,
      sides: [
        { duration: duration(pairId, first), plays: Number(p1), ...bins(first) },
        { duration: duration(pairId, second), plays: Number(p2), ...bins(second) },
      ],
    };
  };
  const stage = (s: TrialStage) => rows.filter((r) => r[0] === s);
  const out: { trials?: TrialState[]; pretest?: PretestState; mainDone: number[] } = {
    mainDone: stage("main")
      .filter((r) => r[6])
      .map((r) => r[1]),
  };
  if (design.comparison !== null) out.trials = stage("main").map(stateOf);
  if (design.pretest.length > 0) {
    const pre = stage("pretest");
    const done = pre.filter((r) => r[6]).map((r) => r[1]);
    out.pretest = {
      trials: pre.map(stateOf),
      done,
      // None to answer (a participant who arrived before the study had a pre-test): finished.
      finished: done.length === pre.length,
    };
  }
  return out;
}

/** The audio of side 1 or 2 (the order met) of the participant's trial. */
export async function trialAudio(
  store: Store,
  studyId: string,
  participantId: string,
  stage: TrialStage,
  position: number,
  side: number,
) {
  const study = await currentStudy(store, studyId);
  const [trial] = await store.query<{ pair_id: string; shown_first: Side }>(
    `SELECT pair_id, shown_first FROM trials
     WHERE study_id = $1 AND participant_id = $2 AND stage = $3 AND position = $4`,
    [studyId, participantId, stage, position],
  );
  const pair = trial ? pairDesign(study).clips.get(trial.pair_id) : undefined;
  if (!trial || !pair) {
    throw new ServiceError(404, "no-audio", `no ${stage} trial ${position} of yours`);
  }
  const first = trial.shown_first;
  const clipId = side === 1 ? pair[first] : pair[first === "a" ? "b" : "a"];
  const [row] = await store.query<StoredAudio>(
    `SELECT au.mime, au.bytes, au.sha256, au.metadata_stripped FROM clips c
     JOIN audio au ON au.sha256 = c.audio_sha256 WHERE c.study_id = $1 AND c.clip_id = $2`,
    [studyId, clipId],
  );
  if (!row)
    throw new ServiceError(
      404,
      "no-audio",
      `no audio for sample ${side} of ${stage} trial ${position}`,
    );
  return servedAudio(store, row);
}

/** A session's token was needed and is missing. */
const noSession = () =>
  new ServiceError(401, "no-session", "this request needs the session token from arriving");

/** Calls `fn` with the study as this process last read it, again when the call says it moved. */
async function atVersion<T extends { outcome: string; study_version: number | null }>(
  store: Store,
  studyId: string,
  fn: (study: StudyVersion) => Promise<T | undefined>,
): Promise<T | undefined> {
  let study = lastStudy(store, studyId) ?? (await currentStudy(store, studyId));
  for (;;) {
    const taken = await fn(study);
    if (taken?.outcome !== "stale") return taken;
    if (taken.study_version === null) throw noStudy(studyId);
    study = await studyAt(store, store, studyId, taken.study_version);
  }
}

/** The refusals trial plays and judgments share. */
function refusal(outcome: string, stage: TrialStage, position: number): ServiceError | null {
  switch (outcome) {
    case "bad-session":
      return new ServiceError(401, "bad-session", "the session token is not valid for this study");
    case "not-assigned":
      return new ServiceError(
        404,
        "not-assigned",
        `position: ${stage} trial ${position} is not one of yours`,
      );
    case "screened-out":
      return new ServiceError(
        409,
        "screened-out",
        "you were screened out of this study: it takes no more answers from you",
      );
    case "returned":
      return new ServiceError(
        409,
        "returned",
        "you returned this study (or its time ran out): its trials went to other participants",
      );
    case "pretest-first":
      return new ServiceError(
        409,
        "pretest-first",
        "stage: the pre-test comes first; finish it (and pass it) before the main trials",
      );
    default:
      return null;
  }
}

/**
 * A play of one side of a trial is about to start: counted (idempotent per playId), or refused
 * (the trial judged, the pre-test unfinished for a main trial). A comparison limits no plays.
 */
export async function startTrialPlay(
  store: Store,
  studyId: string,
  token: string | undefined,
  where: { stage: TrialStage; position: number; side: number },
  body: z.output<typeof PlayRequestSchema>,
): Promise<TrialPlayStarted> {
  if (!token) throw noSession();
  const { stage, position, side } = where;
  const taken = await atVersion(store, studyId, async (study) => {
    const [row] = await store.query<{
      outcome: string;
      plays: number | null;
      study_version: number | null;
    }>("SELECT * FROM take_trial_play($1, $2, $3, $4, $5, $6, $7, $8)", [
      sha256(token),
      studyId,
      study.version,
      stage,
      position,
      side,
      body.playId,
      pairDesign(study).pretest.length > 0,
    ]);
    return row;
  });
  const outcome = taken?.outcome ?? "bad-session";
  const refused = refusal(outcome, stage, position);
  if (refused) throw refused;
  if (outcome === "finished") {
    throw new ServiceError(
      409,
      "already-judged",
      `${stage} trial ${position} was already judged (in this browser or another)`,
    );
  }
  return { playId: body.playId, plays: taken?.plays ?? 0, maxPlays: null, left: null };
}

/** What `take_judgment` (migration 14) answers. */
interface TakenJudgment {
  outcome: string;
  participant_status: ParticipantStatus | null;
  done_positions: number[] | null;
  trial_count: number | null;
  study_settings: CollectionSettings | null;
  study_version: number | null;
}

/**
 * The study's own rules for a judgment, checked against the study as published (the contract's
 * schema checked its shape): a score only in a CCR study's main trials, a choice otherwise,
 * "same" only where the test offers no difference (never in the pre-test). Null when it keeps
 * them, else the refusal naming the field.
 */
export function judgmentProblem(
  design: PairDesign,
  j: z.output<typeof JudgmentRequestSchema>,
): string | null {
  if (j.stage === "main" && design.comparison === null)
    return "stage: this study has no main trials to judge (it is not a comparison)";
  if (j.stage === "pretest" && design.pretest.length === 0)
    return "stage: this study has no pre-test";
  const ccr = j.stage === "main" && design.comparison?.scale === "ccr";
  if (j.score !== undefined && !ccr) {
    return j.stage === "pretest"
      ? "score: the pre-test is answered with a choice (1 or 2), not a score"
      : "score: this study asks which sample is preferred (choice), not a score";
  }
  if (j.choice !== undefined && ccr)
    return "choice: this study asks for a score from -3 to 3 (CCR), not a choice";
  if (j.choice === "same") {
    if (j.stage === "pretest")
      return 'choice: the pre-test has no "same": choose sample 1 or sample 2';
    if (design.comparison?.allowSame === false)
      return 'choice: this study offers no "same": choose sample 1 or sample 2';
  }
  return null;
}

/**
 * Takes one judgment from the participant whose session `token` is: checked against the
 * study's rules, then one call to `take_judgment` (migration 14), which stores it converted to
 * the interchange judgment (or finds it: a retried clientId stores nothing and answers the
 * same), scores the pre-test on its last answer and completes the participant on their last
 * main trial.
 */
export async function judge(
  store: Store,
  studyId: string,
  token: string | undefined,
  body: z.output<typeof JudgmentRequestSchema>,
): Promise<JudgmentResponse> {
  if (!token) throw noSession();
  const { stage, position } = body;
  const taken = await atVersion(store, studyId, async (study) => {
    const design = pairDesign(study);
    const problem = judgmentProblem(design, body);
    if (problem !== null) throw new ServiceError(400, "bad-judgment", problem);
    if (!body.heardToEnd)
      throw new ServiceError(409, "not-heard", "heardToEnd: play both samples to the end first");
    const [row] = await store.query<TakenJudgment>(
      "SELECT * FROM take_judgment($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
      [
        sha256(token),
        studyId,
        study.version,
        stage,
        position,
        body.clientId,
        body.choice ?? null,
        body.score ?? null,
        body.heardToEnd,
        body.seconds ?? null,
        body.completedAt,
        design.passAccuracy,
        design.screenOut,
        design.pretest.length > 0,
      ],
    );
    return row;
  });
  const outcome = taken?.outcome ?? "bad-session";
  const refused = refusal(outcome, stage, position);
  if (refused) throw refused;
  switch (outcome) {
    case "client-reused":
      throw new ServiceError(
        409,
        "client-id-reused",
        "clientId: already used for another judgment; make a new one for each trial",
      );
    case "already-judged":
      throw new ServiceError(
        409,
        "already-judged",
        `position: ${stage} trial ${position} was already judged (in this browser or another)`,
      );
    case "unplayed":
      throw new ServiceError(
        409,
        "not-heard",
        "play both samples to the end first (a sample of this trial was never played)",
      );
  }
  const done = taken?.done_positions ?? [];
  const total = taken?.trial_count ?? 0;
  const status = taken?.participant_status ?? "started";
  const settings = taken?.study_settings;
  const answer: JudgmentResponse = {
    clientId: body.clientId,
    replay: outcome === "replay",
    stage,
    status,
    done,
    finished: total > 0 && done.length === total,
  };
  if (status === "completed" && settings) answer.completion = codes(settings, "completion");
  if (status === "screened-out" && settings) answer.screenedOut = codes(settings, "screenedOut");
  return answer;
}

/** The study's completion or screened-out code and address, those it has. */
export function codes(
  settings: CollectionSettings,
  which: "completion" | "screenedOut",
): { code?: string; url?: string } {
  const code = which === "completion" ? settings.completionCode : settings.screenedOutCode;
  const url = which === "completion" ? settings.completionUrl : settings.screenedOutUrl;
  return { ...(code ? { code } : {}), ...(url ? { url } : {}) };
}

/**
 * Refuses (409 `pretest-first`) a submission of a participant whose pre-test is not finished
 * and passed (a study of any task with a qualification): their clips come after it. A failed
 * pre-test that does not screen out (`screenOut: false`) lets them go on.
 */
export async function pretestGate(store: Sql, study: StudyVersion, studyId: string, token: string) {
  const design = pairDesign(study);
  if (design.pretest.length === 0) return;
  const [row] = await store.query<{ open: number; passed: boolean | null }>(
    `SELECT (SELECT count(*)::int FROM trials t WHERE t.study_id = s.study_id
         AND t.participant_id = s.participant_id AND t.stage = 'pretest' AND NOT EXISTS (
           SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
           AND j.participant_id = t.participant_id AND j.stage = t.stage
           AND j.position = t.position)) AS open,
       (SELECT (x.e->>'passed')::boolean FROM participants p,
          jsonb_array_elements(coalesce(p.screening, '[]'::jsonb)) AS x(e)
        WHERE p.study_id = s.study_id AND p.id = s.participant_id
          AND x.e->>'test' = 'natural-pairs' LIMIT 1) AS passed
     FROM sessions s WHERE s.token_sha256 = $1 AND s.study_id = $2`,
    [sha256(token), studyId],
  );
  // No session: take_submission says so.
  if (!row) return;
  if (row.open > 0 || (row.passed === false && design.screenOut)) {
    throw new ServiceError(
      409,
      "pretest-first",
      "the pre-test comes first: finish it (and pass it) before the clips",
    );
  }
}
