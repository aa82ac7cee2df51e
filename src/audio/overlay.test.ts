import { describe, expect, test } from "vitest";
import { energyToY, f0ToY, trackLines, visibleFrames } from "./overlay.ts";

describe("overlay geometry", () => {
  test("F0 on a log axis: each octave is the same height; out of range is clamped", () => {
    // 70–560 Hz is three octaves over 120 px: 40 px per octave.
    expect(f0ToY(70, 120)).toBe(120);
    expect(f0ToY(140, 120)).toBeCloseTo(80, 10);
    expect(f0ToY(280, 120)).toBeCloseTo(40, 10);
    expect(f0ToY(560, 120)).toBeCloseTo(0, 10);
    expect(f0ToY(1000, 120)).toBe(0);
    expect(f0ToY(20, 120)).toBe(120);
  });

  test("energy on a linear dB axis from -60 to 0", () => {
    expect(energyToY(0, 120)).toBe(0);
    expect(energyToY(-30, 120)).toBe(60);
    expect(energyToY(-100, 120)).toBe(120);
  });

  test("only the frames in view, plus one on each side", () => {
    // 10 ms frames; view from 1.0 s, 100 px at 200 px/s = 0.5 s: frames 100–150, widened.
    const view = { start: 1, pxPerSec: 200, width: 100, height: 50 };
    expect(visibleFrames(1000, 0.01, view)).toEqual([99, 151]);
    expect(visibleFrames(120, 0.01, view)).toEqual([99, 119]);
    expect(visibleFrames(0, 0.01, view)).toEqual([0, -1]);
  });

  test("a track breaks where a frame has no value (unvoiced) and lands on the time axis", () => {
    const view = { start: 0, pxPerSec: 100, width: 1000, height: 100 };
    const values = [0, 100, 200, 0, 0, 300];
    const lines = trackLines(values, 0.1, view, (v) => (v > 0 ? v / 10 : null));
    // Frame k at k·0.1 s → x = 10k px.
    expect(lines).toEqual([
      [10, 10, 20, 20],
      [50, 30],
    ]);
  });

  test("scrolled and zoomed: x counts from the view's start", () => {
    const view = { start: 0.25, pxPerSec: 400, width: 80, height: 100 };
    const values = Array.from({ length: 100 }, () => 1);
    const lines = trackLines(values, 0.01, view, () => 5);
    const xs = (lines[0] as number[]).filter((_, i) => i % 2 === 0);
    // Frames 24–46 are in view (0.25 s … 0.45 s, widened by one): x = (k·0.01 − 0.25)·400.
    expect(xs[0]).toBeCloseTo(-4, 10);
    expect(xs[1]).toBeCloseTo(0, 10);
    expect(xs.at(-1)).toBeCloseTo(84, 10);
  });
});
