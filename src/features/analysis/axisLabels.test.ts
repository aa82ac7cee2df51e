// The y-axis labels' layout (axisLabels.ts) with a measure of fixed width per character, so
// every figure is worked by hand: 6 px per character, a 12 px gap for the tick and its padding.
import { expect, test } from "vitest";
import { axisLabels, estimateWidth } from "./axisLabels.ts";

const sixPx = (text: string) => 6 * [...text].length;

test("the margin fits the widest label: 'tiếng Việt,tiếng Anh' is 20 characters, 120 px + 12", () => {
  const layout = axisLabels(["vi", "tiếng Việt,tiếng Anh"], sixPx);
  expect(layout.marginLeft).toBe(132);
  expect(layout.text.get("tiếng Việt,tiếng Anh")).toBe("tiếng Việt,tiếng Anh");
  expect(layout.lines).toBe(1);
  // Short labels keep the smallest margin.
  expect(axisLabels(["A", "B"], sixPx).marginLeft).toBe(40);
});

test("a label wider than the largest margin wraps at spaces onto lines that fit", () => {
  // Room: 220 − 12 = 208 px = 34 characters.
  const label = "Nederlands, Vlaams, Frysk, Limburgs, Zeeuws, Nedersaksisch en nog veel meer";
  const layout = axisLabels([label], sixPx);
  const lines = layout.text.get(label)?.split("\n") ?? [];
  expect(lines).toEqual([
    "Nederlands, Vlaams, Frysk,",
    "Limburgs, Zeeuws, Nedersaksisch en",
    "nog veel meer",
  ]);
  expect(lines.join(" ")).toBe(label);
  expect(layout.lines).toBe(3);
  // The widest line, 34 characters: 204 + 12.
  expect(layout.marginLeft).toBe(216);
});

test("without a canvas, the estimate counts CJK characters a whole em, others 0.6 or 0.72", () => {
  expect(estimateWidth("日本語", 12)).toBeCloseTo(36, 10);
  expect(estimateWidth("vi", 12)).toBeCloseTo(14.4, 10);
  expect(estimateWidth("A1", 10)).toBeCloseTo(14.4, 10);
});
