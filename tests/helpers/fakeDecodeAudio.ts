// A stand-in for src/features/studies/decodeAudio.ts in component tests: jsdom has no Web
// Audio. A file whose name starts with "broken" fails as Chromium reports an undecodable
// file; any other decodes to `duration(name)` seconds.
//
//   vi.mock("./decodeAudio.ts", async () =>
//     (await import("…/tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 2.4));
import { vi } from "vitest";

export const UNDECODABLE = "could not decode audio (EncodingError: Unable to decode audio data)";

export function fakeDecodeAudioModule(duration: (fileName: string) => number) {
  return {
    readAudioDuration: vi.fn(async (file: File) => {
      if (file.name.startsWith("broken")) throw new Error(UNDECODABLE);
      return duration(file.name);
    }),
  };
}
