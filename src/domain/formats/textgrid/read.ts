// Praat TextGrids in the long ("Save as text file") and short ("Save as short text file") text
// forms, UTF-8 or UTF-16. Both forms are the same sequence of values: the long one puts a name
// before each ("xmin = 0", "item [1]:"), the short one does not. So the reader takes only the
// values, as Praat does: quoted strings ("" is a quote inside one), numbers and <flags>, skipping
// names, "=", ":" and anything in brackets. Each IntervalTier is an annotator; its non-empty
// intervals are spans. Point tiers (TextTier) hold no spans: left out, with a note. A binary
// TextGrid ("ooBinaryFile") and a chronological one are refused with what to do instead; the
// "ooTextFile short" header of Praat before version 5 is read as the short form.
import { decodeText, type ForeignDocument, type ForeignTier, FormatError } from "../foreign.ts";

type Token =
  | { kind: "string"; value: string; line: number }
  | { kind: "number"; value: number; line: number }
  | { kind: "flag"; value: string; line: number };

const TOKEN =
  /"((?:[^"]|"")*)"|\[[^\]\n]*\]|<([a-z]+)>|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|(\n)|[^"[<\d\n+-]+|[\s\S]/g;

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  for (const m of text.matchAll(TOKEN)) {
    if (m[1] !== undefined) {
      out.push({ kind: "string", value: m[1].replace(/""/g, '"'), line });
      line += (m[1].match(/\n/g) ?? []).length;
    } else if (m[2] !== undefined) out.push({ kind: "flag", value: m[2], line });
    else if (m[3] !== undefined) out.push({ kind: "number", value: Number(m[3]), line });
    else if (m[4] !== undefined) line++;
  }
  return out;
}

/** Reads a TextGrid file's bytes. */
export function parseTextGrid(bytes: Uint8Array, file: string): ForeignDocument {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 12));
  if (head === "ooBinaryFile") {
    throw new FormatError(
      file,
      "",
      'a binary TextGrid, which only Praat reads: open it in Praat and choose "Save as text file…", then import that file',
    );
  }
  const list = tokens(decodeText(bytes, file));
  let at = 0;
  const where = () => `line ${list[Math.min(at, list.length - 1)]?.line ?? 1}`;
  const fail = (detail: string): never => {
    throw new FormatError(file, where(), detail);
  };
  const str = (what: string): string => {
    const t = list[at];
    if (t?.kind !== "string")
      fail(`expected ${what} (a quoted text)${t ? "" : ", found the end of the file"}`);
    at++;
    return (t as { value: string }).value;
  };
  const num = (what: string): number => {
    const t = list[at];
    if (t?.kind !== "number")
      fail(`expected ${what} (a number)${t ? "" : ", found the end of the file"}`);
    at++;
    return (t as { value: number }).value;
  };
  // Praat before version 5 wrote "ooTextFile short" at the top of the short form.
  const type = str("the file type");
  if (type === "Praat chronological TextGrid text file") {
    at = 0;
    fail(
      'a chronological TextGrid, which this reader does not take: open it in Praat and choose "Save as text file…", then import that file',
    );
  }
  if (type !== "ooTextFile" && type !== "ooTextFile short") {
    at = 0;
    fail('not a Praat text file (it should start with File type = "ooTextFile")');
  }
  const kind = str("the object class");
  if (kind !== "TextGrid") {
    at = 1;
    fail(`a Praat ${kind}, not a TextGrid`);
  }
  num("xmin");
  num("xmax");
  const flag = list[at];
  if (flag?.kind !== "flag") fail("expected <exists> or <absent>");
  at++;
  const tiers: ForeignTier[] = [];
  const notes: string[] = [];
  if ((flag as { value: string }).value === "exists") {
    const size = num("the number of tiers");
    for (let t = 0; t < size; t++) {
      const cls = str("a tier class");
      if (cls !== "IntervalTier" && cls !== "TextTier") {
        at--;
        fail(`unknown tier class "${cls}" (a TextGrid has IntervalTiers and TextTiers)`);
      }
      const name = str("a tier name");
      num("the tier's xmin");
      num("the tier's xmax");
      const count = num("the number of intervals or points");
      if (cls === "IntervalTier") {
        const tier: ForeignTier = { annotator: name, spans: [] };
        for (let i = 0; i < count; i++) {
          const line = list[at]?.line ?? 0;
          const start = num("an interval's xmin");
          const end = num("an interval's xmax");
          const label = str("an interval's text");
          if (label.trim() !== "") {
            tier.spans.push({
              start,
              end,
              label,
              where: `line ${line}, tier "${name}", interval ${i + 1}`,
            });
          }
        }
        tiers.push(tier);
      } else {
        for (let i = 0; i < count; i++) {
          num("a point's time");
          str("a point's mark");
        }
        notes.push(`tier "${name}" is a point tier (no spans): left out`);
      }
    }
  }
  return { format: "textgrid", source: file, audio: file, tiers, notes };
}
