// The import card's saliency files, read in the import worker: a CSV of frames or .npy arrays
// named after their clips (domain/formats/saliency/read.ts, the command line's readers), then
// stored in one transaction (db/saliency.ts) when no file has a problem.

import type { RedPenDB } from "../db/db.ts";
import { putSaliency } from "../db/saliency.ts";
import { studyToFile } from "../db/studyFiles.ts";
import {
  isSaliencyFileName,
  readSaliencyCsv,
  readSaliencyNpy,
} from "../domain/formats/saliency/read.ts";
import { saliencyKey } from "../domain/interchange/saliency.ts";
import type { SaliencyRecord } from "../domain/interchange/types.ts";
import type { FileReport, SaliencyImportResult } from "./importMessages.ts";

export async function importSaliency(
  request: { files: File[]; studyId: string; model: string; hopSeconds?: number },
  database: RedPenDB,
): Promise<SaliencyImportResult> {
  const study = await studyToFile(request.studyId, database);
  if (!study) throw new Error(`no study "${request.studyId}"`);
  const options = {
    model: request.model,
    ...(request.hopSeconds === undefined ? {} : { hopSeconds: request.hopSeconds }),
  };
  const reports: FileReport[] = [];
  const records: SaliencyRecord[] = [];
  const from = new Map<string, string>();
  for (const file of request.files) {
    const report: FileReport = { name: file.name, errors: [], warnings: [] };
    reports.push(report);
    if (!isSaliencyFileName(file.name)) {
      report.errors.push({
        path: "",
        message: "a model's saliency is a .csv of frames or a .npy array per clip",
      });
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = /\.npy$/i.test(file.name)
      ? readSaliencyNpy(bytes, file.name, study, options)
      : readSaliencyCsv(new TextDecoder().decode(bytes), study, options);
    if (!result.ok) {
      report.errors.push(...result.errors);
      continue;
    }
    for (const r of result.records) {
      const earlier = from.get(saliencyKey(r));
      if (earlier !== undefined) {
        report.errors.push({
          path: "",
          message: `clip "${r.clipId}" has saliency in ${earlier} too: give each clip once`,
        });
        continue;
      }
      from.set(saliencyKey(r), file.name);
      records.push(r);
    }
  }
  if (reports.some((r) => r.errors.length > 0) || records.length === 0) {
    return { files: reports, stored: null };
  }
  const replaced = await putSaliency(request.studyId, records, database);
  return {
    files: reports,
    stored: {
      clips: records.length,
      frames: records.reduce((n, r) => n + r.values.length, 0),
      replaced,
    },
  };
}
