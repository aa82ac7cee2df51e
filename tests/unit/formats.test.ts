// Reading annotations written by other tools (src/domain/formats/): the committed files made by
// Praat itself and by the documented formats of ELAN, Label Studio and Audacity
// (tests/formats/README.md), their conversion to spans of a study, and every refusal.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { exportFixture } from "../../src/domain/export/fixture.test-data.ts";
import { parseAudacityLabels } from "../../src/domain/formats/audacity/read.ts";
import { toAudacityLabels } from "../../src/domain/formats/audacity/write.ts";
import { parseEaf } from "../../src/domain/formats/eaf/read.ts";
import { toEaf } from "../../src/domain/formats/eaf/write.ts";
import { FormatError } from "../../src/domain/formats/foreign.ts";
import { parseLabelStudio } from "../../src/domain/formats/labelstudio/read.ts";
import { detectKind, readForeign } from "../../src/domain/formats/read.ts";
import { parseTextGrid } from "../../src/domain/formats/textgrid/read.ts";
import { foreignToInterchange, reasonsOfLabel } from "../../src/domain/formats/toInterchange.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const dir = path.join("tests", "formats");
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(dir, name)));
const spans = (doc: {
  tiers: { annotator: string; spans: { start: number; end: number; label: string }[] }[];
}) => doc.tiers.map((t) => [t.annotator, t.spans.map((s) => [s.start, s.end, s.label])]);

// What Praat wrote (tests/formats/README.md), read back by hand.
const PRAAT = [
  [
    "w1",
    [
      [0.5, 1.25, "high_pitch+spacing"],
      [2.9, 3.2, "end_of_speech"],
    ],
  ],
  [
    "w2",
    [
      [0.1, 0.45, "Voice trembling"],
      [1.3, 1.31, 'unlabelled span, with "quotes" and é'],
    ],
  ],
];

describe("Praat TextGrid", () => {
  test("the long text form in UTF-16: interval tiers, quotes and é; the point tier noted", () => {
    const doc = parseTextGrid(bytes("s01_espeak.TextGrid"), "s01_espeak.TextGrid");
    expect(spans(doc)).toEqual(PRAAT);
    expect(doc.notes).toEqual(['tier "events" is a point tier (no spans): left out']);
  });

  test("the short text form gives the same", () => {
    const doc = parseTextGrid(bytes("s01_espeak.short.TextGrid"), "s01_espeak.short.TextGrid");
    expect(spans(doc)).toEqual(PRAAT);
  });

  test("a binary TextGrid is refused with what to do", () => {
    expect(() => parseTextGrid(bytes("s01_espeak.binary.TextGrid"), "a.TextGrid")).toThrow(
      'a.TextGrid: a binary TextGrid, which only Praat reads: open it in Praat and choose "Save as text file…", then import that file',
    );
  });

  test("refusals name the line", () => {
    const text = (t: string) => new TextEncoder().encode(t);
    expect(() =>
      parseTextGrid(text('File type = "ooTextFile"\nObject class = "Sound"\n'), "x.TextGrid"),
    ).toThrow("x.TextGrid: line 2: a Praat Sound, not a TextGrid");
    expect(() =>
      parseTextGrid(
        text(
          'File type = "ooTextFile"\nObject class = "TextGrid"\nxmin = 0\nxmax = 1\ntiers? <exists>\nsize = 1\nitem []:\n  item [1]:\n    class = "IntervalTier"\n    name = "w1"\n    xmin = 0\n    xmax = 1\n    intervals: size = 2\n    intervals [1]:\n      xmin = 0\n      xmax = 0.5\n      text = ""\n',
        ),
        "cut.TextGrid",
      ),
    ).toThrow(
      "cut.TextGrid: line 17: expected an interval's xmin (a number), found the end of the file",
    );
    expect(() => parseTextGrid(text("hello"), "h.TextGrid")).toThrow(
      "h.TextGrid: line 1: expected the file type (a quoted text)",
    );
  });
});

