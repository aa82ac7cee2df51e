// Chart colours: the Okabe–Ito palette, readable under the common colour-vision deficiencies.
// Ordered so the first colours keep good contrast on white (yellow last).
export const SYSTEM_PALETTE = [
  "#0072B2", // blue
  "#E69F00", // orange
  "#009E73", // bluish green
  "#CC79A7", // reddish purple
  "#56B4E9", // sky blue
  "#D55E00", // vermillion
  "#000000", // black
  "#F0E442", // yellow
] as const;

/** The scale's colours for `n` categories (repeating after 8: the table beside says which). */
export function systemColors(n: number): string[] {
  return Array.from({ length: n }, (_, i) => SYSTEM_PALETTE[i % SYSTEM_PALETTE.length] ?? "#000");
}

/**
 * The order of systems in every chart's colour scale and every table (natural order, "S2"
 * before "S10"), so a system has the same colour in the scatter and the error-type chart.
 */
export function orderSystems(systems: Iterable<string>): string[] {
  return [...new Set(systems)].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}
