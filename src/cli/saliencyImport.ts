// `import FILES --model NAME [--hop SECONDS] --into STUDY.json --out NEW.json`: a model's
// saliency (CSV of frames, or one .npy array per clip) put into the study's `saliency[]`
// (domain/formats/saliency/read.ts). A clip's record of the same model is replaced; every
// problem is listed by file, line and clip, and nothing is written when any file has one.

import {
  isSaliencyFileName,
  readSaliencyCsv,
  readSaliencyNpy,
  type SaliencyResult,
} from "../domain/formats/saliency/read.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { mergeSaliency, saliencyKey } from "../domain/interchange/saliency.ts";
import { serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile, SaliencyRecord } from "../domain/interchange/types.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError, writeError } from "./fileErrors.ts";

export interface SaliencyImportIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readBytes(path: string): Uint8Array;
  writeFile(path: string, data: string): void;
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Reads every file into the study's saliency and writes `out`; returns the exit code. */
export function importSaliency(
  files: readonly string[],
  study: AnnotationFile,
  out: string,
  options: { model: string; hopSeconds?: number },
  io: SaliencyImportIO,
): number {
  const records: SaliencyRecord[] = [];
  const from = new Map<string, string>();
  const refused = new Set<string>();
  for (const path of files) {
    if (!isSaliencyFileName(path)) {
      io.stderr(`${path}: with --model, files are saliency: a .csv of frames or a .npy array\n`);
      refused.add(path);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = io.readBytes(path);
    } catch (error) {
      io.stderr(`${path}: ${readError(error)}\n`);
      refused.add(path);
      continue;
    }
    const result: SaliencyResult = /\.npy$/i.test(path)
      ? readSaliencyNpy(bytes, path, study, options)
      : readSaliencyCsv(new TextDecoder().decode(bytes), study, options);
    if (!result.ok) {
      io.stderr(result.errors.map((p) => `${problemLine(path, p)}\n`).join(""));
      refused.add(path);
      continue;
    }
    for (const r of result.records) {
      const earlier = from.get(saliencyKey(r));
      if (earlier !== undefined) {
        io.stderr(
          `${path}: clip "${r.clipId}" has saliency in ${earlier} too: give each clip once\n`,
        );
        refused.add(path);
        continue;
      }
      from.set(saliencyKey(r), path);
      records.push(r);
    }
  }
  if (refused.size > 0) {
    io.stderr(`${plural(refused.size, "file")} refused: nothing imported, ${out} not written\n`);
    return EXIT_USAGE;
  }
  const stored = new Set((study.saliency ?? []).map(saliencyKey));
  const replaced = records.filter((r) => stored.has(saliencyKey(r))).length;
  const merged: AnnotationFile = { ...study, saliency: mergeSaliency(study.saliency, records) };
  try {
    io.writeFile(out, serializeAnnotationFile(merged));
  } catch (error) {
    io.stderr(`${out}: cannot write: ${writeError(error)} (nothing imported)\n`);
    return EXIT_USAGE;
  }
  const frames = records.reduce((n, r) => n + r.values.length, 0);
  io.stdout(
    `${out}: ${study.study.name || study.study.id} with saliency of model "${options.model}" for ${plural(records.length, "clip")} (${plural(frames, "frame")})${replaced > 0 ? `, ${replaced} replacing the stored` : ""}\n`,
  );
  return EXIT_OK;
}
