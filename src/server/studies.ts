// The researcher's token, publishing a study and its audio, and reading a published study back.
// Part of the collection server's services (service.ts re-exports them all).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { taggedVersion } from "../domain/api/endpoints.ts";
import { PublishRequestSchema } from "../domain/api/requests.ts";
import { checkStudySettings } from "../domain/api/settingsSchema.ts";
import type {
  CollectionSettings,
  PublishedStudy,
  PublishResult,
} from "../domain/collection/protocol.ts";
import { publishChanges } from "../domain/collection/publishChanges.ts";
import { mergeSettings } from "../domain/collection/settings.ts";
import { type ViewBins, viewBins } from "../domain/collection/viewBins.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { us } from "../domain/stats/time.ts";
import { viewPairBins } from "../domain/stats/views.ts";
import type { Span } from "../domain/study/spans.ts";
import { viewRecords } from "../domain/tasks/compare/views.ts";
import { collectionRefusal, taskOf } from "../domain/tasks/index.ts";
import { storedAudioBytes } from "./audio.ts";
import { brokenConstraint, ServiceError, valid } from "./errors.ts";
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

/** The study's row as publishing and reading back need it. */
interface StudyRow {
  file: AnnotationFile;
  settings: CollectionSettings;
  version: number;
  published_at: Date | string;
  updated_at: Date | string;
}

/**
 * Publishes a study, or changes one already published (docs/server.md, "A live study's
 * settings"): the settings sent are a change merged into the published ones (absent keys keep
 * theirs), and a study already on the server changes only with `If-Match` naming the version
 * it was read at (428 without it, 412 when another publish came between). A taxonomy that
 * leaves out a reason experts used is refused (409 naming the reasons and their labels). Every
 * change to a study already published is recorded with its time and how many participants had
 * arrived (study_changes; collect gives them as `study.protocolChanges`). One transaction.
 */
