// readAudioDuration with a stand-in for the browser's decoder (Node has no Web Audio): the real
// WAV header parser on real bytes, the decoded length from the stand-in.
import { afterEach, expect, test, vi } from "vitest";
import { readAudioDuration } from "./decode.ts";

/** A 16-bit mono PCM WAV of `frames` silent frames at `sampleRate`. */
function wav(sampleRate: number, frames: number): Blob {
  const buf = new ArrayBuffer(44 + frames * 2);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < 4; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + frames * 2, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, frames * 2, true);
  return new Blob([buf]);
}

function decoderReturning(duration: number | Error, sampleRate = 44100) {
  vi.stubGlobal(
    "OfflineAudioContext",
    class {
      decodeAudioData() {
        return duration instanceof Error
          ? Promise.reject(duration)
          : Promise.resolve({ duration, sampleRate });
      }
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("a WAV whose header agrees with the decoded audio keeps the header's exact length", async () => {
  decoderReturning(105840 / 44100); // 2.4 s at 16 kHz, resampled
  expect(await readAudioDuration(wav(16000, 38400))).toEqual({ duration: 2.4 });
});

test("a WAV whose header disagrees is stored with the decoded length, and says so", async () => {
  // The header says 16,000 frames at 16 kHz (1 s); the audio decodes to 2.5 s.
  decoderReturning(2.5);
  expect(await readAudioDuration(wav(16000, 16000))).toEqual({
    duration: 2.5,
    mismatch: "the WAV header says 1 s but the audio decodes to 2.5 s; using 2.5 s",
  });
});

test("a file the browser cannot decode (a text file named c1.wav) is refused", async () => {
  decoderReturning(new DOMException("Unable to decode audio data", "EncodingError"));
  await expect(readAudioDuration(new Blob(["hello, I am text"]))).rejects.toThrow(
    "could not decode audio (Unable to decode audio data)",
  );
});
