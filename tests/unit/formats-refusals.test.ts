// Every refusal of the readers of other tools' files (src/domain/formats/) with its message, as
// the study page's import card and `redpen import` show it (file, then line, XML element or
// JSON path); and the edges that are read rather than refused: Praat's other encodings and its
// old short header, Audacity labels with no text, times off the microsecond grid, a Label Studio
// export naming several audio files the study does not have.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseAudacityLabels } from "../../src/domain/formats/audacity/read.ts";
import { parseEaf } from "../../src/domain/formats/eaf/read.ts";
import { FormatError } from "../../src/domain/formats/foreign.ts";
import { parseLabelStudio } from "../../src/domain/formats/labelstudio/read.ts";
import { detectKind, foreignResult, readForeign } from "../../src/domain/formats/read.ts";
import { parseTextGrid } from "../../src/domain/formats/textgrid/read.ts";
import { foreignToInterchange } from "../../src/domain/formats/toInterchange.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const utf8 = (t: string) => new TextEncoder().encode(t);
const fixture = (name: string) => new Uint8Array(readFileSync(path.join("tests", "formats", name)));

/** A TextGrid in the long text form with one interval tier `name` of the given intervals. */
const grid = (name: string, intervals: [number, number, string][]) =>
  [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    "xmin = 0",
    "xmax = 3",
    "tiers? <exists>",
    "size = 1",
    "item []:",
    "  item [1]:",
    '    class = "IntervalTier"',
    `    name = "${name}"`,
    "    xmin = 0",
    "    xmax = 3",
    `    intervals: size = ${intervals.length}`,
    ...intervals.flatMap(([a, b, text], i) => [
      `    intervals [${i + 1}]:`,
      `      xmin = ${a}`,
      `      xmax = ${b}`,
      `      text = "${text}"`,
    ]),
    "",
  ].join("\n");

const study = (clips: AnnotationFile["clips"]): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [...DEFAULT_TAXONOMY],
  clips,
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
});
const oneClip = () => study([{ id: "c1", name: "c1.wav", duration: 3 }]);

/** Label Studio tasks, one region each, for the given audio addresses. */
const tasks = (audio: string[], value: Record<string, unknown> = {}) =>
  audio.map((a) => ({
    data: { audio: a },
    annotations: [
      {
        completed_by: 2,
        result: [
          {
            type: "labels",
            from_name: "label",
            to_name: "audio",
            value: { start: 0.5, end: 1.25, labels: ["Silence"], ...value },
          },
        ],
      },
    ],
  }));

describe("Praat TextGrid refusals", () => {
  test("a chronological TextGrid: save it as a text file", () => {
    const text = '"Praat chronological TextGrid text file"\n0 3   ! Time domain.\n';
    expect(() => parseTextGrid(utf8(text), "c1.TextGrid")).toThrow(
      'c1.TextGrid: line 1: a chronological TextGrid, which this reader does not take: open it in Praat and choose "Save as text file…", then import that file',
    );
    // Named .txt it is still seen as Praat's, not as Audacity labels.
    expect(detectKind(utf8(text), "c1.txt")).toBe("textgrid");
  });

  test("another Praat file type", () => {
    expect(() =>
      parseTextGrid(utf8('File type = "ooBinaryFile?"\nObject class = "TextGrid"\n'), "x.TextGrid"),
    ).toThrow(
      'x.TextGrid: line 1: not a Praat text file (it should start with File type = "ooTextFile")',
    );
  });

  test("no <exists> or <absent> before the tiers", () => {
    expect(() =>
      parseTextGrid(
        utf8('File type = "ooTextFile"\nObject class = "TextGrid"\nxmin = 0\nxmax = 1\nsize = 1\n'),
        "f.TextGrid",
      ),
    ).toThrow("f.TextGrid: line 5: expected <exists> or <absent>");
  });

  test("a tier class a TextGrid does not have, named at its line", () => {
    const text = grid("w1", []).replace('"IntervalTier"', '"PointTier"');
    expect(() => parseTextGrid(utf8(text), "k.TextGrid")).toThrow(
      'k.TextGrid: line 9: unknown tier class "PointTier" (a TextGrid has IntervalTiers and TextTiers)',
    );
  });

  test("bytes that are not UTF-8 (and no UTF-16 byte-order mark)", () => {
    const bytes = new Uint8Array([...utf8('File type = "ooTextFile"\n"'), 0xc3, 0x28, 0x22]);
    expect(() => parseTextGrid(bytes, "u.TextGrid")).toThrow(
      "u.TextGrid: not readable as UTF-8 text",
    );
  });

  test("an interval ending before it starts, named by line, tier and interval", () => {
    const text = grid("w1", [
      [0, 0.5, ""],
      [0.5, 0.2, "silence"],
    ]);
    const doc = parseTextGrid(utf8(text), "c1.TextGrid");
    // Lines 1–13 are the header and the tier's, 14–17 interval 1, 18 "intervals [2]:" and 19
    // the second interval's xmin, where its values begin.
    expect(() => foreignToInterchange([doc], oneClip())).toThrow(
      'c1.TextGrid: line 19, tier "w1", interval 2: end (0.2) must be greater than start (0.5)',
    );
  });

  test("a tier without a name (the annotator's id)", () => {
    const doc = parseTextGrid(utf8(grid("", [[0.5, 1, "silence"]])), "c1.TextGrid");
    expect(() => foreignToInterchange([doc], oneClip())).toThrow(
      "c1.TextGrid: a tier has no name (the annotator's id)",
    );
  });
});

