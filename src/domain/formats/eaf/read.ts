// ELAN annotation documents (.eaf, EAF 2.x/3.0 XML). Time slots (TIME_ORDER/TIME_SLOT, in
// milliseconds) give the times; each TIER with time-aligned annotations (ALIGNABLE_ANNOTATION,
// TIME_SLOT_REF1 → TIME_SLOT_REF2) is an annotator, each of its annotations a span (one with an
// empty value a span without reasons).
// A tier of reference annotations (REF_ANNOTATION: symbolic, no times of its own) holds no spans:
// left out, with a note; so is an annotation whose slot has no time (unaligned). The audio is the
// first MEDIA_DESCRIPTOR's file (RELATIVE_MEDIA_URL, else MEDIA_URL). The XML is read with
// fast-xml-parser: the import runs in a worker, where the browser's DOMParser does not exist.
import { XMLParser } from "fast-xml-parser";
import { decodeText, type ForeignDocument, type ForeignTier, FormatError } from "../foreign.ts";

type Node = Record<string, unknown>;

const list = (x: unknown): Node[] =>
  x === undefined || x === null ? [] : Array.isArray(x) ? (x as Node[]) : [x as Node];

const text = (x: unknown): string =>
  typeof x === "string"
    ? x
    : typeof x === "number"
      ? String(x)
      : typeof x === "object" && x !== null && "#text" in x
        ? String((x as Node)["#text"])
        : "";

export function parseEaf(bytes: Uint8Array, file: string): ForeignDocument {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  });
  let doc: Node;
  try {
    doc = parser.parse(decodeText(bytes, file), true) as Node;
  } catch (error) {
    throw new FormatError(
      file,
      "",
      `not well-formed XML (${String((error as Error).message ?? error).split("\n")[0]})`,
    );
  }
  const root = doc.ANNOTATION_DOCUMENT as Node | undefined;
  if (!root) throw new FormatError(file, "", "not an ELAN file: no ANNOTATION_DOCUMENT element");
  const header = (root.HEADER ?? {}) as Node;
  const units = String(header["@TIME_UNITS"] ?? "milliseconds");
  if (units !== "milliseconds") {
    throw new FormatError(file, "HEADER", `time units "${units}" (only milliseconds are read)`);
  }
  const media = list(header.MEDIA_DESCRIPTOR)[0];
  const url = String(media?.["@RELATIVE_MEDIA_URL"] ?? media?.["@MEDIA_URL"] ?? "");
  const audio = url ? decodeURIComponent(url.split(/[/\\]/).pop() ?? url) : file;
  const slots = new Map<string, number | null>();
  for (const slot of list((root.TIME_ORDER as Node | undefined)?.TIME_SLOT)) {
    const id = String(slot["@TIME_SLOT_ID"] ?? "");
    const value = slot["@TIME_VALUE"];
    if (value === undefined) slots.set(id, null);
    else {
      const ms = Number(value);
      if (!Number.isFinite(ms)) {
        throw new FormatError(
          file,
          `TIME_SLOT "${id}"`,
          `TIME_VALUE "${String(value)}" is not a number of milliseconds`,
        );
      }
      slots.set(id, ms);
    }
  }
  const tiers: ForeignTier[] = [];
  const notes: string[] = [];
  let unaligned = 0;
  for (const tier of list(root.TIER)) {
    const name = String(tier["@TIER_ID"] ?? "");
    const annotations = list(tier.ANNOTATION);
    const aligned = annotations.flatMap((a) => list(a.ALIGNABLE_ANNOTATION));
    if (aligned.length === 0 && annotations.length > 0) {
      notes.push(`tier "${name}" holds reference annotations (no times of their own): left out`);
      continue;
    }
    const out: ForeignTier = { annotator: name, spans: [] };
    for (const a of aligned) {
      const id = String(a["@ANNOTATION_ID"] ?? "");
      const where = `TIER "${name}", ANNOTATION "${id}"`;
      const ref1 = String(a["@TIME_SLOT_REF1"] ?? "");
      const ref2 = String(a["@TIME_SLOT_REF2"] ?? "");
      if (!slots.has(ref1) || !slots.has(ref2)) {
        throw new FormatError(
          file,
          where,
          `refers to a time slot that TIME_ORDER does not have (${!slots.has(ref1) ? ref1 : ref2})`,
        );
      }
      const t1 = slots.get(ref1);
      const t2 = slots.get(ref2);
      if (t1 === null || t2 === null || t1 === undefined || t2 === undefined) {
        unaligned++;
        continue;
      }
      // An empty value is a span nobody gave a reason (as an Audacity label without text).
      const label = text(a.ANNOTATION_VALUE);
      out.spans.push({ start: t1 / 1000, end: t2 / 1000, label, where });
    }
    tiers.push(out);
  }
  if (unaligned > 0)
    notes.push(
      `${unaligned} annotation${unaligned === 1 ? "" : "s"} without a time (unaligned slots): left out`,
    );
  return { format: "eaf", source: file, audio, tiers, notes };
}
