// ELAN annotation documents (EAF 3.0), one per clip: a time-aligned tier per annotator whose
// annotations carry the reasons as their values. An ELAN tier, like a Praat tier, cannot hold
// overlapping annotations, so the same split as the TextGrid's is used (textgrid.ts
// tierIntervals): each stretch covered by an annotator's spans is one annotation named by all
// their reasons joined with "+" ("unlabelled" without any). ELAN counts time in whole
// milliseconds: times are rounded to the millisecond (a span at 1.2345 s is at 1235 ms).

import type { AnnotationFile } from "../../interchange/types.ts";
import { annotatedClips, annotatorsOfClip, clipFileStems, reasonsByRegion, us } from "../names.ts";
import { tierIntervals } from "../textgrid/write.ts";

const xml = (text: string): string =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    // Characters XML 1.0 does not allow at all (control characters but tab and line breaks).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

/**
 * The MIME_TYPE of the clip's MEDIA_DESCRIPTOR, which EAF 3.0 requires: ELAN's own values,
 * "audio/x-wav" for a .wav file and its generic "audio/*" for any other audio.
 */
export function eafMimeType(clipName: string): string {
  return /\.wav$/i.test(clipName) ? "audio/x-wav" : "audio/*";
}

/** The clip's file name as a relative URL: percent-encoded, "#" and "?" too (not a fragment). */
const mediaUrl = (name: string): string =>
  xml(encodeURI(name).replace(/[#?]/g, (c) => encodeURIComponent(c)));

/** The clip's ELAN document. `exportedAt` is the DATE attribute (ISO 8601). */
export function toEaf(file: AnnotationFile, clipId: string, exportedAt: string): string {
  const clip = file.clips.find((c) => c.id === clipId);
  if (!clip) throw new Error(`no clip with id "${clipId}"`);
  const duration = us(clip.duration);
  const reasons = reasonsByRegion(file);
  const order = new Map(file.taxonomy.map((t, i) => [t.id, i]));
  const rank = (r: string) => order.get(r) ?? Number.MAX_SAFE_INTEGER;
  const tiers = annotatorsOfClip(file, clipId).map((annotatorId) => {
    const spans = file.regions
      .filter((r) => r.clipId === clipId && r.annotatorId === annotatorId)
      .map((r) => ({ s: us(r.start), e: us(r.end), reasons: reasons.get(r.id) ?? [] }));
    return {
      annotatorId,
      annotations: tierIntervals(duration, spans, rank)
        .filter((iv) => iv.text !== "")
        .map((iv) => ({
          start: Math.round(iv.xmin / 1000),
          end: Math.round(iv.xmax / 1000),
          text: iv.text,
        }))
        .filter((a) => a.end > a.start),
    };
  });
  const times = [
    ...new Set(tiers.flatMap((t) => t.annotations.flatMap((a) => [a.start, a.end]))),
  ].sort((a, b) => a - b);
  const slot = new Map(times.map((t, i) => [t, `ts${i + 1}`]));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ANNOTATION_DOCUMENT AUTHOR="RedPen Annotator" DATE="${xml(exportedAt)}" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">`,
    '    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">',
    `        <MEDIA_DESCRIPTOR MEDIA_URL="${mediaUrl(clip.name)}" MIME_TYPE="${eafMimeType(clip.name)}" RELATIVE_MEDIA_URL="./${mediaUrl(clip.name)}"/>`,
    "    </HEADER>",
    "    <TIME_ORDER>",
    ...times.map((t) => `        <TIME_SLOT TIME_SLOT_ID="${slot.get(t)}" TIME_VALUE="${t}"/>`),
    "    </TIME_ORDER>",
  ];
  let next = 1;
  for (const tier of tiers) {
    if (tier.annotations.length === 0) {
      lines.push(`    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="${xml(tier.annotatorId)}"/>`);
      continue;
    }
    lines.push(`    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="${xml(tier.annotatorId)}">`);
    for (const a of tier.annotations) {
      lines.push(
        "        <ANNOTATION>",
        `            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a${next++}" TIME_SLOT_REF1="${slot.get(a.start)}" TIME_SLOT_REF2="${slot.get(a.end)}">`,
        `                <ANNOTATION_VALUE>${xml(a.text)}</ANNOTATION_VALUE>`,
        "            </ALIGNABLE_ANNOTATION>",
        "        </ANNOTATION>",
      );
    }
    lines.push("    </TIER>");
  }
  lines.push(
    '    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
    "</ANNOTATION_DOCUMENT>",
  );
  return `${lines.join("\n")}\n`;
}

/** `<clip name without extension>.eaf` → ELAN document, for every annotated clip. */
export function eafFiles(file: AnnotationFile, exportedAt: string): Record<string, string> {
  const stems = clipFileStems(file.clips);
  const out: Record<string, string> = {};
  for (const clip of annotatedClips(file)) {
    out[`${stems.get(clip.id)}.eaf`] = toEaf(file, clip.id, exportedAt);
  }
  return out;
}
