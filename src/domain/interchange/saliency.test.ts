import { describe, expect, test } from "vitest";
import { mergeSaliency } from "./saliency.ts";
import { parseAnnotationFile, parseAnnotationText, serializeAnnotationFile } from "./schema.ts";

type Json = Record<string, unknown>;

function base(saliency?: unknown): Json {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [
      { id: "c1", name: "a.wav", duration: 1 },
      { id: "c2", name: "b.wav", duration: 2 },
    ],
    annotators: [{ id: "w1", role: "crowd" }],
    submissions: [{ clipId: "c1", annotatorId: "w1" }],
    regions: [],
    reasonLabels: [],
    ...(saliency === undefined ? {} : { saliency }),
  };
}

const record = { clipId: "c1", model: "ssl-mos-ig", hopSeconds: 0.02, values: [0.1, 0.7] };

function errors(saliency: unknown): string[] {
  const result = parseAnnotationFile(base(saliency));
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors.map((e) => `${e.path}: ${e.message}`);
}

describe("saliency[] in the interchange format", () => {
  test("a file without it reads as before and is written without it", () => {
    const result = parseAnnotationFile(base());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file.saliency).toBeUndefined();
    expect(serializeAnnotationFile(result.file)).not.toContain("saliency");
  });

  test("records are read, written in the spec's key order and read back the same", () => {
    const input = [
      { values: [0.5], offsetSeconds: 0.01, hopSeconds: 0.1, model: "m", clipId: "c2" },
      record,
    ];
    const result = parseAnnotationFile(base(input));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file.saliency).toEqual(input);
    const text = serializeAnnotationFile(result.file);
    expect(text).toContain(
      '"saliency": [\n    {\n      "clipId": "c2",\n      "model": "m",\n      "hopSeconds": 0.1,\n      "offsetSeconds": 0.01,\n      "values": [\n        0.5\n      ]',
    );
    const again = parseAnnotationText(text);
    expect(again.ok && again.file.saliency).toEqual(input);
  });

  test("keys it does not take are dropped", () => {
    const result = parseAnnotationFile(base([{ ...record, note: "x" }]));
    expect(result.ok && result.file.saliency).toEqual([record]);
  });

  test("each broken rule is refused with its JSON path", () => {
    expect(errors([{ ...record, clipId: "c9" }])).toEqual([
      'saliency[0].clipId: no clip with id "c9"',
    ]);
    expect(errors([record, { ...record, values: [1] }])).toEqual([
      'saliency[1]: duplicate saliency of clip "c1" by model "ssl-mos-ig" (first at saliency[0])',
    ]);
    expect(errors([{ ...record, hopSeconds: 0 }])).toEqual([
      "saliency[0].hopSeconds: must be greater than 0 (got 0)",
    ]);
    expect(errors([{ ...record, offsetSeconds: -0.1 }])).toEqual([
      "saliency[0].offsetSeconds: must be at least 0 (got -0.1)",
    ]);
    expect(errors([{ ...record, values: [] }])).toEqual([
      "saliency[0].values: must have at least 1 item",
    ]);
    expect(errors([{ ...record, values: [0.1, Number.NaN] }])).toEqual([
      "saliency[0].values[1]: must be a number (got NaN)",
    ]);
    expect(errors([{ ...record, model: "" }])).toEqual(["saliency[0].model: must not be empty"]);
    expect(errors({})).toEqual(["saliency: must be an array (got an object)"]);
  });

  test("merging replaces a clip's record of the same model in place and appends new ones", () => {
    const stored = [record, { ...record, clipId: "c2" }];
    const merged = mergeSaliency(stored, [
      { ...record, clipId: "c2", values: [9] },
      { ...record, model: "other" },
    ]);
    expect(merged).toEqual([
      record,
      { ...record, clipId: "c2", values: [9] },
      { ...record, model: "other" },
    ]);
  });
});
