// A model's saliency brought into a study (interchange format, `saliency[]`), from what a
// researcher's script writes: a CSV of frames (`clip,time,value`, evenly spaced frame start
// times, or `clip,start,end,value`, one row a frame) or NumPy .npy arrays, one per clip, named
// after the clip, with the hop given. A clip is named by its id or file name. Every problem is
// reported by file, line and clip, and nothing is taken from a file with any.
//
// Frame f of a record covers [offset + f·hop, offset + (f + 1)·hop): a CSV's first frame time is
// the offset and the step between its times the hop; times are compared in integer
// microseconds, so a step of 0.02 s written as 0.019999999 or 0.0200001 still counts as even.
import Papa from "papaparse";
import type { Problem } from "../../interchange/problems.ts";
import type { AnnotationFile, SaliencyRecord } from "../../interchange/types.ts";
import { us } from "../../study/spans.ts";
import { clipFinder } from "../clipLookup.ts";
import { readNpy } from "./npy.ts";

export interface SaliencyOptions {
  /** The model's name (the records' `model`). */
  model: string;
  /** Seconds between frames: required for .npy, checked against a CSV's times when given. */
  hopSeconds?: number;
}

export type SaliencyResult =
  | { ok: true; records: SaliencyRecord[] }
  | { ok: false; errors: Problem[] };

/** True for the file names read as saliency: .csv and .npy. */
export function isSaliencyFileName(name: string): boolean {
  return /\.(csv|npy)$/i.test(name);
}

const seconds = (microseconds: number) => microseconds / 1e6;

/** The hop check: the one given and the file's step must be the same number of microseconds. */
function hopMismatch(given: number | undefined, stepUs: number): string | null {
  if (given === undefined || us(given) === stepUs) return null;
  return `the frames are ${seconds(stepUs)} s apart, not the --hop ${given} s given`;
}

/** A frame value: a finite number, or the problem with the text. */
function frameValue(text: string | undefined): number | string {
  const t = (text ?? "").trim();
  if (t === "") return "value is empty";
  const v = Number(t);
  if (Number.isNaN(v))
    return /^[+-]?nan$/i.test(t) ? "value is NaN" : `value "${t}" is not a number`;
  if (!Number.isFinite(v)) return `value ${t} is not finite`;
  return v;
}

interface Frame {
  line: number;
  startUs: number;
  endUs?: number;
  value: number;
}

/**
 * Reads a saliency CSV of `study`'s clips. With `time`, each clip's times must be evenly
 * spaced (at least two, or one with `hopSeconds`); with `start` and `end`, its frames must all
 * be as long and follow one another without gaps.
 */
