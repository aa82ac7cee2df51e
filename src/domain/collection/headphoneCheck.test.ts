// The screening stimuli's properties, measured on the generated samples: the Huggins pitch is a
// phase inversion of exactly the 600 Hz ± 6 % band in one ear and nothing else, both ears at the
// same level; the antiphase trial's target is 6 dB quieter, its antiphase tone exactly inverted
// in one ear, every tone 200 Hz.
import FFT from "fft.js";
import { describe, expect, test } from "vitest";
import {
  antiphaseTrial,
  HUGGINS_BAND,
  hugginsNoise,
  hugginsTrial,
  LEVEL_RMS,
  screeningOf,
  screeningPassed,
  seededRandom,
} from "./headphoneCheck.ts";

const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

function spectrum(x: Float32Array): number[] {
  const fft = new FFT(x.length);
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, Array.from(x));
  fft.completeSpectrum(out);
  return out;
}

describe("Huggins pitch", () => {
  const size = 8192;
  const rate = 16000;
  const { left, right } = hugginsNoise(size, rate, seededRandom("t"), true);
  const L = spectrum(left);
  const R = spectrum(right);

  test("the right ear is the left with exactly the 564–636 Hz band phase-inverted", () => {
    let inBand = 0;
    for (let k = 1; k < size / 2; k++) {
      const f = (k * rate) / size;
      const sign = f >= HUGGINS_BAND.lo && f <= HUGGINS_BAND.hi ? -1 : 1;
      if (sign < 0) inBand++;
      const scale = Math.hypot(L[2 * k] as number, L[2 * k + 1] as number);
      expect(Math.abs((R[2 * k] as number) - sign * (L[2 * k] as number))).toBeLessThan(
        1e-4 * scale,
      );
      expect(Math.abs((R[2 * k + 1] as number) - sign * (L[2 * k + 1] as number))).toBeLessThan(
        1e-4 * scale,
      );
    }
    // 72 Hz of band at 16000/8192 = 1.953 Hz per bin: 37 bins.
    expect(inBand).toBe(37);
  });

  test("flat magnitude (white), both ears at the same level, −20 dBFS", () => {
    const mags = [];
    for (let k = 1; k < size / 2; k++)
      mags.push(Math.hypot(L[2 * k] as number, L[2 * k + 1] as number));
    expect(Math.max(...mags) / Math.min(...mags)).toBeLessThan(1.0001);
    expect(rms(left)).toBeCloseTo(LEVEL_RMS, 6);
    expect(rms(right)).toBeCloseTo(LEVEL_RMS, 6);
  });

  test("a foil burst is diotic: the same in both ears", () => {
    const foil = hugginsNoise(size, rate, seededRandom("t"), false);
    expect(foil.left).toEqual(foil.right);
  });

  test("a trial at 48 kHz: three 1 s bursts, the target the only one that differs between ears", () => {
    const sounds = hugginsTrial(48000, "p1:0", 2);
    expect(sounds.map((s) => s.left.length)).toEqual([48000, 48000, 48000]);
    expect(sounds.map((s) => s.left.some((v, i) => v !== s.right[i]))).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe("antiphase", () => {
  const rate = 44100;
  const sounds = antiphaseTrial(rate, 1);

  test("the target is 6 dB quieter than the others, in phase", () => {
    const levels = sounds.map((s) => rms(s.left));
    expect((levels[1] as number) / (levels[0] as number)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(levels[2]).toBeCloseTo(levels[0] as number, 9);
    expect(sounds[1]?.right).toEqual(sounds[1]?.left);
  });

  test("the next tone round is in antiphase (right = −left), the third diotic", () => {
    const anti = sounds[2] as { left: Float32Array; right: Float32Array };
    expect(anti.left.every((v, i) => anti.right[i] === -v)).toBe(true);
    expect(sounds[0]?.right).toEqual(sounds[0]?.left);
  });

  test("every tone is 200 Hz for 1 s: 400 sign changes", () => {
    const x = sounds[0]?.left as Float32Array;
    expect(x.length).toBe(44100);
    let changes = 0;
    for (let i = 1; i < x.length; i++)
      if (Math.sign(x[i] as number) !== Math.sign(x[i - 1] as number) && x[i] !== 0) changes++;
    expect(changes).toBeGreaterThanOrEqual(398);
    expect(changes).toBeLessThanOrEqual(400);
  });
});

describe("trials and the pass rule", () => {
  test("the study's screening and the pass mark (5 of 6 by default)", () => {
    expect(screeningOf({})).toEqual({ test: "off", trials: 6, passAt: 5 });
    const c = screeningOf({ screening: { test: "huggins" } });
    expect(c).toEqual({ test: "huggins", trials: 6, passAt: 5 });
    expect(screeningPassed(c, 5)).toBe(true);
    expect(screeningPassed(c, 4)).toBe(false);
    expect(screeningOf({ screening: { test: "antiphase", trials: 4, passAt: 9 } })).toEqual({
      test: "antiphase",
      trials: 4,
      passAt: 4,
    });
  });
});
