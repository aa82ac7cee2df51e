// "Could they hear" (issue 9, item 2): headphone screening before the clips, with the stimuli
// generated at run time (the page plays them through Web Audio). Two published tests:
//
// - Huggins pitch (Milne et al. 2021): three bursts of noise, identical in both ears except
//   that in one burst a narrow band around 600 Hz (±6 %) is phase-inverted in the right ear.
//   Over headphones that burst carries a faint pitch; over loudspeakers it sounds like the
//   others. Which burst has the tone?
// - Antiphase (Woods et al. 2017): three 200 Hz tones, one 6 dB quieter, one in antiphase
//   between the ears (which over loudspeakers partly cancels and sounds quietest). Over
//   headphones the 6 dB one is the quietest. Which tone is the quietest?
//
// Six trials by default, pass at five. Pure: buffers of samples in, tested for their phase,
// band and level. Which sound is the target is not decided here: the server draws it from a
// secret only it holds and renders the sounds (src/server/screening.ts).
import FFT from "fft.js";
import { seededRandom } from "../util/random.ts";

export { seededRandom } from "../util/random.ts";

export {
  NO_SCREENING,
  type ScreeningConfig,
  type ScreeningTest,
  screeningOf,
  screeningPassed,
} from "./screening.ts";

export interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

/** Every sound is played at this RMS (−20 dBFS), the 6 dB quieter tone at half of it. */
export const LEVEL_RMS = 0.1;

/** Cosine on/off ramps of `seconds`, in place. */
function ramp(x: Float32Array, sampleRate: number, seconds: number) {
  const n = Math.min(Math.floor(sampleRate * seconds), Math.floor(x.length / 2));
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    x[i] = (x[i] as number) * g;
    x[x.length - 1 - i] = (x[x.length - 1 - i] as number) * g;
  }
}

const rms = (x: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i] as number) * (x[i] as number);
  return Math.sqrt(s / x.length);
};

/** The band phase-inverted in the Huggins stimulus: 600 Hz ± 6 %. */
export const HUGGINS_BAND = { centre: 600, lo: 600 * 0.94, hi: 600 * 1.06 };

/**
 * Periodic white noise of `size` samples (a power of two), built in the frequency domain with
 * a flat magnitude and random phases; the right ear's phases are inverted between `band.lo`
 * and `band.hi` Hz when `invert` is set. Both ears are scaled by one factor to LEVEL_RMS.
 */
export function hugginsNoise(
  size: number,
  sampleRate: number,
  random: () => number,
  invert: boolean,
): Stereo {
  const fft = new FFT(size);
  const specL = fft.createComplexArray() as number[];
  const specR = fft.createComplexArray() as number[];
  for (let k = 1; k < size / 2; k++) {
    const phase = 2 * Math.PI * random();
    const re = Math.cos(phase);
    const im = Math.sin(phase);
    const f = (k * sampleRate) / size;
    const sign = invert && f >= HUGGINS_BAND.lo && f <= HUGGINS_BAND.hi ? -1 : 1;
    specL[2 * k] = re;
    specL[2 * k + 1] = im;
    specR[2 * k] = sign * re;
    specR[2 * k + 1] = sign * im;
    // Conjugate symmetry: a real signal.
    specL[2 * (size - k)] = re;
    specL[2 * (size - k) + 1] = -im;
    specR[2 * (size - k)] = sign * re;
    specR[2 * (size - k) + 1] = -sign * im;
  }
  const outL = fft.createComplexArray() as number[];
  const outR = fft.createComplexArray() as number[];
  fft.inverseTransform(outL, specL);
  fft.inverseTransform(outR, specR);
  const left = new Float32Array(size);
  const right = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    left[i] = outL[2 * i] as number;
    right[i] = outR[2 * i] as number;
  }
  const scale = LEVEL_RMS / rms(left);
  for (let i = 0; i < size; i++) {
    left[i] = (left[i] as number) * scale;
    right[i] = (right[i] as number) * scale;
  }
  return { left, right };
}

/** The smallest power of two of at least `n`. */
const pow2 = (n: number) => 2 ** Math.ceil(Math.log2(n));

/** One Huggins trial: three 1 s bursts; the `target`-th carries the dichotic pitch. */
export function hugginsTrial(sampleRate: number, seed: string, target: number): Stereo[] {
  const random = seededRandom(`huggins:${seed}`);
  const size = pow2(sampleRate); // ≥ 1 s, periodic
  const length = Math.round(sampleRate);
  return [0, 1, 2].map((i) => {
    const full = hugginsNoise(size, sampleRate, random, i === target);
    const left = full.left.slice(0, length);
    const right = full.right.slice(0, length);
    ramp(left, sampleRate, 0.02);
    ramp(right, sampleRate, 0.02);
    return { left, right };
  });
}

/** The antiphase test's tone: 200 Hz, 1 s, 100 ms ramps. */
export const ANTIPHASE_TONE = { frequency: 200, seconds: 1, ramp: 0.1 };

/**
 * One antiphase trial: three tones, the `target`-th 6 dB quieter (in phase), one of the others
 * (the next one round) in antiphase (right = −left), the third in phase at full level.
 */
export function antiphaseTrial(sampleRate: number, target: number): Stereo[] {
  const n = Math.round(sampleRate * ANTIPHASE_TONE.seconds);
  const tone = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    tone[i] =
      Math.SQRT2 * LEVEL_RMS * Math.sin((2 * Math.PI * ANTIPHASE_TONE.frequency * i) / sampleRate);
  }
  ramp(tone, sampleRate, ANTIPHASE_TONE.ramp);
  const antiphase = (target + 1) % 3;
  const quiet = 10 ** (-6 / 20);
  return [0, 1, 2].map((i) => {
    const gain = i === target ? quiet : 1;
    const left = tone.map((x) => x * gain);
    const right = i === antiphase ? left.map((x) => -x) : left.slice();
    return { left, right };
  });
}
