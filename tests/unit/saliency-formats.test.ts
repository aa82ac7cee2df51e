// The saliency readers (src/domain/formats/saliency) against .npy files written by numpy.save
// (tests/formats/saliency) and CSVs written here.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { readNpy } from "../../src/domain/formats/saliency/npy.ts";
import { readSaliencyCsv, readSaliencyNpy } from "../../src/domain/formats/saliency/read.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/formats/saliency/${name}`));

const study: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [],
  clips: [
    { id: "s01_espeak", name: "s01_espeak.wav", duration: 0.1 },
    { id: "c2", name: "two.wav", duration: 1 },
  ],
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
};

const model = { model: "ig" };

describe("NumPy .npy arrays written by numpy.save", () => {
  test("little-endian float32 and big-endian float64 give the same numbers", () => {
    const expected = [0.5, -1.25, 3, 0.125, 2];
    expect(Array.from(readNpy(fixture("s01_espeak.npy")) as Float64Array)).toEqual(expected);
    expect(Array.from(readNpy(fixture("s01_espeak.big-f8.npy")) as Float64Array)).toEqual(expected);
  });

  test("what is not a 1-D float array is refused with what it is", () => {
    expect(readNpy(fixture("two-d.npy"))).toMatch(/shape \(2, 3\): it must be 1-D/);
    expect(readNpy(fixture("ints.npy"))).toMatch(/type is "<i4": it must be float32 or float64/);
    expect(readNpy(new TextEncoder().encode("clip,time,value\n"))).toMatch(
      /not a NumPy \.npy file/,
    );
    expect(readNpy(fixture("s01_espeak.npy").subarray(0, 140))).toMatch(/cut short/);
  });

  test("one clip per file, named after it, with the hop given", () => {
    // Five frames of 0.02 s span the clip's 0.1 s exactly.
    expect(
      readSaliencyNpy(fixture("s01_espeak.npy"), "out/s01_espeak.npy", study, {
        ...model,
        hopSeconds: 0.02,
      }),
    ).toEqual({
      ok: true,
      records: [
        {
          clipId: "s01_espeak",
          model: "ig",
          hopSeconds: 0.02,
          offsetSeconds: 0,
          values: [0.5, -1.25, 3, 0.125, 2],
        },
      ],
    });
  });

  test("errors name the clip: unknown clip, NaN, a hop that does not match, no hop", () => {
    const msg = (bytes: Uint8Array, name: string, hopSeconds?: number) => {
      const r = readSaliencyNpy(bytes, name, study, {
        ...model,
        ...(hopSeconds === undefined ? {} : { hopSeconds }),
      });
      return r.ok ? "ok" : r.errors.map((e) => e.message).join("\n");
    };
    const npy = fixture("s01_espeak.npy");
    expect(msg(npy, "s09.npy", 0.02)).toBe(
      'clip "s09" is not in the study (neither an id nor a file name) (a .npy file is named after its clip)',
    );
    expect(msg(fixture("with-nan.npy"), "s01_espeak.npy", 0.02)).toBe(
      'clip "s01_espeak": value 2 (frame 2) is NaN',
    );
    expect(msg(npy, "s01_espeak.npy", 0.05)).toBe(
      'clip "s01_espeak": 5 frames of --hop 0.05 s span 0.25 s, but the clip is 0.1 s long: the hop does not match (the frames must span the clip to within one hop)',
    );
    // Within one hop: 5 × 0.025 = 0.125 s against 0.1 s is accepted.
    expect(msg(npy, "s01_espeak.npy", 0.025)).toBe("ok");
    expect(msg(npy, "s01_espeak.npy")).toMatch(/give --hop SECONDS/);
  });
});

describe("saliency CSVs", () => {
  const read = (text: string, hopSeconds?: number) =>
    readSaliencyCsv(text, study, { ...model, ...(hopSeconds === undefined ? {} : { hopSeconds }) });
  const messages = (text: string, hopSeconds?: number) => {
    const r = read(text, hopSeconds);
    return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
  };

  test("clip,time,value: evenly spaced times give the hop and the offset, rows in any order", () => {
    const r = read(
      "clip,time,value\ntwo.wav,0.07,3\nc2,0.01,1\ntwo,0.04,2\ns01_espeak,0,9\ns01_espeak,0.05,8\n",
    );
    expect(r).toEqual({
      ok: true,
      records: [
        { clipId: "c2", model: "ig", hopSeconds: 0.03, offsetSeconds: 0.01, values: [1, 2, 3] },
        { clipId: "s01_espeak", model: "ig", hopSeconds: 0.05, offsetSeconds: 0, values: [9, 8] },
      ],
    });
  });

  test("clip,start,end,value: frames of one length, one after another", () => {
    expect(read("clip,start,end,value\nc2,0.2,0.3,1\nc2,0.3,0.4,-2\n")).toEqual({
      ok: true,
      records: [
        { clipId: "c2", model: "ig", hopSeconds: 0.1, offsetSeconds: 0.2, values: [1, -2] },
      ],
    });
  });

  test("errors name the file's line and the clip", () => {
    expect(messages("clip,time,value\nc9,0,1\n")).toEqual([
      'line 2: clip "c9" is not in the study (neither an id nor a file name)',
    ]);
    expect(messages("clip,time,value\nc2,0,1\nc2,0.1,2\nc2,0.25,3\n")).toEqual([
      'line 4, clip "c2": uneven frame times: 0.25 s where the frames 0.1 s apart from 0 s put 0.2 s',
    ]);
    expect(messages("clip,time,value\nc2,0,1\nc2,0.1,NaN\n")).toEqual([
      'line 3, clip "c2": value is NaN',
    ]);
    expect(messages("clip,time,value\nc2,0,1\nc2,0.1,2\n", 0.02)).toEqual([
      'line 2, clip "c2": the frames are 0.1 s apart, not the --hop 0.02 s given',
    ]);
    expect(messages("clip,start,end,value\nc2,0,0.1,1\nc2,0.1,0.3,2\n")).toEqual([
      'line 3, clip "c2": the frame 0.1–0.3 s is not 0.1 s long like the first: frames must be evenly spaced',
    ]);
    expect(messages("clip,time,value\nc2,0,1\n")).toEqual([
      'line 2, clip "c2": one frame alone does not tell its hop: give --hop SECONDS',
    ]);
    expect(messages("clip,t,value\nc2,0,1\n")).toEqual([
      "line 1: the header must be clip,time,value or clip,start,end,value (it is clip,t,value)",
    ]);
    expect(messages("clip,time,value\nc2,1,1\nc2,2,1\n")).toEqual([
      'line 2, clip "c2": the first frame starts at 1 s, at or past the clip\'s end (1 s)',
    ]);
  });

  test("times within a microsecond of even count as even; one frame with --hop is a record", () => {
    const r = read("clip,time,value\nc2,0,1\nc2,0.0199999999,2\nc2,0.0400000001,3\n");
    expect(r.ok && r.records[0]?.hopSeconds).toBe(0.02);
    const one = read("clip,time,value\nc2,0.5,4\n", 0.02);
    expect(one.ok && one.records).toEqual([
      { clipId: "c2", model: "ig", hopSeconds: 0.02, offsetSeconds: 0.5, values: [4] },
    ]);
  });
});
