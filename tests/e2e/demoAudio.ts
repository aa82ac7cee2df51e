// The demo recordings (public/audio/<id>.wav) as the browser tests read them: their bytes,
// their durations, and a digest of their PCM data to recognise them after the app copied them.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { wavDuration } from "../../src/domain/clips/wav.ts";

/** The bytes of the demo recording `id` (public/audio/<id>.wav). */
export const demoWav = (id: string) => readFileSync(`public/audio/${id}.wav`);

/** The duration in seconds of the demo recording `id`, from its header. */
export function demoDuration(id: string): number {
  const bytes = demoWav(id);
  return wavDuration(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A WAV's PCM data (its `data` chunk) as a SHA-256: equal for a file and its copy without metadata. */
export function pcmDigest(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === "data")
      return createHash("sha256")
        .update(bytes.subarray(at + 8, at + 8 + size))
        .digest("hex");
    at += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}