describe("ELAN", () => {
  test("time-aligned tiers in ms; the symbolic tier and the unaligned slot noted; entities decoded", () => {
    const doc = parseEaf(bytes("s01_espeak.eaf"), "s01_espeak.eaf");
    expect(doc.audio).toBe("s01_espeak.wav");
    expect(spans(doc)).toEqual([
      [
        "w1",
        [
          [0.5, 1.25, "high_pitch+spacing"],
          [2.9, 3.2, "End of speech"],
        ],
      ],
      ["w2", [[0.1, 0.45, "Voice trembling & more"]]],
    ]);
    expect(doc.notes).toEqual([
      'tier "w1-notes" holds reference annotations (no times of their own): left out',
      "1 annotation without a time (unaligned slots): left out",
    ]);
  });

  test("an annotation with an empty value is a span without reasons, not dropped", () => {
    const text = (t: string) => new TextEncoder().encode(t);
    const doc = parseEaf(
      text(
        '<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="200"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="700"/><TIME_SLOT TIME_SLOT_ID="t3" TIME_VALUE="900"/></TIME_ORDER><TIER TIER_ID="w1"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"><ANNOTATION_VALUE></ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="t2" TIME_SLOT_REF2="t3"><ANNOTATION_VALUE>silence</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER></ANNOTATION_DOCUMENT>',
      ),
      "empty.eaf",
    );
    expect(spans(doc)).toEqual([
      [
        "w1",
        [
          [0.2, 0.7, ""],
          [0.7, 0.9, "silence"],
        ],
      ],
    ]);
    expect(doc.notes).toEqual([]);
  });

  test("refusals: not XML, not ELAN, a missing time slot", () => {
    const text = (t: string) => new TextEncoder().encode(t);
    expect(() => parseEaf(text("<a><b></a>"), "x.eaf")).toThrow(/^x\.eaf: not well-formed XML/);
    expect(() => parseEaf(text("<TextGrid/>"), "x.eaf")).toThrow(
      "x.eaf: not an ELAN file: no ANNOTATION_DOCUMENT element",
    );
    expect(() =>
      parseEaf(
        text(
          '<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="0"/></TIME_ORDER><TIER TIER_ID="w1"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t9"><ANNOTATION_VALUE>x</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER></ANNOTATION_DOCUMENT>',
        ),
        "y.eaf",
      ),
    ).toThrow(
      'y.eaf: TIER "w1", ANNOTATION "a1": refers to a time slot that TIME_ORDER does not have (t9)',
    );
  });
});

describe("Label Studio", () => {
  test("tasks, users, the upload prefix and query taken off; cancelled and choices left out", () => {
    const docs = readForeign(bytes("label-studio-export.json"), "export.json", "label-studio");
    expect(docs.map((d) => d.audio)).toEqual(["s01_espeak.wav", "s02_flite.wav"]);
    expect(spans(docs[0] as (typeof docs)[number])).toEqual([
      [
        "ls-2",
        [
          [0.5, 1.25, "High pitch+Spacing"],
          [2.9, 3.4, "End of speech"],
        ],
      ],
      ["rater5@example.org", [[0.1, 0.45, "Voice trembling"]]],
    ]);
    expect(docs[0]?.notes).toEqual(['results of type "choices" (not labelled regions): left out']);
    expect(spans(docs[1] as (typeof docs)[number])).toEqual([["ls-2", []]]);
  });

  test("refusals name the JSON path", () => {
    expect(() => parseLabelStudio({ tasks: [] }, "e.json")).toThrow(
      "e.json: $: not a Label Studio export (a JSON array of tasks)",
    );
    expect(() =>
      parseLabelStudio(
        [
          {
            data: { audio: "a.wav" },
            annotations: [
              { result: [{ type: "labels", value: { start: "0", end: 1, labels: [] } }] },
            ],
          },
        ],
        "e.json",
      ),
    ).toThrow(
      "e.json: $[0].annotations[0].result[0].value: start and end must be numbers of seconds",
    );
    expect(() => parseLabelStudio([{ annotations: [] }], "e.json")).toThrow(
      "e.json: $[0].data: missing: a task needs its data (the audio's address)",
    );
  });
});

describe("Audacity labels", () => {
  test("tabs, ',' decimals, spectral lines skipped, prefixes as annotators, points left out", () => {
    const doc = parseAudacityLabels(bytes("s01_espeak.txt"), "s01_espeak.txt");
    expect(spans(doc)).toEqual([
      [
        "w1",
        [
          [0.5, 1.25, "high_pitch+spacing"],
          [2.9, 3.2, "end_of_speech"],
        ],
      ],
      ["audacity", [[0.1, 0.45, "Voice trembling"]]],
    ]);
    expect(doc.notes).toEqual(["1 point label (start = end) mark no span: left out"]);
  });

  test("refusals name the line", () => {
    const text = (t: string) => new TextEncoder().encode(t);
    expect(() => parseAudacityLabels(text("0.5\t1\tok\nabc\n"), "l.txt")).toThrow(
      "l.txt: line 2: expected start, a tab, end, a tab and a label",
    );
    expect(() => parseAudacityLabels(text("x\t1\tok\n"), "l.txt")).toThrow(
      'l.txt: line 1: "x" and "1" are not a start and an end in seconds',
    );
    expect(() => parseAudacityLabels(text("2\t1\tok\n"), "l.txt")).toThrow(
      "l.txt: line 1: the end (1) is before the start (2)",
    );
  });
});

