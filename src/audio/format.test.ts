import { describe, expect, test } from "vitest";
import {
  clampTime,
  clampZoom,
  clampZoomFactor,
  formatTime,
  MAX_ZOOM,
  MAX_ZOOM_FACTOR,
  MIN_ZOOM,
  pxToZoom,
  roundSeconds,
  zoomToPx,
} from "./format.ts";
import { waveformBoxHeight } from "./layout.ts";

test("the waveform box is waveform + ruler + scrollbar room (+ spectrogram)", () => {
  expect(waveformBoxHeight()).toBe(128 + 20 + 12);
  expect(waveformBoxHeight(100, true)).toBe(100 + 20 + 12 + 160);
});

describe("formatTime", () => {
  test("minutes, two-digit seconds and hundredths", () => {
    expect(formatTime(0)).toBe("0:00.00");
    expect(formatTime(3.444)).toBe("0:03.44");
    expect(formatTime(83.456)).toBe("1:23.46");
    expect(formatTime(600)).toBe("10:00.00");
  });
  test("rounding carries into the next second and minute", () => {
    expect(formatTime(59.996)).toBe("1:00.00");
    expect(formatTime(9.999)).toBe("0:10.00");
  });
  test("negative and non-finite times show as zero", () => {
    expect(formatTime(-2)).toBe("0:00.00");
    expect(formatTime(Number.NaN)).toBe("0:00.00");
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe("0:00.00");
  });
});

test("roundSeconds keeps milliseconds", () => {
  expect(roundSeconds(1.23456)).toBe(1.235);
  expect(roundSeconds(2.9304999)).toBe(2.93);
  expect(roundSeconds(0)).toBe(0);
});

describe("zoom", () => {
  test("clampZoom keeps levels inside the range", () => {
    expect(clampZoom(5)).toBe(MIN_ZOOM);
    expect(clampZoom(150)).toBe(150);
    expect(clampZoom(1e6)).toBe(MAX_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM);
    expect(clampZoom(50, 60, 70)).toBe(60);
  });
  test("zoom is a factor of each clip's fitted level, so it means the same on every clip", () => {
    // A 900 px view: a 2.2 s clip fits at 409.09 px/s, a 4.9 s clip at 183.67 px/s.
    const short = 900 / 2.2;
    const long = 900 / 4.9;
    // "Twice the whole clip" on the short clip is 2 × 409.09 px/s …
    expect(zoomToPx(2, short)).toBeCloseTo(818.18, 2);
    // … and on the next, longer clip it is 2 × 183.67: half of that clip in view, not a fifth.
    expect(zoomToPx(2, long)).toBeCloseTo(367.35, 2);
    expect(900 / zoomToPx(2, long) / 4.9).toBeCloseTo(0.5, 9);
    // Back from pixels to the factor, e.g. after a wheel zoom.
    expect(pxToZoom(818.18, short)).toBeCloseTo(2, 4);
    // Never below the whole clip, never past 64×, never past the pixel limits.
    expect(pxToZoom(100, short)).toBe(1);
    expect(clampZoomFactor(500)).toBe(MAX_ZOOM_FACTOR);
    expect(clampZoomFactor(Number.NaN)).toBe(1);
    expect(zoomToPx(64, 900 / 0.5)).toBe(MAX_ZOOM);
    expect(zoomToPx(1, 900 / 600)).toBe(MIN_ZOOM); // a 10-minute clip: at least MIN_ZOOM
    expect(pxToZoom(300, 0)).toBe(1);
  });
});

test("clampTime keeps a seek inside the clip", () => {
  expect(clampTime(-1, 3)).toBe(0);
  expect(clampTime(1.5, 3)).toBe(1.5);
  expect(clampTime(4, 3)).toBe(3);
  expect(clampTime(Number.NaN, 3)).toBe(0);
});
