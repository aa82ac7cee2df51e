// The headphone check, decided by the server (issue 18, item 4). Which of the three sounds is
// the odd one in each round comes from an HMAC of the participant's study, platform and id
// under a secret only the server holds (stored in its database, so every server process on
// one PostgreSQL agrees); the server renders the sounds itself and sends them one by one as
// WAV files, the page sends back the choices, and the server counts them. Nothing a page
// receives before answering names the answer, and the public ids alone do not give it.
//
// The sounds go only to a started check (issue 37, item 8): starting it (`POST …/screening`,
// counted against the per-address arrival limit as an arrival is) gives a session token bound to
// that participant of that study, and every sound is asked with it. A round's three sounds are
// rendered once, on the first request for any of them, and kept (ScreeningSounds): the other
// two, a reload and a retry cost no rendering.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ScreeningSessionRequestSchema } from "../domain/api/requests.ts";
import { encodeWavStereo } from "../domain/clips/wav.ts";
import { antiphaseTrial, hugginsTrial } from "../domain/collection/headphoneCheck.ts";
import {
  type ScreeningConfig,
  screeningOf,
  screeningPassed,
} from "../domain/collection/screening.ts";
import type { AnnotationFile, ScreeningResult } from "../domain/interchange/types.ts";
import { ServiceError, valid } from "./errors.ts";
import type { Sql } from "./store.ts";

/** The rate the server renders the check's sounds at (the page's audio resamples them). */
export const SCREENING_SAMPLE_RATE = 24_000;

/** The secret once read, per store: it never changes once it is in the database. */
const secrets = new WeakMap<object, string>();

/**
 * The server's screening secret: made once, kept in the database (every server process on one
 * PostgreSQL reads the same), and in memory after the first read. Each statement commits on
 * its own (`store` is not a transaction), so what is remembered is what the database keeps.
 */
export async function screeningSecret(store: Sql): Promise<string> {
  const known = secrets.get(store);
  if (known !== undefined) return known;
  await store.query(
    "INSERT INTO settings (key, value) VALUES ('screening_secret', $1) ON CONFLICT (key) DO NOTHING",
    [randomBytes(32).toString("hex")],
  );
  // A statement of its own: it sees the secret another process's insert just committed.
  const [row] = await store.query<{ value: string }>(
    "SELECT value FROM settings WHERE key = 'screening_secret'",
  );
  if (!row) throw new Error("no screening secret");
  secrets.set(store, row.value);
  return row.value;
}

const mac = (secret: string, parts: readonly (string | number)[]) =>
  createHmac("sha256", secret).update(JSON.stringify(parts)).digest();

/** Which sound (0, 1, 2) is the odd one in each round, for this participant. */
export function screeningTargets(
  secret: string,
  who: { studyId: string; platform: string; participantId: string },
  trials: number,
): number[] {
  return Array.from(
    { length: trials },
    (_, round) =>
      mac(secret, ["target", who.studyId, who.platform, who.participantId, round]).readUInt32BE(0) %
      3,
  );
}

/** The check's score and pass, from the choices the page sent. */
export function scoreScreening(
  config: ScreeningConfig,
  targets: readonly number[],
  choices: readonly number[],
): ScreeningResult {
  if (config.test === "off") throw new Error("no screening");
  const correct = choices.filter((c, i) => c === targets[i]).length;
  return {
    test: config.test,
    trials: config.trials,
    correct,
    passed: screeningPassed(config, correct),
  };
}

