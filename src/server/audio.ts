// Audio as the server stores and serves it: without metadata (src/domain/clips/stripMetadata.ts),
// so that neither a participant nor an expert can read a clip's sentence or system from its
// tags (issue 37, item 7). Uploads are stripped as they are stored; audio stored before
// migration 13 is stripped the first time it is served and written back, once for every study
// and server process that shares it.
import { stripAudioMetadata } from "../domain/clips/stripMetadata.ts";
import type { Sql } from "./store.ts";

/** A stored audio row as the serving queries read it. */
export interface StoredAudio {
  mime: string;
  bytes: Uint8Array;
  sha256: string;
  metadata_stripped: boolean;
}

/** The bytes to serve: stored stripped already, or stripped now and stored so. */
export async function servedAudio(store: Sql, row: StoredAudio) {
  if (row.metadata_stripped) return { mime: row.mime, bytes: row.bytes, sha256: row.sha256 };
  const bytes = stripAudioMetadata(row.bytes);
  await store.query(
    "UPDATE audio SET bytes = $2, metadata_stripped = true WHERE sha256 = $1 AND NOT metadata_stripped",
    [row.sha256, bytes],
  );
  return { mime: row.mime, bytes, sha256: row.sha256 };
}

/** The row of a new upload: its bytes stripped, marked so. */
export function storedAudioBytes(bytes: Uint8Array): Uint8Array {
  return stripAudioMetadata(bytes);
}
