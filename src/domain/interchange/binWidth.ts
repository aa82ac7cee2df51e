// The one rule for a bin width (docs/spec/statistics.md, "Annotations and bins"): a finite number
// of seconds, at least one microsecond, since times are compared in whole microseconds. The
// interchange schema, computeReport, the command line's --bin and the app's bin width fields all
// ask this function; each words the answer for its own audience.

/** The smallest bin width, in seconds: one microsecond. */
export const MIN_BIN_SECONDS = 0.000001;

/** `MIN_BIN_SECONDS` as people read it (String(1e-6) is "0.000001"). */
export const MIN_BIN_SECONDS_TEXT = "0.000001";

/** What is wrong with a bin width, or undefined when it can be used. */
export type BinWidthFault = "not-a-number" | "not-positive" | "under-one-microsecond";

export function binWidthFault(seconds: number): BinWidthFault | undefined {
  if (!Number.isFinite(seconds)) return "not-a-number";
  if (seconds <= 0) return "not-positive";
  if (seconds < MIN_BIN_SECONDS) return "under-one-microsecond";
  return undefined;
}
