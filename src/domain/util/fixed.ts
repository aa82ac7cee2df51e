// One way to print a figure with fixed decimals, for the analysis screen and the command line's
// text report alike: an undefined figure is "—", and a value that rounds to zero prints without
// a minus sign ("-0.000" reads as a sign that is not there).

/** The mark shown for an undefined (null) figure. */
export const NULL_MARK = "—";

/** Fixed decimals (3 by default: kappa, alpha, r, rho, fractions). */
export function fixed(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NULL_MARK;
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}