test("detectKind: by name, Praat's header, ELAN's root, a JSON array or object", () => {
  const text = (t: string) => new TextEncoder().encode(t);
  expect(detectKind(bytes("s01_espeak.TextGrid"), "renamed.txt")).toBe("textgrid");
  expect(detectKind(bytes("s01_espeak.binary.TextGrid"), "b")).toBe("textgrid");
  expect(detectKind(bytes("s01_espeak.eaf"), "x.xml")).toBe("eaf");
  expect(detectKind(text(" [ {} ]"), "x.json")).toBe("label-studio");
  expect(detectKind(text('{"format":"redpen-annotations"}'), "x.json")).toBe("interchange");
  expect(detectKind(text("0.1\t0.2\tx\n"), "labels.txt")).toBe("audacity");
});

test("reasonsOfLabel: ids or labels in any case, split at + , ; outside parentheses, labellers in them", () => {
  expect(reasonsOfLabel("spacing+HIGH_PITCH", DEFAULT_TAXONOMY)).toEqual([
    { reason: "high_pitch" },
    { reason: "spacing" },
  ]);
  expect(reasonsOfLabel("Voice trembling; energy-related", DEFAULT_TAXONOMY)).toEqual([
    { reason: "voice_trembling" },
    { reason: "energy" },
  ]);
  // Our TextGrids: who gave which reason; a list of labellers in one pair of parentheses too.
  expect(reasonsOfLabel("end_of_speech (e1)+silence (e1)+silence (e2)", DEFAULT_TAXONOMY)).toEqual([
    { reason: "end_of_speech", by: "e1" },
    { reason: "silence", by: "e1" },
    { reason: "silence", by: "e2" },
  ]);
  expect(reasonsOfLabel("silence (e1, e2)", DEFAULT_TAXONOMY)).toEqual([
    { reason: "silence", by: "e1" },
    { reason: "silence", by: "e2" },
  ]);
  expect(reasonsOfLabel("silence, something else", DEFAULT_TAXONOMY)).toBeNull();
  expect(reasonsOfLabel(" ", DEFAULT_TAXONOMY)).toBeNull();
});

