// Reading the length of a RIFF/WAVE file from its header, without decoding the samples.
// Exact: duration = whole sample frames in the data chunk / sample rate.

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  /** Whole sample frames in the data chunk. */
  frames: number;
  /** frames / sampleRate, in seconds. */
  duration: number;
  /** The fmt chunk's format tag: 1 integer PCM, 3 IEEE float, 0xfffe extensible. */
  formatTag: number;
  /** Where the data chunk's samples start, in bytes. */
  dataOffset: number;
}

function fourCC(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

/**
 * Parses a WAV header. Throws an Error saying what is wrong when the bytes are not a RIFF/WAVE
 * file with a `fmt ` chunk before its `data` chunk. A data chunk that claims more bytes than
 * the file holds (streamed or truncated files) is measured by the bytes actually present.
 */
export function parseWav(buffer: ArrayBuffer): WavInfo {
  const view = new DataView(buffer);
  if (buffer.byteLength < 12) throw new Error("not a WAV file: shorter than a RIFF header");
  if (fourCC(view, 0) !== "RIFF" || fourCC(view, 8) !== "WAVE") {
    throw new Error("not a WAV file: no RIFF/WAVE header");
  }
  let offset = 12;
  let fmt:
    | { tag: number; channels: number; sampleRate: number; blockAlign: number; bits: number }
    | undefined;
  while (offset + 8 <= buffer.byteLength) {
    const id = fourCC(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > buffer.byteLength) throw new Error("WAV fmt chunk is too short");
      fmt = {
        tag: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bits: view.getUint16(body + 14, true),
      };
      if (fmt.channels === 0 || fmt.sampleRate === 0 || fmt.blockAlign === 0) {
        throw new Error("WAV fmt chunk has zero channels, sample rate or block size");
      }
    } else if (id === "data") {
      if (!fmt) throw new Error("WAV data chunk comes before the fmt chunk");
      const bytes = Math.min(size, buffer.byteLength - body);
      const frames = Math.floor(bytes / fmt.blockAlign);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bits,
        blockAlign: fmt.blockAlign,
        frames,
        duration: frames / fmt.sampleRate,
        formatTag: fmt.tag,
        dataOffset: body,
      };
    }
    offset = body + size + (size % 2); // chunks are padded to an even length
  }
  throw new Error(fmt ? "WAV file has no data chunk" : "WAV file has no fmt chunk");
}

/** The duration in seconds of a WAV file (see parseWav). */
export function wavDuration(buffer: ArrayBuffer): number {
  return parseWav(buffer).duration;
}

/** Mono samples in [-1, 1) and their rate, as the pitch tracker and the command line read them. */
export interface MonoAudio {
  sampleRate: number;
  samples: Float32Array;
}

/**
 * Decodes the samples of an uncompressed WAV file (integer PCM of 8, 16, 24 or 32 bits, or
 * 32-bit float; plain or extensible), averaging the channels into one. Throws an Error naming
 * the encoding it cannot read (compressed WAVs such as A-law, µ-law or ADPCM).
 */
export function wavSamples(buffer: ArrayBuffer): MonoAudio {
  const info = parseWav(buffer);
  const view = new DataView(buffer);
  let tag = info.formatTag;
  if (tag === 0xfffe) {
    // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID starts with the real tag (fmt offset 24).
    const fmtBody = findChunk(view, "fmt ");
    tag =
      fmtBody !== undefined && fmtBody + 26 <= buffer.byteLength
        ? view.getUint16(fmtBody + 24, true)
        : 0;
  }
  const bits = info.bitsPerSample;
  const float = tag === 3 && bits === 32;
  const pcm = tag === 1 && (bits === 8 || bits === 16 || bits === 24 || bits === 32);
  if (!float && !pcm) {
    throw new Error(
      `WAV encoding not supported (format tag ${tag}, ${bits} bits): only PCM and 32-bit float can be read`,
    );
  }
  const bytes = bits / 8;
  const { channels, frames, blockAlign, dataOffset } = info;
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = dataOffset + i * blockAlign + c * bytes;
      if (float) sum += view.getFloat32(at, true);
      else if (bits === 16) sum += view.getInt16(at, true) / 32768;
      else if (bits === 8) sum += (view.getUint8(at) - 128) / 128;
      else if (bits === 24) {
        const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
        sum += v / 8388608;
      } else sum += view.getInt32(at, true) / 2147483648;
    }
    samples[i] = sum / channels;
  }
  return { sampleRate: info.sampleRate, samples };
}

function findChunk(view: DataView, id: string): number | undefined {
  let offset = 12;
  while (offset + 8 <= view.byteLength) {
    const size = view.getUint32(offset + 4, true);
    if (fourCC(view, offset) === id) return offset + 8;
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** The length a clip is stored with, and why it is not the header's when they disagree. */
export interface ChosenDuration {
  duration: number;
  /** Set when the WAV header's length disagrees with the decoded audio's. */
  mismatch?: string;
}

const micro = (seconds: number) => Math.round(seconds * 1e6) / 1e6;

/**
 * The duration to store for an audio file: the decoded length, in whole microseconds. For a
 * WAV file the header's exact length (frames / sample rate, so 2.40 s stays 2.4) is used when
 * it agrees with the decoded length to within two sample frames of the decoder's rate (the
 * browser resamples while decoding, which moves the end by less than one frame); otherwise the
 * decoded length wins and `mismatch` says so (a compressed WAV, or a header that lies about
 * its data). `headerSeconds` is undefined for other formats or a header that cannot be read.
 */
export function chooseDuration(
  headerSeconds: number | undefined,
  decodedSeconds: number,
  decodedSampleRate: number,
): ChosenDuration {
  const decoded = micro(decodedSeconds);
  if (headerSeconds === undefined) return { duration: decoded };
  if (Math.abs(headerSeconds - decodedSeconds) <= 2 / decodedSampleRate) {
    return { duration: headerSeconds };
  }
  return {
    duration: decoded,
    mismatch: `the WAV header says ${micro(headerSeconds)} s but the audio decodes to ${decoded} s; using ${decoded} s`,
  };
}

/** A 16-bit PCM stereo WAV file of the two channels (samples in −1…1, clipped). */
export function encodeWavStereo(
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
): Uint8Array {
  const frames = Math.min(left.length, right.length);
  const bytes = new Uint8Array(44 + frames * 4);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + frames * 4, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 2, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, frames * 4, true);
  const pcm = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  for (let i = 0; i < frames; i++) {
    view.setInt16(44 + i * 4, pcm(left[i] as number), true);
    view.setInt16(46 + i * 4, pcm(right[i] as number), true);
  }
  return bytes;
}
