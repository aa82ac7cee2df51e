// Span colours. Paul Tol's "muted" qualitative scheme (minus its pale sand), designed to stay
// distinguishable under the common colour-vision deficiencies and readable on white.

export const SPAN_PALETTE = [
  "#332288", // indigo
  "#CC6677", // rose
  "#117733", // green
  "#4477AA", // blue (from Tol's "bright" scheme: the muted cyan is too pale for a border)
  "#882255", // wine
  "#44AA99", // teal
  "#999933", // olive
  "#AA4499", // purple
] as const;

/** The palette colour at position `index` (wrapping around). */
export function paletteColor(index: number): string {
  const n = SPAN_PALETTE.length;
  const i = ((Math.trunc(index) % n) + n) % n;
  return SPAN_PALETTE[i] ?? SPAN_PALETTE[0];
}

/** A stable palette colour for a key such as an annotator id (FNV-1a hash of the string). */
export function colorForKey(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return paletteColor(hash % SPAN_PALETTE.length);
}

/** "#RRGGBB" (or "#RGB") with an alpha in [0, 1] → "rgba(r, g, b, a)". */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`withAlpha: "${hex}" is not a #RGB or #RRGGBB colour`);
  let digits = m[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  const r = Number.parseInt(digits.slice(0, 2), 16);
  const g = Number.parseInt(digits.slice(2, 4), 16);
  const b = Number.parseInt(digits.slice(4, 6), 16);
  const a = Math.min(1, Math.max(0, alpha));
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** The translucent fill of a span on the waveform: stronger when it is the selected one. */
export function spanFill(color: string, selected: boolean): string {
  return withAlpha(color, selected ? 0.32 : 0.18);
}
