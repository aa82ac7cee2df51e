// The downloads the study page offers, as name + type + bytes, built from one interchange file.

import { audacityFiles } from "../formats/audacity/write.ts";
import { toJudgmentCsv } from "../formats/csv/writeJudgments.ts";
import { toSpanCsv } from "../formats/csv/writeSpans.ts";
import { eafFiles } from "../formats/eaf/write.ts";
import { safeFileName } from "../formats/names.ts";
import { textGridFiles } from "../formats/textgrid/write.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { toBinMatrixCsv } from "./bins.ts";
import { studyConsensus, toConsensusCsv, toConsensusJson } from "./consensus.ts";
import { toInterchangeJson } from "./json.ts";
import { trnFiles } from "./trn.ts";
import { zipTextFiles } from "./zip.ts";

export type ExportKind =
  | "json"
  | "csv"
  | "audacity"
  | "textgrid"
  | "eaf"
  | "bins"
  | "consensus"
  | "trn"
  | "judgments"
  | "all";

export interface ExportDownload {
  fileName: string;
  mimeType: string;
  data: string | Uint8Array<ArrayBuffer>;
}

const ZIP = "application/zip";

function prefixed(prefix: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [`${prefix}${k}`, v]));
}

/**
 * One download. File names start with the study id: `<id>.json`, `<id>-spans.csv`,
 * `<id>-audacity-labels.zip` (`<clip>.txt` and `by-annotator/<clip>.<annotator>.txt`),
 * `<id>-textgrids.zip` (with the consensus tiers), `<id>-elan.zip` (`<clip>.eaf`),
 * `<id>-bins.csv`, `<id>-consensus.zip` (`<id>-consensus.csv` and `<id>-consensus.json`),
 * `<id>-trn.zip` (per system `<system>/ref.trn` and `<system>/hyp.trn` for NIST sclite, and
 * `asr-<recogniser>/<system>/…` per recogniser), `<id>-judgments.csv` (a comparison test's
 * judgments), `<id>-all-exports.zip` (all of them: `<id>.json`, `<id>-spans.csv`,
 * `<id>-bins.csv`, the two consensus files, `audacity/…`, `textgrid/<clip>.TextGrid`,
 * `elan/<clip>.eaf`, `trn/…`, and `<id>-judgments.csv` when the study has judgments).
 */
export function buildExport(
  kind: ExportKind,
  file: AnnotationFile,
  now = new Date(),
): ExportDownload {
  const id = safeFileName(file.study.id);
  switch (kind) {
    case "json":
      return {
        fileName: `${id}.json`,
        mimeType: "application/json",
        data: toInterchangeJson(file),
      };
    case "csv":
      return { fileName: `${id}-spans.csv`, mimeType: "text/csv", data: toSpanCsv(file) };
    case "audacity":
      return {
        fileName: `${id}-audacity-labels.zip`,
        mimeType: ZIP,
        data: zipTextFiles(audacityFiles(file), now),
      };
    case "textgrid":
      return {
        fileName: `${id}-textgrids.zip`,
        mimeType: ZIP,
        data: zipTextFiles(textGridFiles(file, studyConsensus(file).clips), now),
      };
    case "eaf":
      return {
        fileName: `${id}-elan.zip`,
        mimeType: ZIP,
        data: zipTextFiles(eafFiles(file, now.toISOString()), now),
      };
    case "bins":
      return { fileName: `${id}-bins.csv`, mimeType: "text/csv", data: toBinMatrixCsv(file) };
    case "consensus": {
      const consensus = studyConsensus(file);
      return {
        fileName: `${id}-consensus.zip`,
        mimeType: ZIP,
        data: zipTextFiles(
          {
            [`${id}-consensus.csv`]: toConsensusCsv(file, consensus),
            [`${id}-consensus.json`]: toConsensusJson(file, consensus),
          },
          now,
        ),
      };
    }
    case "trn":
      return { fileName: `${id}-trn.zip`, mimeType: ZIP, data: zipTextFiles(trnFiles(file), now) };
    case "judgments":
      return {
        fileName: `${id}-judgments.csv`,
        mimeType: "text/csv",
        data: toJudgmentCsv(file),
      };
    case "all": {
      const consensus = studyConsensus(file);
      return {
        fileName: `${id}-all-exports.zip`,
        mimeType: ZIP,
        data: zipTextFiles(
          {
            [`${id}.json`]: toInterchangeJson(file),
            [`${id}-spans.csv`]: toSpanCsv(file),
            [`${id}-bins.csv`]: toBinMatrixCsv(file),
            [`${id}-consensus.csv`]: toConsensusCsv(file, consensus),
            [`${id}-consensus.json`]: toConsensusJson(file, consensus),
            ...prefixed("audacity/", audacityFiles(file)),
            ...prefixed("textgrid/", textGridFiles(file, consensus.clips)),
            ...prefixed("elan/", eafFiles(file, now.toISOString())),
            ...prefixed("trn/", trnFiles(file)),
            ...((file.judgments?.length ?? 0) > 0
              ? { [`${id}-judgments.csv`]: toJudgmentCsv(file) }
              : {}),
          },
          now,
        ),
      };
    }
  }
}
