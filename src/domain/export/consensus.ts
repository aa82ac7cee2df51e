// The crowd's consensus regions as files (issue 10): a CSV with one row per consensus region
// (majority and model), a JSON with the report's consensus summary and every clip's regions,
// and two TextGrid tiers per clip (textgrid.ts). The figures are domain/stats/consensus.ts's.
import Papa from "papaparse";
import { FORMULA_START } from "../formats/csv/writeSpans.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { type Consensus, computeConsensus } from "../stats/consensus.ts";

export const CONSENSUS_CSV_COLUMNS = ["clip", "clip_name", "method", "start", "end"] as const;

/** The study's consensus at its bin width (0.1 s by default), regions included. */
export function studyConsensus(file: AnnotationFile): Consensus {
  return computeConsensus(file, file.study.binSeconds ?? 0.1, true);
}

/**
 * RFC 4180 CSV, one row per consensus region: clips in study order (those with two or more
 * crowd annotations), the majority's regions then the model's, by start. `start`/`end` are
 * seconds on the microsecond grid (the bins' edges; the last bin ends at the clip's end).
 */
export function toConsensusCsv(file: AnnotationFile, consensus = studyConsensus(file)): string {
  const names = new Map(file.clips.map((c) => [c.id, c.name]));
  const rows: (string | number)[][] = [];
  for (const clip of consensus.clips) {
    for (const method of ["majority", "model"] as const) {
      for (const s of clip[method]) {
        rows.push([clip.clipId, names.get(clip.clipId) ?? "", method, s.start, s.end]);
      }
    }
  }
  const body = Papa.unparse(
    { fields: [...CONSENSUS_CSV_COLUMNS], data: rows },
    { newline: "\r\n", header: true, escapeFormulae: FORMULA_START },
  );
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}

/**
 * `{ format: "redpen-consensus", version: 1, studyId, binSeconds, summary, clips }`: the
 * report's consensus summary (each crowd annotator's sensitivity, specificity and kappas) and per
 * clip its crowd annotators and majority and model regions, two-space indented.
 */
export function toConsensusJson(file: AnnotationFile, consensus = studyConsensus(file)): string {
  return `${JSON.stringify(
    {
      format: "redpen-consensus",
      version: 1,
      studyId: file.study.id,
      binSeconds: file.study.binSeconds ?? 0.1,
      summary: consensus.summary,
      clips: consensus.clips,
    },
    null,
    2,
  )}\n`;
}
