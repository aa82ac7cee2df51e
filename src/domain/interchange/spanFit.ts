// How a span sits in its clip, the interchange format's rule for a region that runs past its
// clip's end (docs/spec/interchange-format.md, "Reading rules"): the reader's cross-field
// checks, the other tools' readers and fitting a marked span (study/spans.ts) all ask it.

/**
 * How a valid span sits in a clip of `duration` seconds: wholly "inside"; "clamped" when it
 * starts inside and ends past the clip (its end is then cut to the duration); "outside" when it
 * starts at or after the clip's end (cut, it would be empty).
 */
export function spanFit(
  span: { readonly start: number; readonly end: number },
  duration: number,
): "inside" | "clamped" | "outside" {
  if (span.end <= duration) return "inside";
  return span.start >= duration ? "outside" : "clamped";
}