export async function publishStudy(
  store: Store,
  body: unknown,
  ifMatch?: string,
): Promise<PublishResult> {
  const request = valid(PublishRequestSchema, body, "bad-study");
  const parsed = parseAnnotationFile(request.file);
  if (!parsed.ok) {
    const lines = parsed.errors.slice(0, 20).map((p) => `${p.path || "(file)"}: ${p.message}`);
    throw new ServiceError(400, "bad-study", `the study file is not valid:\n${lines.join("\n")}`);
  }
  const { taxonomy, clips } = parsed.file;
  // A task without a participant screen is not collected: the server refuses it as the app
  // and the CLI do, whoever calls it.
  const refusal = collectionRefusal(parsed.file.study);
  if (refusal !== null) throw new ServiceError(400, "bad-study", `study.task: ${refusal}`);
  // The pairs participants judge (a compare study's, a pre-test's), beyond the reader's rules
  // (pairs resolve, each pre-test pair holds one reference clip).
  const design = designProblem(parsed.file);
  if (design !== null) throw new ServiceError(400, "bad-study", design);
  const { pairs } = parsed.file;
  // Each view pair's highlighted bins, from the file's own regions and saliency (viewBins.ts).
  const views: Record<string, ViewBins> = {};
  for (const p of pairs ?? []) {
    const bins = viewBins(parsed.file, p);
    if (bins) views[p.id] = bins;
  }
  // The instruction arms the server hands out, checked by the settings' rules (a malformed list
  // would silently publish a study without arms).
  if (parsed.file.study.arms !== undefined) {
    const arms = checkStudySettings({ arms: parsed.file.study.arms });
    if (!arms.ok)
      throw new ServiceError(
        400,
        "bad-study",
        `the study file is not valid:\n${arms.problems.map((p) => `study.${p}`).join("\n")}`,
      );
  }
  // The changes recorded are the server's own: a collected file published again brings its copy.
  const { protocolChanges: _theirs, ...study } = parsed.file.study;
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
    // What a view pair's sides are drawn from stays with the study: the crowd's spans on its
    // clip (id and role only) and the model's saliency records, so that collect gives them back
    // beside the participants' work and the collected file resolves its views. No other
    // annotation is published.
    ...viewRecords(parsed.file, pairs ?? []),
    reasonLabels: [],
    ...(pairs && pairs.length > 0 ? { pairs } : {}),
  };
  if (header.saliency?.length === 0) delete header.saliency;
  const expected = ifMatch === undefined ? null : taggedVersion(ifMatch);
  if (ifMatch !== undefined && expected === null) {
    throw new ServiceError(
      412,
      "version-mismatch",
      `If-Match: must be the study's version as read back, e.g. "17" (got ${JSON.stringify(ifMatch.slice(0, 40))})`,
    );
  }
  const reasonIds = taxonomy.map((t) => t.id);
  let result: PublishResult;
  try {
    result = await store.transaction(async (tx) => {
      const [existing] = await tx.query<StudyRow>(
        "SELECT file, settings, version, published_at, updated_at FROM studies WHERE id = $1 FOR UPDATE",
        [study.id],
      );
      const settings = mergeSettings(existing?.settings ?? null, request.settings);
      let version: number;
      if (!existing) {
        if (expected !== null) {
          throw new ServiceError(
            412,
            "version-mismatch",
            `study "${study.id}" is not published on this server any more (you read version ${expected}): nothing was changed`,
          );
        }
        const [made] = await tx.query<{ version: number }>(
          "INSERT INTO studies (id, file, settings, views) VALUES ($1, $2, $3, $4) RETURNING version",
          [study.id, JSON.stringify(header), JSON.stringify(settings), JSON.stringify(views)],
        );
        version = made?.version as number;
      } else {
        if (expected === null) {
          throw new ServiceError(
            428,
            "version-needed",
            `study "${study.id}" is already published (version ${existing.version}): read it back (GET /api/studies/:id/published), check what would change, and send If-Match: "${existing.version}" to change it`,
          );
        }
        if (expected !== existing.version) {
          throw new ServiceError(
            412,
            "version-mismatch",
            `study "${study.id}" was published again since you read it (you read version ${expected}, it is now version ${existing.version}): read it back, check what would change, and publish again; nothing was changed`,
          );
        }
        await refuseDroppedReasons(tx, study.id, reasonIds);
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
        // Pairs left out of the file go, unless participants already have them as trials.
        const pairIds = (pairs ?? []).map((p) => p.id);
        const [judged] = await tx.query<{ pair_id: string }>(
          "SELECT pair_id FROM trials WHERE study_id = $1 AND NOT (pair_id = ANY($2::text[])) LIMIT 1",
          [study.id, pairIds],
        );
        if (judged) {
          throw new ServiceError(
            409,
            "pair-in-use",
            `pair "${judged.pair_id}" is assigned to participants and cannot be removed from the study`,
          );
        }
        const before = await publishedView(tx, study.id, existing);
        const changes = publishChanges(before, {
          settings,
          file: header,
          audio: Object.fromEntries(Object.entries(audio).map(([id, a]) => [id, a.sha256])),
        });
        const [moved] = await tx.query<{ version: number }>(
          `UPDATE studies SET file = $2, settings = $3, views = $4, updated_at = now(),
             version = nextval('study_versions') WHERE id = $1 RETURNING version`,
          [study.id, JSON.stringify(header), JSON.stringify(settings), JSON.stringify(views)],
        );
        version = moved?.version as number;
        if (changes.length > 0) {
          const p = before.participants;
          await tx.query(
            "INSERT INTO study_changes (study_id, version, participants_before, changes) VALUES ($1, $2, $3, $4)",
            [
              study.id,
              version,
              p.started + p.completed + p.returned + p.screenedOut,
              JSON.stringify(changes.map(({ what, from, to }) => ({ what, from, to }))),
            ],
          );
        }
        await tx.query(
          "DELETE FROM clips WHERE study_id = $1 AND NOT (clip_id = ANY($2::text[]))",
          [study.id, kept],
        );
        await tx.query(
          "DELETE FROM study_reasons WHERE study_id = $1 AND NOT (reason_id = ANY($2::text[]))",
          [study.id, reasonIds],
        );
      }
      await tx.query(
        `INSERT INTO study_reasons (study_id, reason_id, position)
         SELECT $1, r.id, r.i::int FROM unnest($2::text[]) WITH ORDINALITY AS r(id, i)
         ON CONFLICT (study_id, reason_id) DO UPDATE SET position = EXCLUDED.position`,
        [study.id, reasonIds],
      );
      // Every clip in one statement (a study of 1,000 clips is one round trip, not 1,000).
      await tx.query(
        `INSERT INTO clips (study_id, clip_id, position, sentence, system, is_reference, duration, audio_sha256)
         SELECT $1, t.clip_id, (t.i - 1)::int, t.sentence, t.system, t.is_reference, t.duration, t.audio_sha256
         FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::float8[], $7::text[])
           WITH ORDINALITY AS t(clip_id, sentence, system, is_reference, duration, audio_sha256, i)
         ON CONFLICT (study_id, clip_id) DO UPDATE SET position = EXCLUDED.position,
           sentence = EXCLUDED.sentence, system = EXCLUDED.system,
           is_reference = EXCLUDED.is_reference, duration = EXCLUDED.duration,
           audio_sha256 = COALESCE(EXCLUDED.audio_sha256, clips.audio_sha256)`,
        [
          study.id,
          clips.map((c) => c.id),
          clips.map((c) => c.sentence ?? c.id),
          clips.map((c) => c.system ?? ""),
          clips.map((c) => c.isReference === true),
          clips.map((c) => c.duration),
          clips.map((c) => audio[c.id]?.sha256 ?? null),
        ],
      );
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
        created: !existing,
        version,
      };
    });
  } catch (e) {
    // An expert's label with a reason this publish drops, committed after the check above.
    if (brokenConstraint(e) === "expert_label_reasons_reason") {
      await store.transaction((tx) => refuseDroppedReasons(tx, study.id, reasonIds));
      throw new ServiceError(
        409,
        "reason-in-use",
        "an expert gave a reason this taxonomy leaves out while it was being published; nothing was changed: publish again",
      );
    }
    throw e;
  }
  // The study as published, read into this process's cache now rather than by the first
  // participants, who arrive together (studyCache.ts).
  await currentStudy(store, study.id);
  return result;
}

