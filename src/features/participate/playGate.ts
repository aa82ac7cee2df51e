// The plays of a study with a play limit (a transcribe study's plays per clip), asked of the
// collection server as each starts (docs/server.md, "Plays"): the clip plays only once the
// server counted it, so the limit holds across a reload and a second browser. A request whose
// answer never came is sent again with the same play id, so the server counts it once.
import { getStudy, updateParticipation } from "../../db/repo.ts";
import type { TrialStage } from "../../domain/collection/protocol.ts";
import { playLimitOf } from "../../domain/collection/submissionRules.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ApiError, api } from "../../lib/collectionApi.ts";
import type { PlayAnswer } from "../annotate/index.ts";
import { acknowledge, arrive, noteJudged, notePlays, positionOf } from "./participation.ts";

/** A play id the server takes (CLIENT_ID_PATTERN): 32 random hex digits. */
function newPlayId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

export class PlayGate {
  /** Per clip, the play id whose answer did not come (sent again on the next press). */
  private readonly unanswered = new Map<string, string>();

  constructor(private readonly localId: string) {}

  async request(clipId: string): Promise<PlayAnswer> {
    const position = positionOf(clipId);
    const playId = this.unanswered.get(clipId) ?? newPlayId();
    this.unanswered.set(clipId, playId);
    try {
      const started = await this.call(position, playId);
      this.unanswered.delete(clipId);
      await notePlays(this.localId, position, started.plays);
      return { ok: true, left: started.left };
    } catch (e) {
      if (e instanceof ApiError && e.retryable) return { ok: false, reason: "offline" };
      this.unanswered.delete(clipId);
      if (e instanceof ApiError && e.code === "no-plays-left") {
        // Spent in another browser: this one says so from now on.
        const study = await getStudy(this.localId);
        const limit = study ? playLimitOf(study.extra) : null;
        if (limit !== null) await notePlays(this.localId, position, limit);
        return { ok: false, reason: "spent" };
      }
      if (e instanceof ApiError && e.code === "already-submitted") {
        // Finished in another browser: the server keeps that answer; the screen moves on and
        // the participant is told (notTaken).
        await updateParticipation(this.localId, (p) => ({
          ...p,
          notTaken: [...new Set([...(p.notTaken ?? []), position])].sort((a, b) => a - b),
        }));
        await acknowledge(this.localId, [position], undefined);
        return { ok: false, reason: "finished" };
      }
      return { ok: false, reason: "refused", message: errorMessage(e) };
    }
  }

  /** The play asked for; once more with a new session when the server forgot this one. */
  private async call(position: number, playId: string) {
    const p = (await getStudy(this.localId))?.participation;
    if (!p) throw new Error("this study's local copy is gone");
    const ask = (token: string) =>
      api(p.server, "startPlay", {
        params: { studyId: p.studyId, position },
        token,
        body: { playId },
      });
    try {
      return await ask(p.sessionToken);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) throw e;
      const { sessionToken } = await arrive(p.server, p.studyId, p.arrival);
      await updateParticipation(this.localId, (current) => ({ ...current, sessionToken }));
      return ask(sessionToken);
    }
  }
}

/**
 * The plays of a trial's samples (a pre-test's or a compare study's pairs): each asked of the
 * server as it starts (it counts them per side, for the judgment's play counts), so a sample
 * plays only once counted. A comparison limits no plays. A request whose answer never came is
 * sent again with the same play id, so the server counts it once.
 */
export class TrialPlayGate {
  private readonly unanswered = new Map<string, string>();

  constructor(private readonly localId: string) {}

  async request(stage: TrialStage, position: number, side: 1 | 2): Promise<PlayAnswer> {
    const key = `${stage}/${position}/${side}`;
    const playId = this.unanswered.get(key) ?? newPlayId();
    this.unanswered.set(key, playId);
    try {
      const p = (await getStudy(this.localId))?.participation;
      if (!p) throw new Error("this study's local copy is gone");
      const ask = (token: string) =>
        api(p.server, "startTrialPlay", {
          params: { studyId: p.studyId, stage, position, side },
          token,
          body: { playId },
        });
      try {
        await ask(p.sessionToken);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) throw e;
        const { sessionToken } = await arrive(p.server, p.studyId, p.arrival);
        await updateParticipation(this.localId, (current) => ({ ...current, sessionToken }));
        await ask(sessionToken);
      }
      this.unanswered.delete(key);
      // No limit: as many plays left as the participant wants.
      return { ok: true, left: Number.POSITIVE_INFINITY };
    } catch (e) {
      if (e instanceof ApiError && e.retryable) return { ok: false, reason: "offline" };
      this.unanswered.delete(key);
      if (e instanceof ApiError && e.code === "already-judged") {
        // Answered in another browser: the server keeps that answer; the next trial opens.
        await noteJudged(this.localId, {
          stage,
          done: [position],
          finished: false,
          status: "started",
        });
        return { ok: false, reason: "finished" };
      }
      return { ok: false, reason: "refused", message: errorMessage(e) };
    }
  }
}