describe("as spans of a study", () => {
  const study = (): AnnotationFile => ({
    format: "redpen-annotations",
    version: 1,
    study: { id: "demo", name: "Demo", binSeconds: 0.1 },
    taxonomy: [...DEFAULT_TAXONOMY],
    clips: [
      {
        id: "s01_espeak",
        name: "s01_espeak.wav",
        duration: 3.2,
        system: "espeak",
        sentence: "s01",
      },
      { id: "s02_flite", name: "S02_Flite.WAV", duration: 2.5 },
    ],
    annotators: [{ id: "w1", role: "expert" }],
    submissions: [{ clipId: "s01_espeak", annotatorId: "w1", score: 2 }],
    regions: [{ id: "stored-1", clipId: "s01_espeak", annotatorId: "w1", start: 0.5, end: 1.25 }],
    reasonLabels: [],
  });

  test("the Praat file: clip by name, spans in µs, reasons from ids and labels, texts that are no reason said", () => {
    const doc = parseTextGrid(bytes("s01_espeak.short.TextGrid"), "s01_espeak.short.TextGrid");
    const { file, warnings } = foreignToInterchange([doc], study());
    expect(file.clips.map((c) => c.id)).toEqual(["s01_espeak"]);
    // w1 is the study's (an expert): kept; w2 is new: crowd.
    expect(file.annotators).toEqual([
      { id: "w1", role: "expert" },
      { id: "w2", role: "crowd" },
    ]);
    // w1 already submitted the clip (with a score): no new submission; w2 gets one.
    expect(file.submissions).toEqual([{ clipId: "s01_espeak", annotatorId: "w2" }]);
    // The span the study has keeps its id; the others get ids from annotator, clip and µs.
    expect(file.regions).toEqual([
      { id: "stored-1", clipId: "s01_espeak", annotatorId: "w1", start: 0.5, end: 1.25 },
      {
        id: "w1@s01_espeak@2900000-3200000",
        clipId: "s01_espeak",
        annotatorId: "w1",
        start: 2.9,
        end: 3.2,
      },
      {
        id: "w2@s01_espeak@100000-450000",
        clipId: "s01_espeak",
        annotatorId: "w2",
        start: 0.1,
        end: 0.45,
      },
      {
        id: "w2@s01_espeak@1300000-1310000",
        clipId: "s01_espeak",
        annotatorId: "w2",
        start: 1.3,
        end: 1.31,
      },
    ]);
    expect(file.reasonLabels).toEqual([
      { regionId: "stored-1", annotatorId: "w1", reasons: ["high_pitch", "spacing"] },
      { regionId: "w1@s01_espeak@2900000-3200000", annotatorId: "w1", reasons: ["end_of_speech"] },
      { regionId: "w2@s01_espeak@100000-450000", annotatorId: "w2", reasons: ["voice_trembling"] },
    ]);
    expect(warnings).toEqual([
      's01_espeak.short.TextGrid: tier "events" is a point tier (no spans): left out',
      's01_espeak.short.TextGrid: "unlabelled span, with "quotes" and é" names no reason of the study\'s taxonomy: kept as a span without reasons',
    ]);
  });

  test("Label Studio: the upload prefix and case do not stop the match; spans past the clip cut", () => {
    const docs = readForeign(bytes("label-studio-export.json"), "export.json", "label-studio");
    const { file, warnings } = foreignToInterchange(docs, study());
    expect(file.clips.map((c) => c.id)).toEqual(["s01_espeak", "s02_flite"]);
    expect(file.regions.find((r) => r.start === 2.9)?.end).toBe(3.2);
    expect(warnings).toContain("export.json: 1 span ended past the clip (3.2 s): cut to its end");
    // ls-2 finished s02_flite with nothing marked: a submission says so.
    expect(file.submissions).toContainEqual({ clipId: "s02_flite", annotatorId: "ls-2" });
  });

  test("a file naming no clip of the study is refused by name", () => {
    const doc = parseAudacityLabels(bytes("s01_espeak.txt"), "other_clip.txt");
    expect(() => foreignToInterchange([doc], study())).toThrow(
      'other_clip.txt: no clip of the study is named like "other_clip.txt" (clips are matched by file name without the extension)',
    );
    expect(() => foreignToInterchange([doc], study())).toThrow(FormatError);
  });
});

describe("round trips: our exports read back", () => {
  // The exporter tests' fixture without the overlapping span r3 (overlaps come back split).
  const fixture = () => {
    const file = exportFixture();
    file.regions = file.regions.filter((r) => r.id !== "r3");
    file.reasonLabels = file.reasonLabels.filter((l) => l.regionId !== "r3");
    return file;
  };
  /** Each span of a clip with the union of its reasons, whoever gave them. */
  const spansWithReasons = (f: AnnotationFile, clipId: string) => {
    const reasons = new Map<string, Set<string>>();
    for (const l of f.reasonLabels) {
      const set = reasons.get(l.regionId) ?? new Set<string>();
      for (const r of l.reasons) set.add(r);
      reasons.set(l.regionId, set);
    }
    return f.regions
      .filter((r) => r.clipId === clipId)
      .map(
        (r) =>
          `${r.annotatorId} ${r.start}-${r.end} ${[...(reasons.get(r.id) ?? [])].sort().join("+")}`,
      )
      .sort();
  };
  const empty = (f: AnnotationFile): AnnotationFile => ({ ...f, regions: [], reasonLabels: [] });

  test("Audacity: the same spans (to the microsecond) and reasons", () => {
    const file = fixture();
    const text = toAudacityLabels(file, "c1");
    const doc = parseAudacityLabels(new TextEncoder().encode(text), "N18_30001.txt");
    const back = foreignToInterchange([doc], empty(file)).file;
    expect(spansWithReasons(back, "c1")).toEqual(spansWithReasons(file, "c1"));
  });

  test("ELAN: the same spans (to the millisecond, ELAN's unit) and reasons", () => {
    const file = fixture();
    const text = toEaf(file, "c1", "2026-11-25T00:00:00Z");
    const doc = parseEaf(new TextEncoder().encode(text), "N18_30001.eaf");
    const back = foreignToInterchange([doc], empty(file)).file;
    // The fixture's times are whole milliseconds, so nothing is lost.
    expect(spansWithReasons(back, "c1")).toEqual(spansWithReasons(file, "c1"));
  });
});
