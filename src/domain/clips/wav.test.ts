import { describe, expect, test } from "vitest";
import { chooseDuration, parseWav, wavDuration, wavSamples } from "./wav.ts";

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
      formatTag: 1,
      dataOffset: 44,
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

describe("wavSamples", () => {
  /** A WAV with the given format tag and bits, holding `values` (already encoded) per sample. */
  function encoded(opts: {
    tag: number;
    bits: number;
    channels: number;
    write: (v: DataView, at: number, i: number) => void;
    samples: number;
  }): ArrayBuffer {
    const bytes = opts.bits / 8;
    const blockAlign = bytes * opts.channels;
    const data = opts.samples * bytes;
    const buf = new ArrayBuffer(44 + data);
    const v = new DataView(buf);
    const str = (o: number, s: string) => {
      for (let i = 0; i < 4; i++) v.setUint8(o + i, s.charCodeAt(i));
    };
    str(0, "RIFF");
    v.setUint32(4, 36 + data, true);
    str(8, "WAVE");
    str(12, "fmt ");
    v.setUint32(16, 16, true);
    v.setUint16(20, opts.tag, true);
    v.setUint16(22, opts.channels, true);
    v.setUint32(24, 8000, true);
    v.setUint32(28, 8000 * blockAlign, true);
    v.setUint16(32, blockAlign, true);
    v.setUint16(34, opts.bits, true);
    str(36, "data");
    v.setUint32(40, data, true);
    for (let i = 0; i < opts.samples; i++) opts.write(v, 44 + i * bytes, i);
    return buf;
  }

  test("16-bit PCM is scaled to [-1, 1)", () => {
    const values = [0, 16384, -32768, 32767];
    const wav = encoded({
      tag: 1,
      bits: 16,
      channels: 1,
      samples: 4,
      write: (v, at, i) => v.setInt16(at, values[i] as number, true),
    });
    const { sampleRate, samples } = wavSamples(wav);
    expect(sampleRate).toBe(8000);
    expect(Array.from(samples)).toEqual([0, 0.5, -1, 32767 / 32768].map(Math.fround));
  });

  test("stereo is averaged into one channel", () => {
    const values = [16384, -16384, 16384, 0]; // frame 0: (0.5 + -0.5)/2, frame 1: (0.5 + 0)/2
    const wav = encoded({
      tag: 1,
      bits: 16,
      channels: 2,
      samples: 4,
      write: (v, at, i) => v.setInt16(at, values[i] as number, true),
    });
    expect(Array.from(wavSamples(wav).samples)).toEqual([0, 0.25]);
  });

  test("8-bit (unsigned), 24-bit and 32-bit float samples", () => {
    const eight = encoded({
      tag: 1,
      bits: 8,
      channels: 1,
      samples: 2,
      write: (v, at, i) => v.setUint8(at, i === 0 ? 128 : 192),
    });
    expect(Array.from(wavSamples(eight).samples)).toEqual([0, 0.5]);
    const minus = -4194304; // -0.5 in 24 bits
    const twentyFour = encoded({
      tag: 1,
      bits: 24,
      channels: 1,
      samples: 1,
      write: (v, at) => {
        v.setUint8(at, minus & 0xff);
        v.setUint8(at + 1, (minus >> 8) & 0xff);
        v.setUint8(at + 2, (minus >> 16) & 0xff);
      },
    });
    expect(Array.from(wavSamples(twentyFour).samples)).toEqual([-0.5]);
    const float = encoded({
      tag: 3,
      bits: 32,
      channels: 1,
      samples: 1,
      write: (v, at) => v.setFloat32(at, 0.25, true),
    });
    expect(Array.from(wavSamples(float).samples)).toEqual([0.25]);
  });

  test("a compressed WAV is refused by name", () => {
    const alaw = encoded({ tag: 6, bits: 8, channels: 1, samples: 1, write: () => {} });
    expect(() => wavSamples(alaw)).toThrow(
      "WAV encoding not supported (format tag 6, 8 bits): only PCM and 32-bit float can be read",
    );
  });
});