describe("ELAN refusals", () => {
  test("time units other than milliseconds", () => {
    expect(() =>
      parseEaf(
        utf8('<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="NTSC-frames"/></ANNOTATION_DOCUMENT>'),
        "n.eaf",
      ),
    ).toThrow('n.eaf: HEADER: time units "NTSC-frames" (only milliseconds are read)');
  });

  test("a time slot whose value is no number", () => {
    expect(() =>
      parseEaf(
        utf8(
          '<ANNOTATION_DOCUMENT><HEADER/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="half"/></TIME_ORDER></ANNOTATION_DOCUMENT>',
        ),
        "t.eaf",
      ),
    ).toThrow('t.eaf: TIME_SLOT "ts1": TIME_VALUE "half" is not a number of milliseconds');
  });
});

describe("Label Studio refusals", () => {
  test("each malformed part of a task, by its JSON path", () => {
    const cases: [unknown, string][] = [
      [[1], "e.json: $[0]: a task must be an object"],
      [[{ data: {} }], "e.json: $[0].data: names no audio file"],
      [
        [{ data: { audio: "a.wav" }, annotations: [1] }],
        "e.json: $[0].annotations[0]: an annotation must be an object",
      ],
      [
        [{ data: { audio: "a.wav" }, annotations: [{ result: [null] }] }],
        "e.json: $[0].annotations[0].result[0]: a result must be an object",
      ],
      [
        [{ data: { audio: "a.wav" }, annotations: [{ result: [{ type: "labels" }] }] }],
        "e.json: $[0].annotations[0].result[0].value: missing: a labels result needs its value { start, end, labels }",
      ],
      [
        tasks(["a.wav"], { labels: "Silence" }),
        "e.json: $[0].annotations[0].result[0].value.labels: must be a list of label texts",
      ],
    ];
    for (const [value, message] of cases) {
      expect(() => parseLabelStudio(value, "e.json")).toThrow(message);
    }
  });

  test("not JSON at all", () => {
    expect(() => readForeign(utf8("[{"), "e.json", "label-studio")).toThrow(
      /^e\.json: not valid JSON \(.+\)$/,
    );
  });

  test("a region starting before 0, by its JSON path", () => {
    const docs = parseLabelStudio(tasks(["c1.wav"], { start: -1 }), "e.json");
    expect(() => foreignToInterchange(docs, oneClip())).toThrow(
      "e.json: $[0].annotations[0].result[0]: start must be 0 or more (got -1)",
    );
  });

  test("every audio file the study has no clip for is named, not only the first", () => {
    const docs = parseLabelStudio(
      tasks(["/data/upload/3/1a2b3c4d-c1.wav", "/data/upload/3/0f0f0f0f-x9.wav", "s:/y7.mp3"]),
      "e.json",
    );
    expect(() => foreignToInterchange(docs, oneClip())).toThrow(
      'e.json: no clip of the study is named like "x9.wav" or "y7.mp3" (clips are matched by file name without the extension)',
    );
    const many = parseLabelStudio(
      tasks(Array.from({ length: 12 }, (_, i) => `u${i + 1}.wav`)),
      "e.json",
    );
    expect(() => foreignToInterchange(many, oneClip())).toThrow(
      'e.json: no clip of the study is named like "u1.wav", "u2.wav", "u3.wav", "u4.wav", "u5.wav", "u6.wav", "u7.wav", "u8.wav", "u9.wav", "u10.wav" and 2 more (clips are matched by file name without the extension)',
    );
  });
});

