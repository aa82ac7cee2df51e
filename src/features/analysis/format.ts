// Number formatting for the analysis screen: one place so that every figure of a kind is
// shown the same way (and the browser tests can read it back at the shown precision).
import { binWidthFault } from "../../domain/interchange/binWidth.ts";

import { NULL_MARK } from "../../domain/util/fixed.ts";

export { fixed, NULL_MARK } from "../../domain/util/fixed.ts";

/** A p-value: 3 decimals, scientific notation below 0.001. */
export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return NULL_MARK;
  if (p === 0) return "0";
  if (p < 0.001) return p.toExponential(2);
  return p.toFixed(3);
}

/** A whole count with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** A share 0..1 as a percentage with one decimal. */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NULL_MARK;
  return `${(value * 100).toFixed(1)}%`;
}

/** Bin width as typed by people and used in file names: no trailing zeros ("0.1", "0.25"). */
export function binLabel(seconds: number): string {
  return String(Number(seconds.toPrecision(12)));
}

/** The report's download file name, `<studyId>-report-bin<width>.json`. */
export function reportFileName(studyId: string, binSeconds: number): string {
  return `${studyId}-report-bin${binLabel(binSeconds)}.json`;
}

/** Exactly what `stats --json` prints for a report. */
export function reportJson(report: unknown): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * Parses the bin-width field: a finite number of seconds, at least 1 ms. Returns the number,
 * or a message saying what is wrong.
 */
export function parseBinSeconds(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "Enter a bin width in seconds, e.g. 0.1." };
  const value = Number(trimmed);
  // The format's rule (binWidth.ts: finite, positive, at least 1 µs), then this screen's own
  // floor: below a millisecond the bin vectors of a long study would run to billions of entries.
  const fault = binWidthFault(value);
  if (fault === "not-a-number")
    return {
      ok: false,
      error: `"${trimmed}" is not a number: enter the bin width in seconds, e.g. 0.1.`,
    };
  if (fault === "not-positive")
    return { ok: false, error: "The bin width must be greater than 0 seconds." };
  if (fault !== undefined || value < 0.001)
    return { ok: false, error: "The bin width must be at least 0.001 s (1 ms)." };
  return { ok: true, value };
}

/** Parses the annotator-quality threshold: a share between 0 and 1. */
export function parseThreshold(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === "" || !Number.isFinite(value)) {
    return { ok: false, error: "Enter a share between 0 and 1, e.g. 0.2." };
  }
  if (value < 0 || value > 1) return { ok: false, error: "The threshold must be between 0 and 1." };
  return { ok: true, value };
}
