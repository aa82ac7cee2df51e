// Publishing a study from the study page to a collection server (docs/server.md): the study
// as an interchange file without annotations, each clip's audio by its SHA-256, then only the
// audio the server does not have. Publishing again reads the published study back first and
// changes nothing the researcher has not confirmed (domain/collection/publishChanges.ts).

import { getClipAudio, studyToFile } from "../../db/repo.ts";
import { type ParticipantLinks, participantLinksOf } from "../../domain/collection/links.ts";
import {
  type CollectionSettings,
  expertLink,
  genericLink,
  type PublishedStudy,
  prolificLink,
} from "../../domain/collection/protocol.ts";
import { type PublishChange, publishChanges } from "../../domain/collection/publishChanges.ts";
import { settingsUpdate } from "../../domain/collection/settings.ts";
import { parseAnnotationFile } from "../../domain/interchange/schema.ts";
import type { AnnotationFile } from "../../domain/interchange/types.ts";
import { viewRecords } from "../../domain/tasks/compare/views.ts";
import { collectionRefusal } from "../../domain/tasks/index.ts";
import { ApiError, api } from "../../lib/collectionApi.ts";
import { sha256Hex } from "../../lib/sha256.ts";

export interface PublishOutcome {
  created: boolean;
  clips: number;
  audioSent: number;
  audioKept: number;
  /** The links to hand out: only those the study accepts (domain/collection/links.ts). */
  links: { prolific?: string; generic?: string };
}

export type PublishStage =
  | { stage: "hashing"; done: number; total: number }
  | { stage: "uploading"; done: number; total: number };

/**
 * Publishes (or updates) the local study on `server`. Refuses a study with clips lacking audio.
 * When the study is already published and this would change something, `confirm` is asked with
 * the changes first; declined, nothing is sent and the answer is null.
 */
export async function publishToServer(
  server: string,
  token: string,
  studyId: string,
  settings: CollectionSettings,
  onProgress: (p: PublishStage) => void = () => undefined,
  confirm: (changes: PublishChange[], published: PublishedStudy) => Promise<boolean> = async () =>
    true,
): Promise<PublishOutcome | null> {
  const file = await studyToFile(studyId);
  if (!file) throw new Error(`no study "${studyId}" in this browser`);
  const refusal = collectionRefusal(file.study);
  if (refusal !== null) throw new Error(refusal);
  // No annotation is published, except a view pair's: the crowd's spans on its clip and the
  // model's saliency, from which the server highlights each side (viewRecords).
  const header: AnnotationFile = {
    ...file,
    ...viewRecords(file, file.pairs ?? []),
    reasonLabels: [],
  };
  if (header.saliency?.length === 0) delete header.saliency;
  const blobs = new Map<string, Blob>();
  const audio: Record<string, { sha256: string; mime: string }> = {};
  const missing: string[] = [];
  for (const [i, clip] of file.clips.entries()) {
    onProgress({ stage: "hashing", done: i, total: file.clips.length });
    const blob = await getClipAudio(studyId, clip.id);
    if (!blob) {
      missing.push(clip.name);
      continue;
    }
    const sha256 = await sha256Hex(await blob.arrayBuffer());
    blobs.set(sha256, blob);
    audio[clip.id] = { sha256, mime: blob.type || "application/octet-stream" };
  }
  if (missing.length > 0) {
    const list = missing.slice(0, 5).join(", ");
    throw new Error(
      `${missing.length} clip(s) have no audio in this browser (${list}${missing.length > 5 ? ", …" : ""}): add their audio files first, so participants can hear them`,
    );
  }
  // The study as the server will read it, so that only real changes are listed.
  const parsed = parseAnnotationFile(header);
  if (!parsed.ok) {
    const lines = parsed.errors.slice(0, 5).map((p) => `${p.path || "(file)"}: ${p.message}`);
    throw new Error(`the study is not a valid study file: ${lines.join("; ")}`);
  }
  // Read now, not when the card opened: the changes are listed against what is published at
  // this moment, and the publish names that version (If-Match), so a publish by someone else
  // in between is refused (412) rather than overwritten.
  const published = await fetchPublished(server, token, studyId);
  if (published) {
    const changes = publishChanges(published, {
      settings,
      file: parsed.file,
      audio: Object.fromEntries(Object.entries(audio).map(([id, a]) => [id, a.sha256])),
    });
    if (changes.length > 0 && !(await confirm(changes, published))) return null;
  }
  const result = await api(server, "publish", {
    params: { studyId },
    token,
    body: { file: header, settings: settingsUpdate(published?.settings ?? null, settings), audio },
    ifMatch: published?.version,
  });
  for (const [i, hash] of result.missingAudio.entries()) {
    onProgress({ stage: "uploading", done: i, total: result.missingAudio.length });
    const blob = blobs.get(hash);
    if (!blob)
      throw new ApiError(0, "internal", `the server asked for audio ${hash} it was not sent`);
    await api(server, "putAudio", { params: { sha256: hash }, token, body: blob });
  }
  return {
    created: result.created,
    clips: result.clips,
    audioSent: result.missingAudio.length,
    audioKept: blobs.size - result.missingAudio.length,
    links: linksFor(server, studyId, participantLinksOf(file.study, settings)),
  };
}

/** The participant links of the kinds `accepted`. */
function linksFor(server: string, studyId: string, accepted: ParticipantLinks) {
  return {
    ...(accepted !== "generic" ? { prolific: prolificLink(server, studyId) } : {}),
    ...(accepted !== "prolific" ? { generic: genericLink(server, studyId) } : {}),
  };
}

/** The study as published on `server`, or null when it is not published there. */
export async function fetchPublished(
  server: string,
  token: string,
  studyId: string,
): Promise<PublishedStudy | null> {
  return api(server, "published", { params: { studyId }, token });
}

/** Deletes a participant's data from the server (by their platform id); says what went. */
export function withdrawFromServer(
  server: string,
  token: string,
  studyId: string,
  participant: string,
  platform: "prolific" | "link",
) {
  return api(server, "withdraw", { params: { studyId }, token, body: { participant, platform } });
}

/** How the study's collection goes: participants and clips × ratings done. */
export function fetchProgress(server: string, token: string, studyId: string) {
  return api(server, "progress", { params: { studyId }, token });
}

/** Everything collected, as an interchange file ready for the merge preview. */
export async function collectFile(server: string, token: string, studyId: string): Promise<File> {
  const file = await api(server, "collect", { params: { studyId }, token });
  return new File([JSON.stringify(file)], `collected-${studyId}.json`, {
    type: "application/json",
  });
}

/** A link for one expert (a new one closes the expert's earlier link). */
export async function makeExpertLink(
  server: string,
  token: string,
  studyId: string,
  expertId: string,
): Promise<string> {
  const made = await api(server, "createExpert", {
    params: { studyId },
    token,
    body: { expertId },
  });
  return expertLink(server, studyId, made.expertId, made.token);
}