/**
 * Why the study's pairs cannot be collected, or null: a compare study needs a main pair (one
 * not in the pre-test), and each view pair (two views of one clip) needs both its sides to
 * highlight a bin, computed from the file's own crowd spans and saliency (stats/views.ts).
 */
function designProblem(file: AnnotationFile): string | null {
  const pairs = file.pairs ?? [];
  const binUs = us(file.study.binSeconds);
  for (const [i, p] of pairs.entries()) {
    if (p.clipId === undefined) continue;
    const made = viewPairBins(file, p, binUs);
    if (!made.ok) return `pairs[${i}].${made.problem}`;
  }
  if (taskOf(file.study) !== "compare") return null;
  const pretest = new Set(file.study.qualification?.pairs ?? []);
  if (!(file.pairs ?? []).some((p) => !pretest.has(p.id))) {
    return "pairs: a compare study needs at least one pair to judge besides the pre-test's";
  }
  return null;
}

/**
 * Refuses (409 `reason-in-use`) a taxonomy that leaves out reasons experts have given, naming
 * each with how many labels use it.
 */
async function refuseDroppedReasons(tx: Sql, studyId: string, reasonIds: string[]) {
  const used = await tx.query<{ reason_id: string; n: number }>(
    `SELECT reason_id, count(*)::int AS n FROM expert_label_reasons
     WHERE study_id = $1 AND NOT (reason_id = ANY($2::text[]))
     GROUP BY reason_id ORDER BY reason_id`,
    [studyId, reasonIds],
  );
  if (used.length === 0) return;
  const list = used.map((u) => `"${u.reason_id}" (${u.n} label${u.n === 1 ? "" : "s"})`);
  throw new ServiceError(
    409,
    "reason-in-use",
    `the taxonomy leaves out ${used.length === 1 ? "a reason" : "reasons"} that experts have used: ${list.join(", ")}. Keep ${used.length === 1 ? "it" : "them"} in the taxonomy, or have the experts take ${used.length === 1 ? "it" : "them"} off those labels first; nothing was changed`,
  );
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
  const [row] = await store.query<StudyRow>(
    "SELECT file, settings, version, published_at, updated_at FROM studies WHERE id = $1",
    [studyId],
  );
  return row ? publishedView(store, studyId, row) : null;
}

/** The published study of `row`: who arrived, by status, and each clip's audio. */
async function publishedView(tx: Sql, studyId: string, row: StudyRow): Promise<PublishedStudy> {
  const counts = await tx.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM participants WHERE study_id = $1 GROUP BY status",
    [studyId],
  );
  const audio = await tx.query<{ clip_id: string; audio_sha256: string }>(
    "SELECT clip_id, audio_sha256 FROM clips WHERE study_id = $1 AND audio_sha256 IS NOT NULL",
    [studyId],
  );
  const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    studyId,
    name: row.file.study.name,
    task: taskOf(row.file.study),
    clips: row.file.clips.length,
    settings: row.settings,
    version: row.version,
    file: row.file,
    audio: Object.fromEntries(audio.map((a) => [a.clip_id, a.audio_sha256])),
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
