// The headphone check, decided by the server (issue 18, item 4). Which of the three sounds is
// the odd one in each round comes from an HMAC of the participant's study, platform and id
// under a secret only the server holds (stored in its database, so every server process on
// one PostgreSQL agrees); the server renders the sounds itself and sends them one by one as
// WAV files, the page sends back the choices, and the server counts them. Nothing a page
// receives before answering names the answer, and the public ids alone do not give it.
import { createHmac, randomBytes } from "node:crypto";
import { ScreeningSoundRequestSchema } from "../domain/api/requests.ts";
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

/** One sound of one round of a participant's check, as a WAV file. */
export async function screeningSound(
  store: Sql,
  studyId: string,
  file: AnnotationFile,
  body: unknown,
  round: number,
  sound: number,
): Promise<Uint8Array> {
  const who = valid(ScreeningSoundRequestSchema, body, "bad-screening");
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
  const [target] = screeningTargets(secret, { studyId, ...who }, round + 1).slice(round);
  const seed = mac(secret, ["noise", studyId, who.platform, who.participantId, round]).toString(
    "hex",
  );
  const sounds =
    config.test === "huggins"
      ? hugginsTrial(SCREENING_SAMPLE_RATE, seed, target as number)
      : antiphaseTrial(SCREENING_SAMPLE_RATE, target as number);
  const s = sounds[sound] as { left: Float32Array; right: Float32Array };
  return encodeWavStereo(s.left, s.right, SCREENING_SAMPLE_RATE);
}
