import { describe, expect, test } from "vitest";
import { colorForKey, paletteColor, SPAN_PALETTE, spanFill, withAlpha } from "./colors.ts";

describe("palette", () => {
  test("has 8 distinct #RRGGBB colours", () => {
    expect(SPAN_PALETTE).toHaveLength(8);
    expect(new Set(SPAN_PALETTE.map((c) => c.toLowerCase())).size).toBe(8);
    for (const c of SPAN_PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/i);
  });
  test("paletteColor wraps around in both directions", () => {
    expect(paletteColor(0)).toBe("#332288");
    expect(paletteColor(8)).toBe("#332288");
    expect(paletteColor(9)).toBe("#CC6677");
    expect(paletteColor(-1)).toBe("#AA4499");
  });
  test("colorForKey is stable and spreads keys over the palette", () => {
    expect(colorForKey("w17")).toBe(colorForKey("w17"));
    const used = new Set(Array.from({ length: 64 }, (_, i) => colorForKey(`annotator-${i}`)));
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const c of used) expect(SPAN_PALETTE).toContain(c);
  });
  test("palette colours are dark enough to read as a border on white (luminance < 0.6)", () => {
    for (const c of SPAN_PALETTE) {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16) / 255);
      const lum = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      expect(lum).toBeLessThan(0.6);
    }
  });
});

describe("withAlpha", () => {
  test("converts #RRGGBB and #RGB", () => {
    expect(withAlpha("#332288", 0.2)).toBe("rgba(51, 34, 136, 0.2)");
    expect(withAlpha("#fff", 1)).toBe("rgba(255, 255, 255, 1)");
    expect(withAlpha("0a0B0c", 0.5)).toBe("rgba(10, 11, 12, 0.5)");
  });
  test("clamps alpha and rejects what is not a hex colour", () => {
    expect(withAlpha("#000000", 2)).toBe("rgba(0, 0, 0, 1)");
    expect(() => withAlpha("red", 0.3)).toThrow(/"red" is not a #RGB or #RRGGBB colour/);
  });
  test("spanFill is stronger for the selected span", () => {
    expect(spanFill("#332288", false)).toBe("rgba(51, 34, 136, 0.18)");
    expect(spanFill("#332288", true)).toBe("rgba(51, 34, 136, 0.32)");
  });
});
