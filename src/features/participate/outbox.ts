// Sends a participant's finished clips and answered trials (pairs: the pre-test's and a
// compare study's) to the collection server, each with its client-made id (participation.ts),
// so sending one again never stores it twice. The finished clips are
// already in this browser's database: the outbox is "finished here, not acknowledged there",
// read afresh on every run, so a reload or a crash loses nothing and resumes sending. Retries
// and what it says are the Sender's (sender.ts). A session token the server no longer knows
// is replaced by arriving again (same platform id: same participant). A clip the server
// refuses because it was finished in another browser first is noted (`notTaken`), and the
// page tells the participant.

import { getStudy, type Participation, updateParticipation } from "../../db/repo.ts";
import type { ParticipantState } from "../../domain/collection/protocol.ts";
import { ApiError, api } from "../../lib/collectionApi.ts";
import {
  acknowledge,
  arrive,
  noteJudged,
  pendingJudgments,
  pendingSubmissions,
  playsOf,
  positionOf,
  submissionRequest,
} from "./participation.ts";
import { Sender } from "./sender.ts";

export { backoffMs, type OutboxStatus } from "./sender.ts";

export class Outbox extends Sender {
  constructor(localId: string) {
    let synced = false;
    const participation = async (): Promise<Participation> => {
      const p = (await getStudy(localId))?.participation;
      if (!p) throw new Error("this study's local copy is gone");
      return p;
    };
    /**
     * What the server says it has: acknowledged clips (a compare study: judged trials), the
     * pre-test's answers and outcome, the completion, the plays counted.
     */
    const adopt = async (state: ParticipantState) => {
      if (state.pretest) {
        await noteJudged(localId, {
          stage: "pretest",
          done: state.pretest.done,
          finished: state.pretest.finished,
          status: state.status,
          ...(state.screenedOut ? { screenedOut: state.screenedOut } : {}),
        });
      }
      if (state.trials) {
        await noteJudged(localId, {
          stage: "main",
          done: state.done,
          finished: state.done.length >= state.trials.length,
          status: state.status,
          ...(state.completion ? { completion: state.completion } : {}),
        });
      } else await acknowledge(localId, state.done, state.completion);
      // Screened out by the pre-test (its answers sent from another page or browser).
      if (state.status === "screened-out") {
        await updateParticipation(localId, (p) => ({
          ...p,
          screenedOut: state.screenedOut ?? p.screenedOut ?? {},
        }));
      }
      const plays = playsOf(state.clips);
      if (Object.keys(plays).length > 0)
        await updateParticipation(localId, (p) => ({ ...p, plays: { ...p.plays, ...plays } }));
    };
    /** Runs `fn` with the session; once more with a new one when the server forgot it. */
    const withSession = async <T>(fn: (p: Participation) => Promise<T>): Promise<T> => {
      const p = await participation();
      try {
        return await fn(p);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) throw e;
        const { sessionToken, state } = await arrive(p.server, p.studyId, p.arrival);
        await updateParticipation(localId, (current) => ({ ...current, sessionToken }));
        await adopt(state);
        return fn(await participation());
      }
    };
    super(
      async (sending) => {
        // Read before the server's state is adopted: a clip finished here that the server has
        // already is sent all the same, so that a lost answer comes back as a replay and a clip
        // another browser finished first is told (already-submitted), never dropped unsaid.
        const pending = await pendingSubmissions(localId);
        const answers = pendingJudgments(await participation());
        if (!synced) {
          // Once per page: what the server already has (another browser, an earlier page).
          await adopt(
            await withSession((p) =>
              api(p.server, "state", { params: { studyId: p.studyId }, token: p.sessionToken }),
            ),
          );
          synced = true;
        }
        // The pre-test's answers first (the main task waits for its outcome), then the clips
        // and the main trials' answers, each in the order made.
        const waiting = () => pending.length + answers.length;
        let sent = 0;
        const send = async (judgment: (typeof answers)[number]) => {
          sending(waiting() - sent++);
          const response = await withSession((p) =>
            api(p.server, "judge", {
              params: { studyId: p.studyId },
              token: p.sessionToken,
              body: judgment,
            }),
          ).catch((e: unknown) => {
            // Answered in another browser first: the server keeps that answer.
            if (e instanceof ApiError && /^already-/.test(e.code)) return null;
            throw e;
          });
          await noteJudged(
            localId,
            response ?? {
              stage: judgment.stage,
              done: [judgment.position],
              finished: false,
              status: "started",
            },
          );
        };
        for (const judgment of answers) if (judgment.stage === "pretest") await send(judgment);
        for (const submission of pending) {
          sending(waiting() - sent++);
          const response = await withSession(async (p) =>
            api(p.server, "submit", {
              params: { studyId: p.studyId },
              token: p.sessionToken,
              body: await submissionRequest(localId, p, submission),
            }),
          ).catch((e: unknown) => {
            // The server has this clip already: finished in another browser first (its answer
            // is the one kept), or an earlier send of another version of it from here.
            if (e instanceof ApiError && e.code === "already-submitted") return null;
            throw e;
          });
          if (!response) {
            const position = positionOf(submission.clipId);
            await updateParticipation(localId, (p) => ({
              ...p,
              notTaken: [...new Set([...(p.notTaken ?? []), position])].sort((a, b) => a - b),
            }));
          }
          await acknowledge(
            localId,
            response ? response.progress.done : [positionOf(submission.clipId)],
            response?.progress.completion,
          );
        }
        for (const judgment of answers) if (judgment.stage === "main") await send(judgment);
      },
      async () => {
        const p = (await getStudy(localId))?.participation;
        return (await pendingSubmissions(localId)).length + (p ? pendingJudgments(p).length : 0);
      },
    );
  }
}
