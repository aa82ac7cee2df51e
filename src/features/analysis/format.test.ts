import { describe, expect, it } from "vitest";
import {
  binLabel,
  count,
  fixed,
  NULL_MARK,
  parseBinSeconds,
  parseThreshold,
  percent,
  pValue,
  reportFileName,
  reportJson,
} from "./format.ts";

describe("fixed", () => {
  it("rounds to 3 decimals by default", () => {
    expect(fixed(0.12345)).toBe("0.123");
    expect(fixed(0.6667)).toBe("0.667");
    expect(fixed(1)).toBe("1.000");
    expect(fixed(-0.25)).toBe("-0.250");
  });
  it("never shows a negative zero", () => {
    expect(fixed(-0.0001)).toBe("0.000");
    expect(fixed(-0)).toBe("0.000");
  });
  it("shows the null mark for null, undefined and non-finite numbers", () => {
    expect(fixed(null)).toBe(NULL_MARK);
    expect(fixed(undefined)).toBe(NULL_MARK);
    expect(fixed(Number.NaN)).toBe(NULL_MARK);
  });
  it("honours other precisions", () => {
    expect(fixed(1.23456, 2)).toBe("1.23");
  });
});

describe("pValue", () => {
  it("uses 3 decimals at 0.001 and above", () => {
    expect(pValue(0.04321)).toBe("0.043");
    expect(pValue(0.001)).toBe("0.001");
    expect(pValue(1)).toBe("1.000");
  });
  it("switches to scientific notation below 0.001", () => {
    expect(pValue(0.000999)).toBe("9.99e-4");
    expect(pValue(1.234e-12)).toBe("1.23e-12");
  });
  it("shows an exact zero (|r| = 1) as 0, and null as the null mark", () => {
    expect(pValue(0)).toBe("0");
    expect(pValue(null)).toBe(NULL_MARK);
  });
});

describe("count and percent", () => {
  it("groups thousands", () => {
    expect(count(20000)).toBe("20,000");
  });
  it("formats shares as percentages", () => {
    expect(percent(0.1234)).toBe("12.3%");
    expect(percent(null)).toBe(NULL_MARK);
  });
});

describe("report file", () => {
  it("names the file after the study and the bin width, without trailing zeros", () => {
    expect(reportFileName("vcc2018-pilot", 0.1)).toBe("vcc2018-pilot-report-bin0.1.json");
    expect(reportFileName("s", 0.25)).toBe("s-report-bin0.25.json");
    expect(reportFileName("s", 0.1 + 0.2)).toBe("s-report-bin0.3.json");
    expect(binLabel(1)).toBe("1");
  });
  it("is pretty-printed JSON with two spaces and a final newline, like stats --json", () => {
    expect(reportJson({ a: 1, b: [null] })).toBe('{\n  "a": 1,\n  "b": [\n    null\n  ]\n}\n');
  });
});

describe("parseBinSeconds", () => {
  it("accepts positive seconds", () => {
    expect(parseBinSeconds("0.25")).toEqual({ ok: true, value: 0.25 });
    expect(parseBinSeconds(" 1 ")).toEqual({ ok: true, value: 1 });
    expect(parseBinSeconds("0.001")).toEqual({ ok: true, value: 0.001 });
  });
  it.each([
    ["", /enter a bin width/i],
    ["abc", /not a number/i],
    ["0", /greater than 0/i],
    ["-0.1", /greater than 0/i],
    ["0.0001", /at least 0\.001/i],
    ["0.0000004", /at least 0\.001/i],
    ["Infinity", /not a number/i],
  ])("refuses %j", (text, message) => {
    const result = parseBinSeconds(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe("parseThreshold", () => {
  it("accepts shares between 0 and 1 inclusive", () => {
    expect(parseThreshold("0")).toEqual({ ok: true, value: 0 });
    expect(parseThreshold("0.2")).toEqual({ ok: true, value: 0.2 });
    expect(parseThreshold("1")).toEqual({ ok: true, value: 1 });
  });
  it("refuses empty, non-numeric and out-of-range input", () => {
    expect(parseThreshold("").ok).toBe(false);
    expect(parseThreshold("x").ok).toBe(false);
    expect(parseThreshold("1.5").ok).toBe(false);
    expect(parseThreshold("-0.1").ok).toBe(false);
  });
});