/** The participant a headphone check's session belongs to. */
export interface ScreeningWho {
  platform: "prolific" | "link";
  participantId: string;
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");

/** The session's signature: the study and the participant under the server's secret. */
const sessionMac = (secret: string, studyId: string, who: ScreeningWho) =>
  mac(secret, ["screening-session", studyId, who.platform, who.participantId]);

/**
 * Starts a participant's check: the token its sounds are asked with. It names the participant
 * and is signed with the server's secret (every server process on the database accepts it; it
 * is worth nothing for another study or another participant).
 */
export async function startScreening(
  store: Sql,
  studyId: string,
  file: AnnotationFile,
  body: unknown,
): Promise<{ screeningToken: string }> {
  const who = valid(ScreeningSessionRequestSchema, body, "bad-screening");
  if (screeningOf(file.study).test === "off") {
    throw new ServiceError(404, "no-screening", "this study has no headphone check");
  }
  const signature = sessionMac(await screeningSecret(store), studyId, who).toString("base64url");
  return {
    screeningToken: `${b64(JSON.stringify([who.platform, who.participantId]))}.${signature}`,
  };
}

/** The participant whose check `token` opens in this study; a 401 for anything else. */
export async function screeningSession(
  store: Sql,
  studyId: string,
  token: string | undefined,
): Promise<ScreeningWho> {
  if (!token) {
    throw new ServiceError(
      401,
      "no-session",
      "the headphone check's sounds need the token from starting it (POST …/screening)",
    );
  }
  const bad = new ServiceError(401, "bad-session", "the token is not this study's headphone check");
  const [payload = "", signature = ""] = token.split(".");
  let who: ScreeningWho;
  try {
    const [platform, participantId] = JSON.parse(
      Buffer.from(payload, "base64url").toString("utf8"),
    ) as unknown[];
    const checked = ScreeningSessionRequestSchema.safeParse({ platform, participantId });
    if (!checked.success) throw bad;
    who = checked.data;
  } catch {
    throw bad;
  }
  const expected = sessionMac(await screeningSecret(store), studyId, who);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad;
  return who;
}

/**
 * Each round's three sounds, rendered once and kept, most recently used last; at most `limit`
 * bytes of them (a round of Huggins noise at 24 kHz is about 0.4 MB). `renders` counts the
 * rounds rendered, `hits` the sounds answered from what was kept.
 */
export class ScreeningSounds {
  private readonly rounds = new Map<string, Uint8Array[]>();
  private bytes = 0;
  renders = 0;
  hits = 0;

  constructor(private readonly limit = 48 * 1024 * 1024) {}

  get(key: string, render: () => Uint8Array[]): Uint8Array[] {
    const kept = this.rounds.get(key);
    if (kept) {
      this.hits++;
      this.rounds.delete(key);
      this.rounds.set(key, kept);
      return kept;
    }
    const made = render();
    this.renders++;
    this.rounds.set(key, made);
    this.bytes += made.reduce((n, b) => n + b.length, 0);
    for (const [oldest, sounds] of this.rounds) {
      if (this.bytes <= this.limit || oldest === key) break;
      this.rounds.delete(oldest);
      this.bytes -= sounds.reduce((n, b) => n + b.length, 0);
    }
    return made;
  }
}

/** The rounds kept, per store (its secret decides the sounds). */
const kept = new WeakMap<object, ScreeningSounds>();

/** The sounds this server keeps for `store`'s checks. */
export function screeningSounds(store: Sql): ScreeningSounds {
  let sounds = kept.get(store);
  if (!sounds) {
    sounds = new ScreeningSounds();
    kept.set(store, sounds);
  }
  return sounds;
}

/** One sound of one round of a participant's check (`who`, from its session), as a WAV file. */
export async function screeningSound(
  store: Sql,
  studyId: string,
  file: AnnotationFile,
  who: ScreeningWho,
  round: number,
  sound: number,
): Promise<Uint8Array> {
  const config = screeningOf(file.study);
  if (config.test === "off") {
    throw new ServiceError(404, "no-screening", "this study has no headphone check");
  }
  if (round >= config.trials || sound > 2) {
    throw new ServiceError(
      404,
      "no-screening",
      `the check has rounds 0–${config.trials - 1} and sounds 0–2`,
    );
  }
  const secret = await screeningSecret(store);
  const key = JSON.stringify([config.test, studyId, who.platform, who.participantId, round]);
  const three = screeningSounds(store).get(key, () => {
    const [target] = screeningTargets(secret, { studyId, ...who }, round + 1).slice(round);
    const seed = mac(secret, ["noise", studyId, who.platform, who.participantId, round]).toString(
      "hex",
    );
    const sounds =
      config.test === "huggins"
        ? hugginsTrial(SCREENING_SAMPLE_RATE, seed, target as number)
        : antiphaseTrial(SCREENING_SAMPLE_RATE, target as number);
    return sounds.map((s) => encodeWavStereo(s.left, s.right, SCREENING_SAMPLE_RATE));
  });
  return three[sound] as Uint8Array;
}
