// A stand-in for src/audio/decode.ts in component tests: happy-dom has no Web Audio. A file whose
// name starts with "broken" fails as Chromium reports an undecodable file; one whose name
// starts with "lying" decodes to `duration(name)` seconds with a header that said 1 s more;
// any other decodes to `duration(name)` seconds.
//
//   vi.mock("../../audio/decode.ts", async () =>
//     (await import("…/tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 2.4));
import { vi } from "vitest";
import { chooseDuration } from "../../src/domain/clips/wav.ts";

export const UNDECODABLE = "could not decode audio (EncodingError: Unable to decode audio data)";

export function fakeDecodeAudioModule(duration: (fileName: string) => number) {
  return {
    readAudioDuration: vi.fn(async (file: File) => {
      if (file.name.startsWith("broken")) throw new Error(UNDECODABLE);
      const seconds = duration(file.name);
      if (file.name.startsWith("lying")) return chooseDuration(seconds + 1, seconds, 44100);
      return { duration: seconds };
    }),
  };
}
