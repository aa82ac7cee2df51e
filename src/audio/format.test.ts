import { describe, expect, test } from "vitest";
import {
  clampTime,
  clampZoom,
  formatTime,
  MAX_ZOOM,
  MIN_ZOOM,
  nextZoom,
  roundSeconds,
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
  test("nextZoom multiplies from the larger of the stored and the fitted level", () => {
    expect(nextZoom(100, 2)).toBe(200);
    expect(nextZoom(100, 0.5)).toBe(50);
    // a 3 s clip in a 900 px view fits at 300 px/s: "+" from a stored 20 px/s goes to 600
    expect(nextZoom(20, 2, 300)).toBe(600);
    expect(nextZoom(1500, 2)).toBe(MAX_ZOOM);
    expect(nextZoom(30, 0.5)).toBe(MIN_ZOOM);
  });
});

test("clampTime keeps a seek inside the clip", () => {
  expect(clampTime(-1, 3)).toBe(0);
  expect(clampTime(1.5, 3)).toBe(1.5);
  expect(clampTime(4, 3)).toBe(3);
  expect(clampTime(Number.NaN, 3)).toBe(0);
});
