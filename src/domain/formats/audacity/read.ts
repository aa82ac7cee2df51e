// Audacity label files (File › Export › Labels…): one label per line, "start<TAB>end<TAB>text",
// seconds with a "." or (in some locales) a "," decimal separator. A line starting with a tab
// or a backslash is the frequency range of the label above (spectral selection): skipped. A
// point label (start = end) marks no span: left out, with a note. The labeller comes from the
// text when it starts with "id: " (as our exports write it), else the file stands for one
// annotator, named "audacity".
import { decodeText, type ForeignDocument, type ForeignTier, FormatError } from "../foreign.ts";

/** The annotator of labels without an "id: " prefix. */
export const AUDACITY_ANNOTATOR = "audacity";

const number = (text: string) => Number(text.trim().replace(",", "."));

export function parseAudacityLabels(bytes: Uint8Array, file: string): ForeignDocument {
  const lines = decodeText(bytes, file).split(/\r\n|\n|\r/);
  const tiers = new Map<string, ForeignTier>();
  let points = 0;
  lines.forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("\t") || line.startsWith("\\")) return;
    const where = `line ${i + 1}`;
    const parts = line.split("\t");
    if (parts.length < 2) {
      throw new FormatError(file, where, "expected start, a tab, end, a tab and a label");
    }
    const start = number(parts[0] as string);
    const end = number(parts[1] as string);
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0) {
      throw new FormatError(
        file,
        where,
        `"${parts[0]}" and "${parts[1]}" are not a start and an end in seconds`,
      );
    }
    if (end < start)
      throw new FormatError(file, where, `the end (${end}) is before the start (${start})`);
    if (end === start) {
      points++;
      return;
    }
    const text = parts.slice(2).join("\t");
    const prefixed = /^([^\s:]+):\s*(.*)$/s.exec(text);
    const annotator = prefixed ? (prefixed[1] as string) : AUDACITY_ANNOTATOR;
    const label = prefixed ? (prefixed[2] as string) : text;
    const tier = tiers.get(annotator) ?? { annotator, spans: [] };
    tiers.set(annotator, tier);
    tier.spans.push({ start, end, label, where });
  });
  const notes =
    points > 0
      ? [
          `${points} point ${points === 1 ? "label" : "labels"} (start = end) mark no span: left out`,
        ]
      : [];
  return { format: "audacity", source: file, audio: file, tiers: [...tiers.values()], notes };
}
