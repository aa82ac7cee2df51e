// Decoding an audio file in the browser: proves the browser can play it and gives its length.
// Component tests mock this module (jsdom has no Web Audio).
import { wavDuration } from "../../domain/wav.ts";

/**
 * The duration in seconds of an audio file the browser can decode. WAV files take their exact
 * length from the header (frames / sample rate); other formats the decoded length. Throws
 * "could not decode audio (…)" when the browser cannot decode it, "the audio is empty" for 0 s.
 */
export async function readAudioDuration(file: Blob): Promise<number> {
  const bytes = await file.arrayBuffer();
  const Ctx = globalThis.OfflineAudioContext;
  if (!Ctx) throw new Error("could not decode audio (this browser has no Web Audio support)");
  // decodeAudioData detaches the buffer it is given: hand it a copy.
  const context = new Ctx(1, 1, 44100);
  let decoded: AudioBuffer;
  try {
    decoded = await context.decodeAudioData(bytes.slice(0));
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(`could not decode audio (${reason})`);
  }
  let duration: number;
  try {
    duration = wavDuration(bytes);
  } catch {
    duration = Math.round(decoded.duration * 1e6) / 1e6;
  }
  if (!(duration > 0)) throw new Error("the audio is empty (0 s long)");
  return duration;
}
