import { describe, expect, test } from "vitest";
import type { AcousticFeatures } from "./features.ts";
import { featureSummary, spanAcoustics } from "./spanStats.ts";

/** Frames every 0.1 s: 0.0 … 0.9 s. */
const features: AcousticFeatures = {
  hop: 0.1,
  //                      0.0  0.1  0.2  0.3  0.4  0.5  0.6  0.7  0.8  0.9
  f0: Float32Array.from([0, 100, 100, 200, 200, 200, 100, 100, 0, 100]),
  energyDb: Float32Array.from([-100, -20, -20, -10, -10, -10, -20, -20, -100, -20]),
};

describe("spanAcoustics", () => {
  test("a span an octave above the rest: +12 semitones, louder by the power mean", () => {
    const s = spanAcoustics(features, 0.3, 0.5); // frames 0.3, 0.4, 0.5
    expect(s.frames).toBe(3);
    expect(s.voicedFrames).toBe(3);
    expect(s.meanF0).toBe(200);
    expect(s.restMedianF0).toBe(100); // 100 ×5 outside, unvoiced frames left out
    expect(s.semitonesVsRest).toBeCloseTo(12, 10);
    expect(s.rangeSemitones).toBe(0); // flat: every voiced frame at 200 Hz
    expect(s.restRangeSemitones).toBe(0);
    expect(s.energyDb).toBeCloseTo(-10, 10);
    // Rest: five frames at -20 dB (power 0.01) and two at -100 dB (1e-10):
    // 10·log10((5·0.01 + 2·1e-10) / 7) = -21.549 dB.
    expect(s.restEnergyDb).toBeCloseTo(10 * Math.log10((5 * 0.01 + 2e-10) / 7), 10);
  });

  test("a span across the rise: mean F0 and a spread of 12 semitones", () => {
    const s = spanAcoustics(features, 0.15, 0.35); // frames 0.2 (100 Hz) and 0.3 (200 Hz)
    expect(s.frames).toBe(2);
    expect(s.meanF0).toBe(150);
    // 5th and 95th percentiles of [100, 200]: 105 and 195 Hz.
    expect(s.rangeSemitones).toBeCloseTo(12 * Math.log2(195 / 105), 10);
  });

  test("an unvoiced span has no F0 figures, only energy", () => {
    const s = spanAcoustics(features, 0.75, 0.85); // frame 0.8 only
    expect(s.voicedFrames).toBe(0);
    expect(s.meanF0).toBeNull();
    expect(s.semitonesVsRest).toBeNull();
    expect(s.rangeSemitones).toBeNull();
    expect(s.energyDb).toBeCloseTo(-100, 10);
  });

  test("featureSummary: voiced count, median and percentiles, peak energy", () => {
    const s = featureSummary(features);
    expect(s.voiced).toBe(8);
    expect(s.medianF0).toBe(100); // five 100s and three 200s
    expect(s.lowF0).toBe(100);
    expect(s.highF0).toBe(200);
    expect(s.peakDb).toBeCloseTo(-10, 5);
  });
});
