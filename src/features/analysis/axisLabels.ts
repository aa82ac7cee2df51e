// The left margin of a chart whose y axis names categories (systems, listener groups), from
// the labels' measured widths, so that a long or non-Latin label ("tiếng Việt, tiếng Anh",
// "简体中文") is shown whole instead of cut at the figure's edge; a label wider than the
// margin allows is wrapped onto lines. The width comes from a canvas in the browser and from a
// conservative estimate where there is none (tests).

/** How wide a text is, in pixels, at the chart's font. */
export type Measure = (text: string) => number;

/** Characters drawn about as wide as they are tall: CJK, kana, Hangul, full-width forms. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** An upper estimate of a text's width in a sans-serif face at `fontPx`, without a canvas. */
export function estimateWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += WIDE.test(ch) ? 1 : /[A-Z0-9MW@%]/.test(ch) ? 0.72 : 0.6;
  return em * fontPx;
}

/** The browser's measure of text at the chart's font; the estimate where there is no canvas. */
export function textMeasure(fontPx: number, family = "system-ui, sans-serif"): Measure {
  const canvas = typeof document === "undefined" ? null : document.createElement("canvas");
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas?.getContext("2d") ?? null;
  } catch {
    context = null;
  }
  if (!context) return (text) => estimateWidth(text, fontPx);
  const ctx = context;
  ctx.font = `${fontPx}px ${family}`;
  return (text) => ctx.measureText(text).width;
}

/** Splits a label into lines no wider than `width`, at spaces (a word wider than it stays whole). */
function wrap(label: string, width: number, measure: Measure): string[] {
  const words = label.split(/\s+/).filter((w) => w !== "");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [label];
}

export interface AxisLabels {
  /** The chart's left margin: the widest (wrapped) label, the tick and its padding. */
  marginLeft: number;
  /** Each label as it is drawn: its lines joined by line feeds (Plot draws each on its own line). */
  text: Map<string, string>;
  /** Lines of the tallest label (for the row height). */
  lines: number;
}

/**
 * Lays the y-axis labels out: a margin that fits the widest label, up to `maxMargin`; labels
 * wider than that are wrapped at spaces. `gap` is the axis tick's length and padding.
 */
export function axisLabels(
  labels: readonly string[],
  measure: Measure,
  { minMargin = 40, maxMargin = 220, gap = 12 } = {},
): AxisLabels {
  const room = maxMargin - gap;
  const text = new Map<string, string>();
  let widest = 0;
  let lines = 1;
  for (const label of labels) {
    const parts = measure(label) <= room ? [label] : wrap(label, room, measure);
    text.set(label, parts.join("\n"));
    lines = Math.max(lines, parts.length);
    for (const part of parts) widest = Math.max(widest, measure(part));
  }
  return { marginLeft: Math.max(minMargin, Math.ceil(widest + gap)), text, lines };
}
