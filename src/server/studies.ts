// The researcher's token, publishing a study and its audio, and reading a published study back.
// Part of the collection server's services (service.ts re-exports them all).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { PublishRequestSchema } from "../domain/api/requests.ts";
import type {
  CollectionSettings,
  PublishedStudy,
  PublishResult,
} from "../domain/collection/collection.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import type { Span } from "../domain/study/spans.ts";
import { taskOf } from "../domain/study/studyTask.ts";
import { storedAudioBytes } from "./audio.ts";
import { ServiceError, valid } from "./errors.ts";
import type { Sql, Store } from "./store.ts";
import { currentStudy } from "./studyCache.ts";
export const sha256 = (data: string | Uint8Array) =>
  createHash("sha256").update(data).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

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
  const result = await store.transaction(async (tx) => {
    const existing = await tx.query("SELECT id FROM studies WHERE id = $1 FOR UPDATE", [study.id]);
    if (existing.length === 0) {
      await tx.query("INSERT INTO studies (id, file, settings) VALUES ($1, $2, $3)", [
        study.id,
        JSON.stringify(header),
        JSON.stringify(settings),
      ]);
    } else {
      await tx.query(
        `UPDATE studies SET file = $2, settings = $3, updated_at = now(),
           version = nextval('study_versions') WHERE id = $1`,
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
  // The study as published, read into this process's cache now rather than by the first
  // participants, who arrive together (studyCache.ts).
  await currentStudy(store, study.id);
  return result;
}

/** Stores audio under its SHA-256, checking the bytes match it; storing it again is a no-op. */
export async function putAudio(store: Sql, hash: string, mime: string, bytes: Uint8Array) {
  if (!/^[0-9a-f]{64}$/.test(hash))
    throw new ServiceError(400, "bad-audio", "the address must be a SHA-256 in hex");
  if (sha256(bytes) !== hash) {
    throw new ServiceError(400, "bad-audio", "the audio's SHA-256 does not match its address");
  }
  // Stored without its metadata (audio.ts), under the SHA-256 of what was sent: a publisher
  // asks by that hash whether the server has it.
  await store.query(
    "INSERT INTO audio (sha256, mime, bytes, metadata_stripped) VALUES ($1, $2, $3, true) ON CONFLICT (sha256) DO NOTHING",
    [hash, mime || "application/octet-stream", storedAudioBytes(bytes)],
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
export interface StoredBody {
  spans: Span[];
  heardToEnd: boolean;
  score?: number;
  playCount?: number;
  seconds?: number;
  /** What the participant typed they heard (a transcribe study). */
  transcript?: string;
  completedAt: string;
}

/** The study as published, read back: its settings, task, clips and who arrived; null: not published. */
export async function publishedStudy(store: Sql, studyId: string): Promise<PublishedStudy | null> {
  const [row] = await store.query<{
    file: AnnotationFile;
    settings: CollectionSettings;
    published_at: Date | string;
    updated_at: Date | string;
  }>("SELECT file, settings, published_at, updated_at FROM studies WHERE id = $1", [studyId]);
  if (!row) return null;
  const counts = await store.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM participants WHERE study_id = $1 GROUP BY status",
    [studyId],
  );
  const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    studyId,
    name: row.file.study.name,
    task: taskOf(row.file.study),
    clips: row.file.clips.length,
    settings: row.settings,
    participants: {
      started: n("started"),
      completed: n("completed"),
      returned: n("returned"),
      screenedOut: n("screened-out"),
    },
    publishedAt: new Date(row.published_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