describe("refusals of the conversion", () => {
  test("two clips of the study named alike", () => {
    const doc = parseAudacityLabels(utf8("0.5\t1\tsilence\n"), "a.txt");
    const two = study([
      { id: "c1", name: "a.wav", duration: 3 },
      { id: "c2", name: "A.mp3", duration: 3 },
    ]);
    expect(() => foreignToInterchange([doc], two)).toThrow(
      'a.txt: 2 clips of the study are named like "a" (c1, c2): rename one',
    );
  });

  test("a span shorter than a microsecond, the time base of every comparison", () => {
    const doc = parseAudacityLabels(
      utf8("0.5\t1\tsilence\n1.0000001\t1.0000002\tsilence\n"),
      "c1.txt",
    );
    expect(() => foreignToInterchange([doc], oneClip())).toThrow(
      "c1.txt: line 2: shorter than a microsecond (1.0000001 to 1.0000002 s)",
    );
  });

  test("the import card's result: the refusal as a problem with its place, or no study", () => {
    const chrono = utf8('"Praat chronological TextGrid text file"\n0 3\n');
    expect(foreignResult(chrono, "c1.TextGrid", oneClip())).toEqual({
      ok: false,
      errors: [
        {
          path: "line 1",
          message:
            'a chronological TextGrid, which this reader does not take: open it in Praat and choose "Save as text file…", then import that file',
        },
      ],
    });
    expect(foreignResult(utf8("0.5\t1\tsilence\n"), "c1.txt", undefined)).toEqual({
      ok: false,
      errors: [
        {
          path: "",
          message: `an Audacity labels file names no study: import it from the study's page ("Import annotations" there), where its spans become the study's`,
        },
      ],
    });
    // A RedPen file is not the other tools' readers' business.
    expect(foreignResult(utf8('{"format":"redpen-annotations"}'), "w1.json", oneClip())).toBe(
      undefined,
    );
  });
});

describe("read rather than refused", () => {
  // Praat's file as it wrote it (UTF-16 BE), as text.
  const praatText = new TextDecoder("utf-16be").decode(fixture("s01_espeak.TextGrid"));
  const spans = (bytes: Uint8Array) =>
    parseTextGrid(bytes, "s01_espeak.TextGrid").tiers.map((t) => [
      t.annotator,
      t.spans.map((s) => [s.start, s.end, s.label]),
    ]);
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

  test("Praat's TextGrid saved again as UTF-16 LE and as UTF-8 with a byte-order mark", () => {
    const le = new Uint8Array(Buffer.from(`\ufeff${praatText}`, "utf16le"));
    expect([le[0], le[1]]).toEqual([0xff, 0xfe]);
    expect(spans(le)).toEqual(PRAAT);
    const withBom = new Uint8Array(Buffer.from(`\ufeff${praatText}`, "utf8"));
    expect([withBom[0], withBom[1], withBom[2]]).toEqual([0xef, 0xbb, 0xbf]);
    expect(spans(withBom)).toEqual(PRAAT);
    expect(spans(utf8(praatText.replace(/\n/g, "\r\n")))).toEqual(PRAAT);
  });

  test('the short form under the "ooTextFile short" header of Praat before version 5', () => {
    const text =
      'File type = "ooTextFile short"\n"TextGrid"\n\n0\n3\n<exists>\n1\n"IntervalTier"\n"w1"\n0\n3\n3\n0\n0.5\n""\n0.5\n1.25\n"high_pitch+spacing"\n1.25\n3\n""\n';
    expect(spans(utf8(text))).toEqual([["w1", [[0.5, 1.25, "high_pitch+spacing"]]]]);
  });

  test("an Audacity label with no text is a span without reasons, said by nobody", () => {
    const doc = parseAudacityLabels(utf8("0.5\t1.25\t\n2\t2.5\n"), "c1.txt");
    const { file, warnings } = foreignToInterchange([doc], oneClip());
    expect(file.regions.map((r) => [r.id, r.start, r.end])).toEqual([
      ["audacity@c1@500000-1250000", 0.5, 1.25],
      ["audacity@c1@2000000-2500000", 2, 2.5],
    ]);
    expect(file.reasonLabels).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test("times off the microsecond grid are put on it (Label Studio writes what the browser measured)", () => {
    const docs = parseLabelStudio(
      tasks(["c1.wav"], { start: 0.1234567, end: 2.0000004 }),
      "e.json",
    );
    const { file } = foreignToInterchange(docs, oneClip());
    // round(123456.7) = 123457 µs; round(2000000.4) = 2000000 µs.
    expect(file.regions).toEqual([
      { id: "ls-2@c1@123457-2000000", clipId: "c1", annotatorId: "ls-2", start: 0.123457, end: 2 },
    ]);
    expect(file.reasonLabels).toEqual([
      { regionId: "ls-2@c1@123457-2000000", annotatorId: "ls-2", reasons: ["silence"] },
    ]);
  });

  test("a refusal is a FormatError that keeps the file and the place apart", () => {
    try {
      parseAudacityLabels(utf8("x\t1\tok\n"), "l.txt");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      const e = error as FormatError;
      expect([e.file, e.where, e.detail]).toEqual([
        "l.txt",
        "line 1",
        '"x" and "1" are not a start and an end in seconds',
      ]);
    }
  });
});
