// The evidence for a span's pitch and energy reasons: its F0 and energy against the rest of the
// clip, in the units experts think in (semitones, dB). One home for the expert screen's span
// panel and the command line's summary.

import { median } from "../util/median.ts";
import type { AcousticFeatures } from "./features.ts";

/** The p-th quantile (0..1) of sorted values, linear between neighbours (NumPy's default). */
function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] as number;
  return a + ((sorted[high] as number) - a) * (at - low);
}

const semitones = (a: number, b: number) => 12 * Math.log2(a / b);

/** Power-mean of dB values, in dB (the energy of several frames together). */
function meanDb(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += 10 ** (v / 10);
  return 10 * Math.log10(sum / values.length);
}

export interface FeatureSummary {
  voiced: number;
  medianF0: number | null;
  /** 5th and 95th percentiles of the voiced frames' F0. */
  lowF0: number | null;
  highF0: number | null;
  peakDb: number;
}

export function featureSummary(features: AcousticFeatures): FeatureSummary {
  const voiced = Array.from(features.f0)
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  let peakDb = Number.NEGATIVE_INFINITY;
  for (const e of features.energyDb) if (e > peakDb) peakDb = e;
  return {
    voiced: voiced.length,
    medianF0: median(voiced),
    lowF0: quantile(voiced, 0.05),
    highF0: quantile(voiced, 0.95),
    peakDb: features.energyDb.length > 0 ? peakDb : Number.NaN,
  };
}

export interface SpanAcoustics {
  /** Frames whose centre lies in [start, end], and how many of them are voiced. */
  frames: number;
  voicedFrames: number;
  /** Mean F0 of the span's voiced frames, Hz. */
  meanF0: number | null;
  /** Median F0 of the voiced frames outside the span, Hz. */
  restMedianF0: number | null;
  /** 12·log2(meanF0 / restMedianF0): how far the span sits above (+) or below the rest. */
  semitonesVsRest: number | null;
  /** Spread of F0 inside the span and outside it: 5th to 95th percentile, in semitones. */
  rangeSemitones: number | null;
  restRangeSemitones: number | null;
  /** Energy of the span's frames and of the rest's (power mean, dB re full scale). */
  energyDb: number | null;
  restEnergyDb: number | null;
}

function spread(sortedF0: readonly number[]): number | null {
  if (sortedF0.length < 2) return null;
  return semitones(quantile(sortedF0, 0.95) as number, quantile(sortedF0, 0.05) as number);
}

/** The span [start, end] (seconds) against the rest of its clip. */
export function spanAcoustics(
  features: AcousticFeatures,
  start: number,
  end: number,
): SpanAcoustics {
  const inside: number[] = [];
  const outside: number[] = [];
  const insideDb: number[] = [];
  const outsideDb: number[] = [];
  let frames = 0;
  for (let k = 0; k < features.f0.length; k++) {
    const t = k * features.hop;
    const f = features.f0[k] as number;
    const e = features.energyDb[k] as number;
    // A small tolerance so a span ending exactly on a frame centre includes it.
    if (t >= start - 1e-9 && t <= end + 1e-9) {
      frames++;
      insideDb.push(e);
      if (f > 0) inside.push(f);
    } else {
      outsideDb.push(e);
      if (f > 0) outside.push(f);
    }
  }
  inside.sort((a, b) => a - b);
  outside.sort((a, b) => a - b);
  const meanF0 = inside.length > 0 ? inside.reduce((s, f) => s + f, 0) / inside.length : null;
  const restMedianF0 = median(outside);
  return {
    frames,
    voicedFrames: inside.length,
    meanF0,
    restMedianF0,
    semitonesVsRest:
      meanF0 !== null && restMedianF0 !== null ? semitones(meanF0, restMedianF0) : null,
    rangeSemitones: spread(inside),
    restRangeSemitones: spread(outside),
    energyDb: meanDb(insideDb),
    restEnergyDb: meanDb(outsideDb),
  };
}
