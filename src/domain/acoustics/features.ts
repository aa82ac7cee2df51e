// F0 (pitch) and energy of a clip, frame by frame: the evidence behind five of the eleven
// reasons (high pitch, flat pitch, voice trembling, energy, silence). Pure and synchronous: the
// app runs it in a worker, the command line (`features`) in Node.
//
// F0 is YIN (de Cheveigné & Kawahara 2002, "YIN, a fundamental frequency estimator for speech
// and music", JASA 111(4)): the difference function (step 2) computed through an FFT
// cross-correlation, the cumulative mean normalised difference (step 3), the absolute threshold
// (step 4) and parabolic interpolation (step 5). Step 6 (best local estimate) is replaced by a
// path search over each frame's candidates that penalises octave jumps, as Praat's does. A frame is
// unvoiced when its best candidate is not periodic enough or the frame is near silence.
// Accuracy against Praat's `To Pitch` on the demo clips: docs/expert.md.

import FFT from "fft.js";

export interface FeatureOptions {
  /** Seconds between frame centres (default 0.01). */
  hop?: number;
  /** Lowest and highest F0 searched, Hz (defaults 75 and 600, Praat's `To Pitch` defaults). */
  minF0?: number;
  maxF0?: number;
}

/** Frame `k` is centred at `k * hop` seconds; frames run from 0 to the clip's end. */
export interface AcousticFeatures {
  hop: number;
  /** F0 in Hz per frame; 0 where the frame is unvoiced. */
  f0: Float32Array;
  /** Energy per frame in dB relative to full scale (RMS over a 25 ms window; -100 for silence). */
  energyDb: Float32Array;
}

/** What `features --json` prints: unvoiced frames as null, numbers rounded to 0.01. */
export interface FeaturesJson {
  hop: number;
  f0: (number | null)[];
  energyDb: number[];
}

export const DEFAULT_HOP = 0.01;
export const SILENCE_DB = -100;
/** CMNDF value under which a candidate counts as periodic (YIN's absolute threshold). */
const YIN_THRESHOLD = 0.15;
/** Worst CMNDF a voiced frame may have. */
const VOICING_LIMIT = 0.5;
/** A frame whose peak is under this share of the clip's peak is taken as silence (Praat: 0.03). */
const SILENCE_SHARE = 0.03;
/** Cost of one octave of F0 change between neighbouring frames in the path search. */
const OCTAVE_JUMP_COST = 0.35;
/** Cost of a voiced/unvoiced change between neighbouring frames. */
const VOICING_CHANGE_COST = 0.14;
const MAX_CANDIDATES = 4;

const round2 = (x: number) => Math.round(x * 100) / 100;

export function featuresToJson(features: AcousticFeatures): FeaturesJson {
  return {
    hop: features.hop,
    f0: Array.from(features.f0, (f) => (f > 0 ? round2(f) : null)),
    energyDb: Array.from(features.energyDb, round2),
  };
}

function nextPow2(n: number): number {
  let p = 4;
  while (p < n) p *= 2;
  return p;
}

interface Candidate {
  f0: number;
  /** CMNDF at the candidate's lag (0 perfectly periodic, ~1 noise). */
  cost: number;
}

export function computeFeatures(
  samples: Float32Array,
  sampleRate: number,
  options: FeatureOptions = {},
): AcousticFeatures {
  const hop = options.hop ?? DEFAULT_HOP;
  const minF0 = options.minF0 ?? 75;
  const maxF0 = options.maxF0 ?? 600;
  if (!(hop > 0) || !(minF0 > 0) || !(maxF0 > minF0) || !(sampleRate > 0)) {
    throw new Error("features need hop > 0, 0 < minF0 < maxF0 and a positive sample rate");
  }
  const duration = samples.length / sampleRate;
  const frames = samples.length === 0 ? 0 : Math.floor(duration / hop + 1e-9) + 1;
  const tauMin = Math.max(2, Math.floor(sampleRate / maxF0));
  const tauMax = Math.ceil(sampleRate / minF0);
  // The integration window spans two of the longest periods, so every lag is compared over
  // at least two cycles of the slowest voice.
  const window = 2 * tauMax;
  const span = window + tauMax + 1;
  const size = nextPow2(span);
  const fft = new FFT(size);
  const a = new Float64Array(size);
  const b = new Float64Array(size);
  const specA = fft.createComplexArray() as number[];
  const specB = fft.createComplexArray() as number[];
  const product = fft.createComplexArray() as number[];
  const corr = fft.createComplexArray() as number[];
  const seg = new Float64Array(span);
  const squares = new Float64Array(span + 1); // prefix sums of seg^2
  const cmndf = new Float64Array(tauMax + 2);

  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i] as number);
    if (v > peak) peak = v;
  }

  const energyDb = new Float32Array(frames);
  const energyHalf = Math.round(0.0125 * sampleRate);
  const candidates: Candidate[][] = [];
  const silent: boolean[] = [];

  for (let k = 0; k < frames; k++) {
    const centre = Math.round(k * hop * sampleRate);
    // Energy: RMS over 25 ms around the centre, inside the clip.
    const e0 = Math.max(0, centre - energyHalf);
    const e1 = Math.min(samples.length, centre + energyHalf);
    let sum = 0;
    for (let i = e0; i < e1; i++) {
      const v = samples[i] as number;
      sum += v * v;
    }
    const meanSquare = e1 > e0 ? sum / (e1 - e0) : 0;
    energyDb[k] = meanSquare > 1e-10 ? 10 * Math.log10(meanSquare) : SILENCE_DB;

    // The analysed segment, centred on the frame, zero outside the clip.
    const start = centre - (span >> 1);
    let localPeak = 0;
    squares[0] = 0;
    for (let j = 0; j < span; j++) {
      const i = start + j;
      const v = i >= 0 && i < samples.length ? (samples[i] as number) : 0;
      seg[j] = v;
      squares[j + 1] = (squares[j] as number) + v * v;
      const m = Math.abs(v);
      if (m > localPeak) localPeak = m;
    }
    silent.push(peak === 0 || localPeak < SILENCE_SHARE * peak);

    // r(tau) = sum_{j<W} x_j x_{j+tau} via FFT: IFFT(conj(A) B), no wrap since size >= span.
    a.fill(0);
    b.fill(0);
    for (let j = 0; j < window; j++) a[j] = seg[j] as number;
    for (let j = 0; j < span; j++) b[j] = seg[j] as number;
    fft.realTransform(specA, a as unknown as number[]);
    fft.completeSpectrum(specA);
    fft.realTransform(specB, b as unknown as number[]);
    fft.completeSpectrum(specB);
    for (let i = 0; i < 2 * size; i += 2) {
      const ar = specA[i] as number;
      const ai = -(specA[i + 1] as number);
      const br = specB[i] as number;
      const bi = specB[i + 1] as number;
      product[i] = ar * br - ai * bi;
      product[i + 1] = ar * bi + ai * br;
    }
    fft.inverseTransform(corr, product);

    // d(tau) = E(0) + E(tau) - 2 r(tau), then the cumulative mean normalised difference.
    const energy0 = squares[window] as number;
    cmndf[0] = 1;
    let running = 0;
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      const energyTau = (squares[tau + window] as number) - (squares[tau] as number);
      const d = Math.max(0, energy0 + energyTau - 2 * (corr[2 * tau] as number));
      running += d;
      cmndf[tau] = running > 0 ? (d * tau) / running : 1;
    }

    candidates.push(frameCandidates(cmndf, tauMin, tauMax, sampleRate));
  }

  const f0 = choosePath(candidates, silent);
  return { hop, f0, energyDb };
}

