// Decoding an audio file in the browser: proves the browser can play it and gives its length.
// Used wherever audio enters a study (New study, Add clips, Audio for imported clips).
// Component tests mock this module (happy-dom has no Web Audio): tests/helpers/fakeDecodeAudio.ts.
import { type ChosenDuration, chooseDuration, wavDuration } from "../domain/clips/wav.ts";

/**
 * The duration in seconds of an audio file the browser can decode (see chooseDuration: the WAV
 * header's exact length when it agrees with the decoded audio, else the decoded length with a
 * `mismatch` note to show). Throws "could not decode audio (…)" when the browser cannot decode
 * it, "the audio is empty" for 0 s.
 */
export async function readAudioDuration(file: Blob): Promise<ChosenDuration> {
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
  let header: number | undefined;
  try {
    header = wavDuration(bytes);
  } catch {
    header = undefined;
  }
  const chosen = chooseDuration(header, decoded.duration, decoded.sampleRate);
  if (!(chosen.duration > 0)) throw new Error("the audio is empty (0 s long)");
  return chosen;
}
