import { describe, expect, test } from "vitest";
import { chooseDuration, parseWav, wavDuration } from "./wav.ts";

/** A PCM WAV built by hand: `frames` frames of `channels` × 16-bit samples, plus extra chunks. */
function makeWav(opts: {
  sampleRate: number;
  channels: number;
  frames: number;
  before?: { id: string; bytes: number }[];
  claimedDataBytes?: number;
}): ArrayBuffer {
  const blockAlign = opts.channels * 2;
  const dataBytes = opts.frames * blockAlign;
  const extras = opts.before ?? [];
  const extraBytes = extras.reduce((n, c) => n + 8 + c.bytes + (c.bytes % 2), 0);
  const total = 12 + 24 + extraBytes + 8 + dataBytes;
  const buf = new ArrayBuffer(total);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < 4; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, total - 8, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, opts.channels, true);
  v.setUint32(24, opts.sampleRate, true);
  v.setUint32(28, opts.sampleRate * blockAlign, true);
  v.setUint16(32, blockAlign, true);
  v.setUint16(34, 16, true);
  let o = 36;
  for (const c of extras) {
    str(o, c.id);
    v.setUint32(o + 4, c.bytes, true);
    o += 8 + c.bytes + (c.bytes % 2);
  }
  str(o, "data");
  v.setUint32(o + 4, opts.claimedDataBytes ?? dataBytes, true);
  return buf;
}

describe("parseWav", () => {
  test("duration is frames / sample rate, exactly", () => {
    expect(wavDuration(makeWav({ sampleRate: 16000, channels: 1, frames: 38400 }))).toBe(2.4);
    const stereo = parseWav(makeWav({ sampleRate: 44100, channels: 2, frames: 44100 * 3 }));
    expect(stereo).toEqual({
      sampleRate: 44100,
      channels: 2,
      bitsPerSample: 16,
      blockAlign: 4,
      frames: 132300,
      duration: 3,
    });
  });

  test("skips other chunks, including odd-sized ones with their pad byte", () => {
    const wav = makeWav({
      sampleRate: 8000,
      channels: 1,
      frames: 4000,
      before: [
        { id: "LIST", bytes: 7 },
        { id: "fact", bytes: 4 },
      ],
    });
    expect(wavDuration(wav)).toBe(0.5);
  });

  test("a data chunk claiming more bytes than present is measured by what is there", () => {
    const wav = makeWav({
      sampleRate: 1000,
      channels: 1,
      frames: 250,
      claimedDataBytes: 0xffffffff,
    });
    expect(wavDuration(wav)).toBe(0.25);
  });

  test("refuses what is not a WAV file, naming the problem", () => {
    expect(() => parseWav(new ArrayBuffer(4))).toThrow("shorter than a RIFF header");
    const random = new Uint8Array(64).map((_, i) => (i * 37) % 251);
    expect(() => parseWav(random.buffer)).toThrow("no RIFF/WAVE header");
    const noData = makeWav({ sampleRate: 8000, channels: 1, frames: 0 }).slice(0, 36);
    expect(() => parseWav(noData)).toThrow("WAV file has no data chunk");
  });
});

describe("chooseDuration: the header's exact length only when the decoded audio agrees", () => {
  test("agreeing within two frames of the decoder's rate: the header's exact value", () => {
    // 16 kHz, 38,400 frames = 2.4 s; resampled to 44.1 kHz the decoder reports 105,840 frames.
    expect(chooseDuration(2.4, 105840 / 44100, 44100)).toEqual({ duration: 2.4 });
    // One frame off at 44.1 kHz (22.7 µs) still agrees.
    expect(chooseDuration(2.4, 2.4 + 1 / 44100, 44100)).toEqual({ duration: 2.4 });
  });
  test("disagreeing: the decoded length, rounded to the microsecond, and the reason", () => {
    expect(chooseDuration(1, 2.0000004, 44100)).toEqual({
      duration: 2,
      mismatch: "the WAV header says 1 s but the audio decodes to 2 s; using 2 s",
    });
    // Three frames at 44.1 kHz (68 µs) is more than the decoder's rounding.
    expect(chooseDuration(2.4, 2.4 + 3 / 44100, 44100).duration).toBe(2.400068);
  });
  test("no header (not a WAV): the decoded length, no note", () => {
    expect(chooseDuration(undefined, 3.0000001, 48000)).toEqual({ duration: 3 });
  });
});
