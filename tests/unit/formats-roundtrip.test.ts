// Round trips to the microsecond: times that are not whole milliseconds, written by our
// TextGrid and Audacity exporters (src/domain/export/) and read back by the importers
// (src/domain/formats/), come back as the same spans with the same reasons. (ELAN counts in
// milliseconds: its round trip is in formats.test.ts, on millisecond times.)
import { describe, expect, test } from "vitest";
import { parseAudacityLabels } from "../../src/domain/formats/audacity/read.ts";
import { toAudacityLabels } from "../../src/domain/formats/audacity/write.ts";
import { parseTextGrid } from "../../src/domain/formats/textgrid/read.ts";
import { toTextGrid } from "../../src/domain/formats/textgrid/write.ts";
import { foreignToInterchange } from "../../src/domain/formats/toInterchange.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [...DEFAULT_TAXONOMY],
  clips: [{ id: "c1", name: "c1.wav", duration: 3.444444 }],
  annotators: [
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
    { id: "e1", role: "expert" },
    { id: "e2", role: "expert" },
  ],
  submissions: [
    { clipId: "c1", annotatorId: "w1" },
    { clipId: "c1", annotatorId: "w2" },
  ],
  regions: [
    { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.123457, end: 1.000001 },
    { id: "r2", clipId: "c1", annotatorId: "w1", start: 1.5, end: 2.999999 },
    { id: "r3", clipId: "c1", annotatorId: "w2", start: 0.000001, end: 0.5 },
    // Ends at the clip's end, itself not a whole millisecond.
    { id: "r4", clipId: "c1", annotatorId: "w2", start: 3.210987, end: 3.444444 },
  ],
  reasonLabels: [
    { regionId: "r1", annotatorId: "e1", reasons: ["high_pitch", "spacing"] },
    { regionId: "r1", annotatorId: "e2", reasons: ["spacing"] },
    { regionId: "r3", annotatorId: "e2", reasons: ["voice_trembling"] },
    { regionId: "r4", annotatorId: "e1", reasons: ["end_of_speech"] },
  ],
});
const empty = (f: AnnotationFile): AnnotationFile => ({ ...f, regions: [], reasonLabels: [] });

/** Each span with its annotator and times. */
const spans = (f: AnnotationFile) =>
  f.regions.map((r) => `${r.annotatorId} ${r.start}-${r.end}`).sort();

describe("round trips to the microsecond", () => {
  test("TextGrid: the same spans, and each reason by the expert who gave it", () => {
    const file = study();
    const doc = parseTextGrid(new TextEncoder().encode(toTextGrid(file, "c1")), "c1.TextGrid");
    const back = foreignToInterchange([doc], empty(file)).file;
    expect(spans(back)).toEqual([
      "w1 0.123457-1.000001",
      "w1 1.5-2.999999",
      "w2 0.000001-0.5",
      "w2 3.210987-3.444444",
    ]);
    expect(spans(back)).toEqual(spans(file));
    const given = (f: AnnotationFile) => {
      const at = new Map(f.regions.map((r) => [r.id, `${r.annotatorId} ${r.start}-${r.end}`]));
      return f.reasonLabels
        .map((l) => `${at.get(l.regionId)} ${l.annotatorId}: ${l.reasons.join("+")}`)
        .sort();
    };
    expect(given(back)).toEqual([
      "w1 0.123457-1.000001 e1: high_pitch+spacing",
      "w1 0.123457-1.000001 e2: spacing",
      "w2 0.000001-0.5 e2: voice_trembling",
      "w2 3.210987-3.444444 e1: end_of_speech",
    ]);
    expect(given(back)).toEqual(given(file));
  });

  test("Audacity: the same spans and reasons (a label file does not say who gave a reason)", () => {
    const file = study();
    const text = toAudacityLabels(file, "c1");
    expect(text.split("\n")[0]).toBe("0.000001\t0.500000\tw2: voice_trembling");
    const doc = parseAudacityLabels(new TextEncoder().encode(text), "c1.txt");
    const back = foreignToInterchange([doc], empty(file)).file;
    expect(spans(back)).toEqual(spans(file));
    const reasons = (f: AnnotationFile) => {
      const union = new Map<string, Set<string>>();
      for (const l of f.reasonLabels) {
        for (const r of l.reasons)
          union.set(l.regionId, (union.get(l.regionId) ?? new Set()).add(r));
      }
      return f.regions
        .map(
          (r) => `${r.annotatorId} ${r.start}-${r.end} ${[...(union.get(r.id) ?? [])].join("+")}`,
        )
        .sort();
    };
    expect(reasons(back)).toEqual([
      "w1 0.123457-1.000001 high_pitch+spacing",
      "w1 1.5-2.999999 ",
      "w2 0.000001-0.5 voice_trembling",
      "w2 3.210987-3.444444 end_of_speech",
    ]);
    expect(reasons(back)).toEqual(reasons(file));
  });
});
