// stripAudioMetadata (src/domain/clips/stripMetadata.ts) on real files: one sentence spoken by eSpeak NG, encoded in every format a
// study takes, each carrying the sentence and the synthesizer in its tags (made by
// tests/fixtures/audio-metadata/make.sh with Debian's espeak-ng, sox, ffmpeg and opus-tools).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { audioFormatOf, oggCrc, stripAudioMetadata } from "../../src/domain/clips/stripMetadata.ts";
import { parseWav } from "../../src/domain/clips/wav.ts";

const DIR = "tests/fixtures/audio-metadata";
const EXTS = ["wav", "mp3", "flac", "ogg", "opus", "oga", "m4a", "webm"] as const;
const read = (ext: string) => new Uint8Array(readFileSync(`${DIR}/tagged.${ext}`));
const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");
/** What the tags say: the sentence, and the system that spoke it. */
const LEAKS = /cat sat|espeak/i;

const ascii = (b: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...b.subarray(at, at + n));
const u32le = (b: Uint8Array, at: number) => Buffer.from(b).readUInt32LE(at);
const u32be = (b: Uint8Array, at: number) => Buffer.from(b).readUInt32BE(at);

describe.each(EXTS)("tagged.%s", (ext) => {
  test("carries the sentence and the system before, neither after; stripping twice changes nothing", () => {
    const original = read(ext);
    const copy = original.slice();
    expect(text(original)).toMatch(LEAKS);
    const stripped = stripAudioMetadata(original);
    expect(text(stripped)).not.toMatch(LEAKS);
    expect(original).toEqual(copy); // the input is not changed
    expect(stripAudioMetadata(stripped)).toEqual(stripped);
    expect(audioFormatOf(stripped)).toBe(audioFormatOf(original));
  });
});

test("the formats are told apart by their first bytes", () => {
  expect(EXTS.map((e) => audioFormatOf(read(e)))).toEqual([
    "wav",
    "mp3",
    "flac",
    "ogg",
    "ogg",
    "ogg",
    "mp4",
    "matroska",
  ]);
  const unknown = new TextEncoder().encode("RIFF fake audio of c01");
  expect(audioFormatOf(unknown)).toBe("unknown");
  expect(stripAudioMetadata(unknown)).toEqual(unknown);
});

/** The chunk ids of a RIFF/WAVE file, in order. */
function wavChunks(b: Uint8Array): string[] {
  const ids: string[] = [];
  for (let at = 12; at + 8 <= b.length; ) {
    const size = u32le(b, at + 4);
    ids.push(ascii(b, at, 4));
    at += 8 + size + (size & 1);
  }
  return ids;
}

test("WAV: LIST/INFO, bext, iXML, id3, cue and its labels go; fmt and data stay byte for byte", () => {
  const original = read("wav");
  expect(wavChunks(original)).toEqual([
    "fmt ",
    "bext",
    "LIST",
    "data",
    "iXML",
    "id3 ",
    "cue ",
    "LIST",
  ]);
  const stripped = stripAudioMetadata(original);
  expect(wavChunks(stripped)).toEqual(["fmt ", "data"]);
  expect(u32le(stripped, 4)).toBe(stripped.length - 8);
  const before = parseWav(original.slice().buffer);
  const after = parseWav(stripped.slice().buffer);
  expect(after.frames).toBe(before.frames);
  expect(after.sampleRate).toBe(8000);
  const bytes = before.frames * before.blockAlign;
  expect(stripped.subarray(after.dataOffset, after.dataOffset + bytes)).toEqual(
    original.subarray(before.dataOffset, before.dataOffset + bytes),
  );
});

test("MP3: the ID3v2 tag in front and ID3v1 at the end go; the frames stay as they were", () => {
  const original = read("mp3");
  expect(ascii(original, 0, 3)).toBe("ID3");
  expect(ascii(original, original.length - 128, 3)).toBe("TAG");
  const stripped = stripAudioMetadata(original);
  expect(stripped[0]).toBe(0xff); // a frame's sync
  expect(((stripped[1] as number) & 0xe0) === 0xe0).toBe(true);
  const start = text(original).indexOf(text(stripped.subarray(0, 64)));
  expect(start).toBeGreaterThan(10);
  expect(stripped).toEqual(original.subarray(start, original.length - 128));
});

test("FLAC: only STREAMINFO (and a SEEKTABLE) stay, the last one flagged; the frames are untouched", () => {
  const original = read("flac");
  const blocks = (b: Uint8Array) => {
    const types: number[] = [];
    let at = 4;
    for (let last = false; !last; ) {
      types.push((b[at] as number) & 0x7f);
      last = ((b[at] as number) & 0x80) !== 0;
      at +=
        4 + (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number));
    }
    return { types, framesAt: at };
  };
  const before = blocks(original);
  expect(before.types).toContain(4); // VORBIS_COMMENT
  const stripped = stripAudioMetadata(original);
  const after = blocks(stripped);
  expect(after.types.filter((t) => t !== 0 && t !== 3)).toEqual([]);
  expect(after.types[0]).toBe(0);
  expect(stripped.subarray(after.framesAt)).toEqual(original.subarray(before.framesAt));
});

