import { describe, expect, test } from "vitest";
import { computeFeatures, featuresToJson, SILENCE_DB } from "./features.ts";

const RATE = 16000;

function tone(seconds: number, frequency: (t: number) => number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = amplitude * Math.sin(phase);
    phase += (2 * Math.PI * frequency(i / RATE)) / RATE;
  }
  return out;
}

/** Frames whose whole analysis window lies inside the signal (away from its two edges). */
const inner = (f0: Float32Array, hop: number, seconds: number) =>
  Array.from(f0).filter((_, k) => k * hop >= 0.04 && k * hop <= seconds - 0.04);

describe("computeFeatures", () => {
  test("frame k is centred at k * hop, from 0 to the end of the clip", () => {
    const features = computeFeatures(new Float32Array(RATE), RATE); // 1.000 s
    expect(features.hop).toBe(0.01);
    expect(features.f0.length).toBe(101); // 0.00, 0.01, …, 1.00
    expect(features.energyDb.length).toBe(101);
    expect(computeFeatures(new Float32Array(RATE), RATE, { hop: 0.025 }).f0.length).toBe(41);
    expect(computeFeatures(new Float32Array(0), RATE).f0.length).toBe(0);
  });

  test("a 220 Hz sine is 220 Hz in every inner frame", () => {
    const features = computeFeatures(
      tone(1, () => 220),
      RATE,
    );
    const f0 = inner(features.f0, features.hop, 1);
    expect(f0.length).toBeGreaterThan(80);
    for (const f of f0) expect(Math.abs(f - 220) / 220).toBeLessThan(0.005);
  });

  test("a 110 Hz tone with harmonics is 110 Hz, not an octave off", () => {
    // Strong second harmonic: the classic octave trap for autocorrelation trackers.
    const signal = tone(1, () => 110, 0.3);
    const second = tone(1, () => 220, 0.5);
    const third = tone(1, () => 330, 0.2);
    for (let i = 0; i < signal.length; i++) {
      signal[i] = (signal[i] as number) + (second[i] as number) + (third[i] as number);
    }
    const features = computeFeatures(signal, RATE);
    for (const f of inner(features.f0, features.hop, 1)) {
      expect(Math.abs(f - 110) / 110).toBeLessThan(0.01);
    }
  });

  test("a glide from 150 to 300 Hz is followed frame by frame", () => {
    const glide = (t: number) => 150 + 150 * (t / 2); // 2 s, linear in frequency
    const features = computeFeatures(tone(2, glide), RATE);
    let checked = 0;
    features.f0.forEach((f, k) => {
      const t = k * features.hop;
      if (t < 0.04 || t > 1.96) return;
      expect(Math.abs(f - glide(t)) / glide(t)).toBeLessThan(0.01);
      checked++;
    });
    expect(checked).toBeGreaterThan(180);
  });

  test("silence is unvoiced and at the energy floor", () => {
    const features = computeFeatures(new Float32Array(RATE / 2), RATE);
    expect(Array.from(features.f0).every((f) => f === 0)).toBe(true);
    expect(Array.from(features.energyDb).every((e) => e === SILENCE_DB)).toBe(true);
  });

  test("white noise is (almost all) unvoiced", () => {
    let seed = 12345;
    const noise = new Float32Array(RATE).map(() => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    });
    const f0 = computeFeatures(noise, RATE).f0;
    const voiced = Array.from(f0).filter((f) => f > 0).length;
    expect(voiced / f0.length).toBeLessThan(0.05);
  });

  test("a tone in the middle of silence: voiced inside, unvoiced around it", () => {
    const signal = new Float32Array(RATE); // 1 s: silence, 0.3–0.7 s a 200 Hz tone
    const middle = tone(0.4, () => 200);
    signal.set(middle, Math.round(0.3 * RATE));
    const { f0, hop } = computeFeatures(signal, RATE);
    f0.forEach((f, k) => {
      const t = k * hop;
      if (t >= 0.35 && t <= 0.65) expect(Math.abs(f - 200)).toBeLessThan(2);
      if (t <= 0.25 || t >= 0.75) expect(f).toBe(0);
    });
  });

  test("energy is the RMS in dB: a full-scale sine is -3.01 dB, half amplitude 6.02 dB less", () => {
    const full = computeFeatures(
      tone(1, () => 200, 1),
      RATE,
    ).energyDb;
    const half = computeFeatures(
      tone(1, () => 200, 0.5),
      RATE,
    ).energyDb;
    expect(full[50]).toBeCloseTo(-3.0103, 2);
    expect((full[50] as number) - (half[50] as number)).toBeCloseTo(6.0206, 2);
  });

  test("the JSON form: unvoiced frames are null, numbers rounded to 0.01", () => {
    const json = featuresToJson({
      hop: 0.01,
      f0: Float32Array.from([0, 220.123, 0]),
      energyDb: Float32Array.from([-100, -3.01234, -20.5]),
    });
    expect(json).toEqual({ hop: 0.01, f0: [null, 220.12, null], energyDb: [-100, -3.01, -20.5] });
  });

  test("bad options are refused", () => {
    expect(() => computeFeatures(new Float32Array(10), RATE, { hop: 0 })).toThrow("hop > 0");
    expect(() => computeFeatures(new Float32Array(10), RATE, { minF0: 300, maxF0: 200 })).toThrow(
      "minF0 < maxF0",
    );
  });
});