export function readSaliencyCsv(
  text: string,
  study: AnnotationFile,
  options: SaliencyOptions,
): SaliencyResult {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const errors: Problem[] = [];
  const fail = (where: string, message: string): void => {
    errors.push({ path: where, message });
  };
  const fields = new Set(parsed.meta.fields ?? []);
  const spans = fields.has("start") && fields.has("end");
  if (!fields.has("clip") || !fields.has("value") || (!spans && !fields.has("time"))) {
    fail(
      "line 1",
      `the header must be clip,time,value or clip,start,end,value (it is ${(parsed.meta.fields ?? []).join(",") || "empty"})`,
    );
    return { ok: false, errors };
  }
  for (const e of parsed.errors) fail(`line ${(e.row ?? 0) + 2}`, e.message);
  if (errors.length > 0) return { ok: false, errors };

  const findClip = clipFinder(study.clips);
  const framesOf = new Map<string, Frame[]>();
  for (const [i, row] of parsed.data.entries()) {
    const line = i + 2;
    const name = (row.clip ?? "").trim();
    if (name === "") {
      fail(`line ${line}`, "clip is empty");
      continue;
    }
    const clip = findClip(name);
    if (typeof clip === "string") {
      fail(`line ${line}`, clip);
      continue;
    }
    const where = `line ${line}, clip "${clip.id}"`;
    const value = frameValue(row.value);
    if (typeof value === "string") {
      fail(where, value);
      continue;
    }
    const times: number[] = [];
    let timeProblem: string | null = null;
    for (const key of spans ? ["start", "end"] : ["time"]) {
      const raw = (row[key] ?? "").trim();
      const t = Number(raw);
      if (raw === "" || !Number.isFinite(t) || t < 0) {
        timeProblem = `${key} must be a number of seconds, at least 0 (got "${raw}")`;
        break;
      }
      times.push(us(t));
    }
    if (timeProblem !== null) {
      fail(where, timeProblem);
      continue;
    }
    const [startUs, endUs] = times as [number, number | undefined];
    if (endUs !== undefined && endUs <= startUs) {
      fail(where, `end must be greater than start (${row.start})`);
      continue;
    }
    const list = framesOf.get(clip.id) ?? [];
    list.push({ line, startUs, ...(endUs === undefined ? {} : { endUs }), value });
    framesOf.set(clip.id, list);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (framesOf.size === 0) {
    fail("line 2", "the file has no frames");
    return { ok: false, errors };
  }

  const records: SaliencyRecord[] = [];
  for (const [clipId, rows] of framesOf) {
    const frames = [...rows].sort((a, b) => a.startUs - b.startUs);
    const first = frames[0] as Frame;
    const clip = study.clips.find((c) => c.id === clipId);
    const where = (f: Frame) => `line ${f.line}, clip "${clipId}"`;
    let stepUs: number;
    if (first.endUs !== undefined) stepUs = first.endUs - first.startUs;
    else if (frames.length > 1) stepUs = (frames[1] as Frame).startUs - first.startUs;
    else if (options.hopSeconds !== undefined) stepUs = us(options.hopSeconds);
    else {
      fail(where(first), "one frame alone does not tell its hop: give --hop SECONDS");
      continue;
    }
    if (stepUs <= 0) {
      fail(
        where(frames[1] as Frame),
        `a second frame at the same time ${seconds(first.startUs)} s`,
      );
      continue;
    }
    const mismatch = hopMismatch(options.hopSeconds, stepUs);
    if (mismatch !== null) {
      fail(where(first), mismatch);
      continue;
    }
    const uneven = frames.findIndex(
      (f, k) =>
        f.startUs !== first.startUs + k * stepUs ||
        (f.endUs !== undefined && f.endUs !== f.startUs + stepUs),
    );
    if (uneven >= 0) {
      const f = frames[uneven] as Frame;
      fail(
        where(f),
        f.endUs !== undefined && f.startUs === first.startUs + uneven * stepUs
          ? `the frame ${seconds(f.startUs)}–${seconds(f.endUs)} s is not ${seconds(stepUs)} s long like the first: frames must be evenly spaced`
          : `uneven frame times: ${seconds(f.startUs)} s where the frames ${seconds(stepUs)} s apart from ${seconds(first.startUs)} s put ${seconds(first.startUs + uneven * stepUs)} s`,
      );
      continue;
    }
    if (clip !== undefined && first.startUs >= us(clip.duration)) {
      fail(
        where(first),
        `the first frame starts at ${seconds(first.startUs)} s, at or past the clip's end (${clip.duration} s)`,
      );
      continue;
    }
    records.push({
      clipId,
      model: options.model,
      hopSeconds: seconds(stepUs),
      offsetSeconds: seconds(first.startUs),
      values: frames.map((f) => f.value),
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, records };
}

/**
 * Reads one clip's .npy array (the clip named by the file's name without `.npy`), frames
 * `hopSeconds` apart from 0. The frames must span the clip to within one hop.
 */
export function readSaliencyNpy(
  bytes: Uint8Array,
  fileName: string,
  study: AnnotationFile,
  options: SaliencyOptions,
): SaliencyResult {
  const fail = (message: string): SaliencyResult => ({
    ok: false,
    errors: [{ path: "", message }],
  });
  if (options.hopSeconds === undefined) {
    return fail("a .npy array has no frame times: give --hop SECONDS (the model's frame hop)");
  }
  const name = fileName.replace(/^.*[/\\]/, "").replace(/\.npy$/i, "");
  const clip = clipFinder(study.clips)(name);
  if (typeof clip === "string") return fail(`${clip} (a .npy file is named after its clip)`);
  const values = readNpy(bytes);
  if (typeof values === "string") return fail(values);
  if (values.length === 0) return fail(`clip "${clip.id}": the array is empty`);
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    return fail(`clip "${clip.id}": value ${bad} (frame ${bad}) is ${values[bad]}`);
  }
  const hopUs = us(options.hopSeconds);
  const spanUs = values.length * hopUs;
  const durationUs = us(clip.duration);
  if (Math.abs(spanUs - durationUs) > hopUs) {
    return fail(
      `clip "${clip.id}": ${values.length} frames of --hop ${options.hopSeconds} s span ${seconds(spanUs)} s, but the clip is ${clip.duration} s long: the hop does not match (the frames must span the clip to within one hop)`,
    );
  }
  return {
    ok: true,
    records: [
      {
        clipId: clip.id,
        model: options.model,
        hopSeconds: options.hopSeconds,
        offsetSeconds: 0,
        values: Array.from(values),
      },
    ],
  };
}
