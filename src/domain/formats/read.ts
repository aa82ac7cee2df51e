// Which tool wrote a file, by its name and first bytes, and its documents.

import type { ParseResult } from "../interchange/schema.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { parseAudacityLabels } from "./audacity/read.ts";
import {
  COMPARISON_CSV_NAMES,
  type ComparisonCsvKind,
  comparisonCsvKind,
  comparisonCsvToFile,
} from "./csv/readComparisons.ts";
import {
  looksLikeTranscriptsCsv,
  type TranscriptImportOptions,
  transcriptsCsvToFile,
} from "./csv/readTranscripts.ts";
import { parseEaf } from "./eaf/read.ts";
import { decodeText, FORMAT_NAMES, type ForeignDocument, FormatError } from "./foreign.ts";
import { parseLabelStudio } from "./labelstudio/read.ts";
import { parseTextGrid } from "./textgrid/read.ts";
import { foreignToInterchange } from "./toInterchange.ts";

export type FileKind =
  | "interchange"
  | "textgrid"
  | "audacity"
  | "eaf"
  | "label-studio"
  | "transcripts"
  | ComparisonCsvKind;

/**
 * What a picked file is: a TextGrid (by name, or Praat's header), an ELAN file (.eaf, or XML
 * with ANNOTATION_DOCUMENT), JSON (a RedPen interchange file, or a Label Studio export when it is
 * an array), comparison results (webMUSHRA's paired_comparison.csv or the P.808 toolkit's CCR
 * votes per worker, by their header), a transcripts CSV (.csv, or a header with clip, annotator
 * and transcript), else an Audacity label file (.txt, or tab-separated lines).
 */
export function detectKind(bytes: Uint8Array, name: string): FileKind {
  const lower = name.toLowerCase();
  if (lower.endsWith(".textgrid")) return "textgrid";
  if (lower.endsWith(".eaf")) return "eaf";
  // Latin-1 keeps every byte; the NULs of UTF-16 text are dropped so its ASCII reads as such.
  const head = [...new TextDecoder("latin1").decode(bytes.subarray(0, 400))]
    .filter((ch) => ch.charCodeAt(0) !== 0)
    .join("");
  if (
    head.startsWith("ooBinaryFile") ||
    /Object class = "TextGrid"|"ooTextFile|"Praat chronological TextGrid/.test(head)
  ) {
    return "textgrid";
  }
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<ANNOTATION_DOCUMENT/.test(head)) return "eaf";
  const start = head.replace(/^\ufeff|^\u00ef\u00bb\u00bf/, "").trimStart();
  if (start.startsWith("[")) return "label-studio";
  if (start.startsWith("{") || lower.endsWith(".json")) return "interchange";
  const comparison = comparisonCsvKind(start);
  if (comparison !== null) return comparison;
  if (lower.endsWith(".csv") || looksLikeTranscriptsCsv(start)) return "transcripts";
  return "audacity";
}

/** The documents of a file another tool wrote (not an interchange file). */
export function readForeign(bytes: Uint8Array, name: string, kind: FileKind): ForeignDocument[] {
  switch (kind) {
    case "textgrid":
      return [parseTextGrid(bytes, name)];
    case "audacity":
      return [parseAudacityLabels(bytes, name)];
    case "eaf":
      return [parseEaf(bytes, name)];
    case "label-studio": {
      let value: unknown;
      try {
        value = JSON.parse(decodeText(bytes, name));
      } catch (error) {
        if (error instanceof FormatError) throw error;
        throw new FormatError(name, "", `not valid JSON (${(error as Error).message})`);
      }
      return parseLabelStudio(value, name);
    }
    case "interchange":
      throw new Error("an interchange file is read by domain/interchange/schema.ts");
    case "transcripts":
      throw new Error("a transcripts CSV is read by formats/transcriptsCsv.ts");
    case "webmushra":
    case "p808":
      throw new Error("comparison results are read by formats/csv/readComparisons.ts");
  }
}

/**
 * A file of another tool as an interchange file of `study` (refused, with the place, when it
 * cannot be read or names no clip of the study; refused when there is no study to import into).
 */
export function foreignResult(
  bytes: Uint8Array,
  name: string,
  study: AnnotationFile | undefined,
  options: TranscriptImportOptions = {},
): ParseResult | undefined {
  const kind = detectKind(bytes, name);
  if (kind === "interchange") return undefined;
  if (kind === "webmushra" || kind === "p808") {
    if (!study) {
      return {
        ok: false,
        errors: [
          {
            path: "",
            message: `${COMPARISON_CSV_NAMES[kind]} results name no study: import them from the study's page, or with --into STUDY.json`,
          },
        ],
      };
    }
    try {
      return comparisonCsvToFile(decodeText(bytes, name), study, kind);
    } catch (error) {
      if (error instanceof FormatError) {
        return { ok: false, errors: [{ path: error.where, message: error.detail }] };
      }
      throw error;
    }
  }
  if (kind === "transcripts") {
    if (!study) {
      return {
        ok: false,
        errors: [
          {
            path: "",
            message:
              "a transcripts CSV names no study: import it from the study's page, or with --into STUDY.json",
          },
        ],
      };
    }
    try {
      return transcriptsCsvToFile(decodeText(bytes, name), study, options);
    } catch (error) {
      if (error instanceof FormatError) {
        return { ok: false, errors: [{ path: error.where, message: error.detail }] };
      }
      throw error;
    }
  }
  if (!study) {
    return {
      ok: false,
      errors: [
        {
          path: "",
          message: `${/^[AEIOU]/.test(FORMAT_NAMES[kind]) ? "an" : "a"} ${FORMAT_NAMES[kind]} file names no study: import it from the study's page ("Import annotations" there), where its spans become the study's`,
        },
      ],
    };
  }
  try {
    const { file, warnings } = foreignToInterchange(readForeign(bytes, name, kind), study);
    const prefix = `${name}: `;
    return {
      ok: true,
      file,
      warnings: warnings.map((w) => ({
        path: "",
        message: w.startsWith(prefix) ? w.slice(prefix.length) : w,
      })),
    };
  } catch (error) {
    if (error instanceof FormatError) {
      return { ok: false, errors: [{ path: error.where, message: error.detail }] };
    }
    throw error;
  }
}