/** Every page's checksum checked; the pages' offsets. */
function oggPages(b: Uint8Array): number[] {
  const starts: number[] = [];
  for (let at = 0; at < b.length; ) {
    expect(ascii(b, at, 4)).toBe("OggS");
    const count = b[at + 26] as number;
    let length = 27 + count;
    for (let i = 0; i < count; i++) length += b[at + 27 + i] as number;
    const page = b.slice(at, at + length);
    const crc = u32le(page, 22);
    page.fill(0, 22, 26);
    expect(oggCrc(page)).toBe(crc);
    starts.push(at);
    at += length;
  }
  return starts;
}

test.each(["ogg", "opus", "oga"])(
  "Ogg (%s): the comment packet emptied in place, every page's checksum still right",
  (ext) => {
    const original = read(ext);
    const stripped = stripAudioMetadata(original);
    expect(stripped.length).toBe(original.length);
    const pages = oggPages(original);
    expect(oggPages(stripped)).toEqual(pages);
    // Only the header pages changed: the audio pages (from the fourth page on) are the same.
    const changed = pages.filter((at, i) => {
      const end = pages[i + 1] ?? original.length;
      return text(original.subarray(at, end)) !== text(stripped.subarray(at, end));
    });
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((at) => pages.indexOf(at) <= 2)).toBe(true);
  },
);

test("MP4/M4A: udta and meta become free boxes of their size; mdat is untouched", () => {
  const original = read("m4a");
  const stripped = stripAudioMetadata(original);
  expect(stripped.length).toBe(original.length);
  const boxes = (b: Uint8Array, from: number, to: number): [string, number, number][] => {
    const out: [string, number, number][] = [];
    for (let at = from; at < to; at += u32be(b, at))
      out.push([ascii(b, at + 4, 4), at, u32be(b, at)]);
    return out;
  };
  const top = boxes(stripped, 0, stripped.length);
  const moov = top.find(([t]) => t === "moov");
  const mdat = top.find(([t]) => t === "mdat");
  if (!moov || !mdat) throw new Error("no moov or mdat");
  const inMoov = boxes(stripped, moov[1] + 8, moov[1] + moov[2]).map(([t]) => t);
  expect(inMoov).not.toContain("udta");
  expect(inMoov).toContain("free");
  expect(boxes(original, moov[1] + 8, moov[1] + moov[2]).map(([t]) => t)).toContain("udta");
  expect(stripped.subarray(mdat[1], mdat[1] + mdat[2])).toEqual(
    original.subarray(mdat[1], mdat[1] + mdat[2]),
  );
});

test("WebM: Tags and the segment's Title become Void elements of their size", () => {
  const original = read("webm");
  const stripped = stripAudioMetadata(original);
  expect(stripped.length).toBe(original.length);
  // The Tags element's id stays only where the SeekHead names it (a SeekID), not as an element.
  const count = (b: Uint8Array, id: number[]) =>
    text(b).split(String.fromCharCode(...id)).length - 1;
  const tags = [0x12, 0x54, 0xc3, 0x67];
  expect(count(stripped, tags)).toBe(count(original, tags) - 1);
  const title = [0x7b, 0xa9];
  expect(count(original, title)).toBe(1);
  expect(count(stripped, title)).toBe(0);
});

const hasFfmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

// Decoding is the proof that nothing of the sound was touched; Debian's ffmpeg does it where
// it is installed (make.sh needs it anyway), else this test says it is skipped.
test.skipIf(!hasFfmpeg)(
  "every stripped file decodes to the same samples (ffmpeg), and ffprobe finds no tag",
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), "redpen-strip-"));
    try {
      for (const ext of EXTS) {
        const file = path.join(dir, `s.${ext}`);
        writeFileSync(file, stripAudioMetadata(read(ext)));
        const pcm = (p: string) =>
          execFileSync("ffmpeg", ["-v", "error", "-i", p, "-f", "s16le", "-"], {
            maxBuffer: 1 << 26,
          });
        expect(pcm(file).equals(pcm(`${DIR}/tagged.${ext}`)), ext).toBe(true);
        const probed = execFileSync("ffprobe", [
          "-v",
          "error",
          "-show_entries",
          "format_tags=title,artist,comment,encoder",
          "-of",
          "json",
          file,
        ]).toString();
        expect(probed, ext).not.toMatch(LEAKS);
        expect(JSON.parse(probed).format?.tags ?? {}, ext).toEqual({});
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  // 24 ffmpeg and ffprobe processes: a few seconds alone, but each one's start-up (its shared
  // libraries) slows many times over while `npm test` runs its other jobs beside it.
  120_000,
);
if (!hasFfmpeg)
  console.warn("audio-metadata.test.ts: no ffmpeg here, the decoding test is skipped");