/** The local minima of the CMNDF in [tauMin, tauMax], best first, as F0 candidates. */
function frameCandidates(
  cmndf: Float64Array,
  tauMin: number,
  tauMax: number,
  sampleRate: number,
): Candidate[] {
  const found: Candidate[] = [];
  for (let tau = tauMin; tau <= tauMax; tau++) {
    const here = cmndf[tau] as number;
    if (here > VOICING_LIMIT) continue;
    if (here > (cmndf[tau - 1] as number) || here > (cmndf[tau + 1] as number)) continue;
    // Parabolic interpolation of the minimum (YIN step 5).
    const left = cmndf[tau - 1] as number;
    const right = cmndf[tau + 1] as number;
    const denominator = left - 2 * here + right;
    const shift = denominator > 0 ? (0.5 * (left - right)) / denominator : 0;
    const lag = tau + Math.max(-1, Math.min(1, shift));
    found.push({ f0: sampleRate / lag, cost: here });
  }
  // YIN's absolute threshold: the first dip under it wins over deeper dips at longer lags
  // (which are multiples of the period); give it the best cost so the path prefers it.
  const first = found.find((c) => c.cost < YIN_THRESHOLD);
  found.sort((x, y) => x.cost - y.cost);
  if (first !== undefined && found[0] !== first) {
    found.splice(found.indexOf(first), 1);
    found.unshift({ f0: first.f0, cost: Math.min(first.cost, (found[0] as Candidate).cost) });
  }
  return found.slice(0, MAX_CANDIDATES);
}

/**
 * Chooses one candidate (or unvoiced) per frame by dynamic programming: each frame's cost is
 * its candidate's CMNDF (unvoiced costs VOICING_LIMIT, or 0 when silent), each transition costs
 * octave jumps and voicing changes. Returns F0 per frame, 0 = unvoiced.
 */
function choosePath(candidates: Candidate[][], silent: boolean[]): Float32Array {
  const frames = candidates.length;
  const f0 = new Float32Array(frames);
  if (frames === 0) return f0;
  // States per frame: index 0 = unvoiced, 1.. = candidates (none when silent).
  const options: number[][] = candidates.map((list, k) =>
    silent[k] ? [0] : [0, ...list.map((c) => c.f0)],
  );
  const local = (k: number, s: number): number =>
    s === 0
      ? silent[k]
        ? 0
        : VOICING_LIMIT
      : ((candidates[k] as Candidate[])[s - 1] as Candidate).cost;
  const transition = (from: number, to: number): number => {
    if (from === 0 && to === 0) return 0;
    if (from === 0 || to === 0) return VOICING_CHANGE_COST;
    return OCTAVE_JUMP_COST * Math.abs(Math.log2(to / from));
  };
  let previous = (options[0] as number[]).map((_, s) => local(0, s));
  const back: Int32Array[] = [new Int32Array(previous.length)];
  for (let k = 1; k < frames; k++) {
    const from = options[k - 1] as number[];
    const to = options[k] as number[];
    const next = new Array<number>(to.length);
    const pointers = new Int32Array(to.length);
    for (let s = 0; s < to.length; s++) {
      let best = Number.POSITIVE_INFINITY;
      let arg = 0;
      for (let p = 0; p < from.length; p++) {
        const cost = (previous[p] as number) + transition(from[p] as number, to[s] as number);
        if (cost < best) {
          best = cost;
          arg = p;
        }
      }
      next[s] = best + local(k, s);
      pointers[s] = arg;
    }
    previous = next;
    back.push(pointers);
  }
  let state = 0;
  for (let s = 1; s < previous.length; s++) {
    if ((previous[s] as number) < (previous[state] as number)) state = s;
  }
  for (let k = frames - 1; k >= 0; k--) {
    f0[k] = (options[k] as number[])[state] as number;
    state = (back[k] as Int32Array)[state] as number;
  }
  return f0;
}
