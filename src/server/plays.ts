// A participant's plays of a clip in a study with a play limit (a transcribe study's plays per
// clip), counted here as they start: the page plays only once the server answered, so the
// limit holds across a reload and a second browser, and the stored playCount is this count
// (submissions.ts). A retried request (the same playId) counts nothing more.
// Part of the collection server's services (service.ts re-exports them all).
import type { z } from "zod";
import type { PlayRequestSchema } from "../domain/api/requests.ts";
import type { PlayStarted } from "../domain/collection/protocol.ts";
import { playLimitOf } from "../domain/collection/submissionRules.ts";
import { ServiceError } from "./errors.ts";
import type { Store } from "./store.ts";
import { sha256 } from "./studies.ts";
import { currentStudy, lastStudy, noStudy, studyAt } from "./studyCache.ts";

/** What `take_play` (migration 11) answers. */
interface Taken {
  outcome:
    | "stale"
    | "bad-session"
    | "not-assigned"
    | "finished"
    | "returned"
    | "spent"
    | "replay"
    | "started";
  plays: number | null;
  /** The study's version now ('stale': not the one the limit was read from). */
  study_version: number | null;
}

/**
 * One play of the clip at `position` is about to start: counted and allowed, or refused (409
 * `no-plays-left` when they are spent, `already-submitted` when the clip was finished, in
 * another browser too). One call to `take_play`, a transaction of its own holding the
 * participant's row, as a submission does, so plays and submissions are counted in turn.
 */
export async function startPlay(
  store: Store,
  studyId: string,
  token: string | undefined,
  position: number,
  body: z.output<typeof PlayRequestSchema>,
): Promise<PlayStarted> {
  if (!token)
    throw new ServiceError(401, "no-session", "this request needs the session token from arriving");
  // The study as this process last read it (no round trip); the call says when it moved on.
  let study = lastStudy(store, studyId) ?? (await currentStudy(store, studyId));
  let taken: Taken | undefined;
  let maxPlays: number | null;
  for (;;) {
    maxPlays = playLimitOf(study.file.study);
    if (maxPlays === null) {
      throw new ServiceError(
        409,
        "no-play-limit",
        "this study has no play limit: its clips are played without asking the server",
      );
    }
    [taken] = await store.query<Taken>("SELECT * FROM take_play($1, $2, $3, $4, $5, $6)", [
      sha256(token),
      studyId,
      study.version,
      position,
      body.playId,
      maxPlays,
    ]);
    if (taken?.outcome !== "stale") break;
    if (taken.study_version === null) throw noStudy(studyId);
    study = await studyAt(store, store, studyId, taken.study_version);
  }
  const plays = taken?.plays ?? 0;
  switch (taken?.outcome) {
    case undefined:
    case "bad-session":
      throw new ServiceError(401, "bad-session", "the session token is not valid for this study");
    case "not-assigned":
      throw new ServiceError(403, "not-assigned", `clip ${position} is not one of your clips`);
    case "returned":
      throw new ServiceError(
        403,
        "returned",
        "you returned this study (or its time ran out): its clips went to other participants",
      );
    case "finished":
      throw new ServiceError(
        409,
        "already-submitted",
        `clip ${position} was already finished (in this browser or another)`,
      );
    case "spent":
      throw new ServiceError(
        409,
        "no-plays-left",
        `clip ${position} was played ${plays} ${plays === 1 ? "time" : "times"}: this study allows ${maxPlays}`,
      );
    case "replay":
    case "started":
      return { playId: body.playId, plays, maxPlays, left: Math.max(0, maxPlays - plays) };
  }
}
