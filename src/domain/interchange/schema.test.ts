import { describe, expect, test } from "vitest";
import {
  type ParseResult,
  type Problem,
  parseAnnotationFile,
  parseAnnotationText,
  serializeAnnotationFile,
} from "./schema.ts";
import { DEFAULT_TAXONOMY } from "./taxonomy.ts";

type Json = Record<string, unknown>;

/** A small valid file; each test breaks one rule of a fresh copy. */
function base(): Json {
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: "2026-11-21T10:00:00.000Z",
    study: { id: "pilot", name: "Pilot", binSeconds: 0.1 },
    taxonomy: [
      { id: "end_of_speech", label: "End of speech", description: "At the end." },
      { id: "silence", label: "Silence" },
    ],
    clips: [
      { id: "c1", name: "a.wav", duration: 3, system: "S1", sentence: "s1", score: 2.5 },
      { id: "c2", name: "b.wav", duration: 4.5, isReference: true, uri: "audio/b.wav" },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "e1", role: "expert" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w1", completedAt: "2026-11-21T09:58:12.000Z", score: 3 },
      { clipId: "c1", annotatorId: "w2", playCount: 2, seconds: 41.5 },
      { clipId: "c2", annotatorId: "w1" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1.2 },
      { id: "r2", clipId: "c1", annotatorId: "w2", start: 0, end: 3 },
      { id: "r3", clipId: "c2", annotatorId: "w1", start: 2.93, end: 3.41 },
    ],
    reasonLabels: [
      { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r3", annotatorId: "e1", reasons: ["end_of_speech", "silence"] },
    ],
  };
}

const arr = (file: Json, key: string) => file[key] as Json[];
const rec = (file: Json, key: string, i: number) => arr(file, key)[i] as Json;

function errorsOf(result: ParseResult): Problem[] {
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors;
}

function lines(result: ParseResult): string[] {
  return errorsOf(result).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
}

describe("a valid file", () => {
  test("parses, with the defaults filled in and nothing to warn about", () => {
    const file = base();
    delete (file.study as Json).binSeconds;
    const result = parseAnnotationFile(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([]);
    expect(result.file.study.binSeconds).toBe(0.1);
    expect(result.file.clips).toHaveLength(2);
    expect(result.file.regions[2]).toEqual({
      id: "r3",
      clipId: "c2",
      annotatorId: "w1",
      start: 2.93,
      end: 3.41,
    });
  });

  test("keeps unknown keys on study and drops them elsewhere", () => {
    const file = base();
    (file.study as Json).instructions = "Mark what sounds odd.";
    (file.study as Json).scale = { min: 1, max: 5 };
    file.comment = "top-level extra";
    rec(file, "clips", 0).colour = "red";
    rec(file, "regions", 0).note = "x";
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.file.study).toEqual({
      id: "pilot",
      name: "Pilot",
      binSeconds: 0.1,
      instructions: "Mark what sounds odd.",
      scale: { min: 1, max: 5 },
    });
    expect("comment" in result.file).toBe(false);
    expect("colour" in (result.file.clips[0] as object)).toBe(false);
    expect("note" in (result.file.regions[0] as object)).toBe(false);
  });

  test("an end past the clip is clamped to its duration, with a warning", () => {
    const file = base();
    rec(file, "regions", 1).end = 3.75; // clip c1 lasts 3 s
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.file.regions[1]?.end).toBe(3);
    expect(result.warnings).toEqual([
      {
        path: "regions[1].end",
        message: '3.75 is past the duration of clip "c1" (3); clamped to 3',
      },
    ]);
  });

  test("a region starting at or past the clip's end is kept unchanged, with a warning: it marks nothing", () => {
    const file = base();
    rec(file, "regions", 1).start = 3; // clip c1 lasts 3 s
    rec(file, "regions", 1).end = 3.2;
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.file.regions[1]).toMatchObject({ start: 3, end: 3.2 });
    expect(result.warnings).toEqual([
      {
        path: "regions[1].start",
        message: '3 is at or past the end of clip "c1" (3); the region marks nothing',
      },
    ]);
    // Reading back what is written gives the same file and the same warning.
    const again = parseAnnotationText(serializeAnnotationFile(result.file));
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.file).toEqual(result.file);
    expect(again.warnings).toEqual(result.warnings);
  });

  test("at most 100 warnings are listed, then one line sums up the rest", () => {
    const file = base();
    const regions = arr(file, "regions");
    for (let i = 0; i < 150; i++) {
      regions.push({ id: `long${i}`, clipId: "c1", annotatorId: "w1", start: 1, end: 4 });
    }
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.warnings).toHaveLength(101);
    expect(result.warnings[0]).toEqual({
      path: "regions[3].end",
      message: '4 is past the duration of clip "c1" (3); clamped to 3',
    });
    expect(result.warnings[100]).toEqual({ path: "", message: "… and 50 more warnings" });
    expect(result.file.regions.slice(3).every((r) => r.end === 3)).toBe(true);
    // The caller's data is left as it was.
    expect(rec(file, "regions", 3).end).toBe(4);
  });

  test("a submission with no regions and regions without a submission are both fine", () => {
    const file = base();
    arr(file, "regions").push({ id: "r4", clipId: "c2", annotatorId: "w2", start: 1, end: 2 });
    expect(parseAnnotationFile(file).ok).toBe(true);
  });

  test("empty arrays make a valid (empty) study", () => {
    const file = base();
    for (const key of ["taxonomy", "clips", "annotators", "submissions", "regions", "reasonLabels"])
      file[key] = [];
    expect(parseAnnotationFile(file).ok).toBe(true);
  });

  test("each valid twin of the refusals below passes", () => {
    const twins: ((f: Json) => void)[] = [
      (f) => {
        rec(f, "regions", 3 - 3).end = 0.5000001;
      },
      (f) => {
        rec(f, "regions", 0).start = 0;
      },
      (f) => {
        rec(f, "clips", 1).id = "c3";
        for (const r of arr(f, "regions")) if (r.clipId === "c2") r.clipId = "c3";
        for (const s of arr(f, "submissions")) if (s.clipId === "c2") s.clipId = "c3";
      },
      (f) => {
        rec(f, "submissions", 2).annotatorId = "w2";
      },
      (f) => {
        rec(f, "reasonLabels", 1).annotatorId = "w2";
      },
      (f) => {
        rec(f, "reasonLabels", 0).reasons = ["end_of_speech", "silence"];
      },
      (f) => {
        rec(f, "annotators", 2).role = "researcher";
      },
      (f) => {
        rec(f, "clips", 0).duration = 0.6;
        rec(f, "regions", 0).end = 0.6;
      },
      (f) => {
        (f.study as Json).binSeconds = 0.025;
      },
      (f) => {
        (f.study as Json).binSeconds = 0.000001;
      },
      (f) => {
        rec(f, "submissions", 0).playCount = 0;
        rec(f, "submissions", 0).completedAt = "2026-11-21T10:00:00+01:00";
      },
    ];
    for (const twin of twins) {
      const file = base();
      twin(file);
      const result = parseAnnotationFile(file);
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
  });
});

describe("refusals, each with its exact message", () => {
  const cases: [string, (f: Json) => void, string[]][] = [
    [
      "end not after start",
      (f) => {
        rec(f, "regions", 2).end = 2.5;
        rec(f, "regions", 2).start = 2.5;
      },
      ["regions[2].end: must be greater than start (2.5)"],
    ],
    [
      "negative start",
      (f) => {
        rec(f, "regions", 0).start = -0.1;
      },
      ["regions[0].start: must be at least 0 (got -0.1)"],
    ],
    [
      "region on an unknown clip",
      (f) => {
        rec(f, "regions", 0).clipId = "c9";
      },
      ['regions[0].clipId: no clip with id "c9"'],
    ],
    [
      "duplicate clip id",
      (f) => {
        arr(f, "clips").push({ id: "c1", name: "again.wav", duration: 2 });
      },
      ['clips[2].id: duplicate id "c1" (first at clips[0])'],
    ],
    [
      "duplicate region id",
      (f) => {
        arr(f, "regions").push({ id: "r1", clipId: "c2", annotatorId: "w2", start: 1, end: 2 });
      },
      ['regions[3].id: duplicate id "r1" (first at regions[0])'],
    ],
    [
      "duplicate taxonomy and annotator ids",
      (f) => {
        arr(f, "taxonomy").push({ id: "silence", label: "Quiet" });
        rec(f, "annotators", 1).id = "w1";
      },
      [
        'taxonomy[2].id: duplicate id "silence" (first at taxonomy[1])',
        'annotators[1].id: duplicate id "w1" (first at annotators[0])',
        // w2 is gone, so what referred to it no longer resolves
        'submissions[1].annotatorId: no annotator with id "w2"',
        'regions[1].annotatorId: no annotator with id "w2"',
      ],
    ],
    [
      "two submissions for one clip by one annotator",
      (f) => {
        rec(f, "submissions", 2).clipId = "c1";
      },
      [
        'submissions[2]: duplicate submission for clip "c1" by annotator "w1" (first at submissions[0])',
      ],
    ],
    [
      "two labels of one region by one annotator",
      (f) => {
        rec(f, "reasonLabels", 1).regionId = "r1";
      },
      [
        'reasonLabels[1]: duplicate label of region "r1" by annotator "e1" (first at reasonLabels[0])',
      ],
    ],
    [
      "unknown annotator and region",
      (f) => {
        rec(f, "submissions", 1).annotatorId = "w9";
        rec(f, "reasonLabels", 0).regionId = "r9";
      },
      [
        'submissions[1].annotatorId: no annotator with id "w9"',
        'reasonLabels[0].regionId: no region with id "r9"',
      ],
    ],
    [
      "unknown reason",
      (f) => {
        rec(f, "reasonLabels", 0).reasons = ["silence", "robotic"];
      },
      ['reasonLabels[0].reasons[1]: no taxonomy entry with id "robotic"'],
    ],
    [
      "no reasons",
      (f) => {
        rec(f, "reasonLabels", 0).reasons = [];
      },
      ["reasonLabels[0].reasons: must list at least one reason"],
    ],
    [
      "repeated reason",
      (f) => {
        rec(f, "reasonLabels", 1).reasons = ["silence", "end_of_speech", "silence"];
      },
      ['reasonLabels[1].reasons[2]: duplicate reason "silence" (first at reasons[0])'],
    ],
    [
      "empty id strings",
      (f) => {
        rec(f, "clips", 0).id = "";
        rec(f, "reasonLabels", 0).reasons = [""];
      },
      [
        "clips[0].id: must not be empty",
        // the clip is gone, so what referred to it no longer resolves
        'submissions[0].clipId: no clip with id "c1"',
        'submissions[1].clipId: no clip with id "c1"',
        'regions[0].clipId: no clip with id "c1"',
        'regions[1].clipId: no clip with id "c1"',
        "reasonLabels[0].reasons[0]: must not be empty",
      ],
    ],
    [
      "zero duration and bin width",
      (f) => {
        rec(f, "clips", 1).duration = 0;
        (f.study as Json).binSeconds = -0.1;
      },
      [
        "study.binSeconds: must be greater than 0 (got -0.1)",
        "clips[1].duration: must be greater than 0 (got 0)",
      ],
    ],
    [
      "a bin width under one microsecond",
      (f) => {
        (f.study as Json).binSeconds = 0.0000004;
      },
      ["study.binSeconds: must be at least 0.000001 (one microsecond; got 4e-7)"],
    ],
    [
      "a bin width just under one microsecond that rounds to one",
      (f) => {
        (f.study as Json).binSeconds = 0.0000009;
      },
      ["study.binSeconds: must be at least 0.000001 (one microsecond; got 9e-7)"],
    ],
    [
      "non-finite numbers",
      (f) => {
        rec(f, "clips", 0).score = Number.NaN;
        rec(f, "regions", 0).end = Number.POSITIVE_INFINITY;
      },
      [
        "clips[0].score: must be a number (got NaN)",
        "regions[0].end: must be a number (got Infinity)",
      ],
    ],
    [
      "wrong role",
      (f) => {
        rec(f, "annotators", 0).role = "admin";
      },
      ['annotators[0].role: must be "crowd", "expert", "researcher" or "asr" (got "admin")'],
    ],
    [
      "wrong types and missing fields",
      (f) => {
        rec(f, "clips", 0).duration = "3";
        delete rec(f, "clips", 1).name;
        rec(f, "clips", 1).isReference = "yes";
        rec(f, "submissions", 0).playCount = 1.5;
        rec(f, "submissions", 0).completedAt = "yesterday";
        f.regions = { r1: {} };
      },
      [
        'clips[0].duration: must be a number (got "3")',
        "clips[1].name: is required",
        'clips[1].isReference: must be true or false (got "yes")',
        'submissions[0].completedAt: must be an ISO-8601 date and time such as "2026-11-21T10:00:00.000Z" (got "yesterday")',
        "submissions[0].playCount: must be an integer (got 1.5)",
        "regions: must be an array (got an object)",
      ],
    ],
    [
      "a record that is not an object",
      (f) => {
        (f.annotators as unknown[])[1] = "w2";
      },
      [
        'annotators[1]: must be an object (got "w2")',
        'submissions[1].annotatorId: no annotator with id "w2"',
        'regions[1].annotatorId: no annotator with id "w2"',
      ],
    ],
    [
      "an unknown task, a transcript too long or with a control character, bad settings",
      (f) => {
        (f.study as Json).task = "listen";
        (f.study as Json).transcription = { unit: "syllable", maxPlays: 0 };
        rec(f, "submissions", 0).transcript = "x".repeat(2001);
        rec(f, "submissions", 1).transcript = "the\u0007cat";
      },
      [
        'study.task: unknown task "listen": this reader knows "mark", "rate", "transcribe" and "compare"',
        'study.transcription.unit: must be "word" or "character" (got "syllable")',
        "study.transcription.maxPlays: must be at least 1 (got 0)",
        "submissions[0].transcript: is 2001 characters long; a transcript may have at most 2000",
        "submissions[1].transcript: contains a control character (U+0007 at position 4)",
      ],
    ],
    [
      "missing study and taxonomy",
      (f) => {
        delete f.study;
        delete f.taxonomy;
      },
      ["study: is required", "taxonomy: is required"],
    ],
  ];

  test.each(cases)("%s", (_name, breakIt, expected) => {
    const file = base();
    breakIt(file);
    expect(lines(parseAnnotationFile(file))).toEqual(expected);
  });

  test("an intelligibility test's fields are read and kept", () => {
    const file = base();
    Object.assign(file.study as Json, {
      task: "transcribe",
      transcription: { unit: "character", maxPlays: 2, seed: "s", replicates: 50, alpha: 0.01 },
    });
    rec(file, "clips", 0).text = "The cat sat.";
    (file.annotators as Json[]).push({ id: "whisper", role: "asr", engine: "whisper.cpp base.en" });
    rec(file, "submissions", 0).transcript = "";
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(lines(result).join("\n"));
    expect(result.file.study.task).toBe("transcribe");
    expect(result.file.study.transcription?.unit).toBe("character");
    expect(result.file.clips[0]?.text).toBe("The cat sat.");
    expect(result.file.annotators.at(-1)).toEqual({
      id: "whisper",
      role: "asr",
      engine: "whisper.cpp base.en",
    });
    expect(result.file.submissions[0]?.transcript).toBe("");
  });

  test("wrong format: only that is reported", () => {
    const file = base();
    file.format = "audacity-labels";
    delete file.clips;
    expect(lines(parseAnnotationFile(file))).toEqual([
      'format: must be "redpen-annotations" (got "audacity-labels"): this is not a RedPen annotations file',
    ]);
  });

  test("a higher version is unsupported, clearly", () => {
    const file = base();
    file.version = 2;
    expect(lines(parseAnnotationFile(file))).toEqual([
      "version: unsupported version 2 (this reader understands version 1)",
    ]);
  });

  test("a version that is not an integer, and a missing one", () => {
    const file = base();
    file.version = "1";
    expect(lines(parseAnnotationFile(file))).toEqual(['version: must be the integer 1 (got "1")']);
    delete file.version;
    delete file.format;
    expect(lines(parseAnnotationFile(file))).toEqual([
      'format: is required (must be "redpen-annotations")',
      "version: is required (this reader understands version 1)",
    ]);
  });

  test("JSON with nothing of ours in it: one line that says it is not a RedPen file", () => {
    expect(lines(parseAnnotationFile({ foo: 1, bar: [1, 2] }))).toEqual([
      'this is not a RedPen annotations file (no "format": "redpen-annotations" and none of study, clips, regions; its keys: foo, bar)',
    ]);
    expect(lines(parseAnnotationFile({}))).toEqual([
      'this is not a RedPen annotations file (no "format": "redpen-annotations" and none of study, clips, regions; it is an empty object)',
    ]);
  });

  test("not an object at all", () => {
    expect(lines(parseAnnotationFile([1, 2]))).toEqual(["must be a JSON object (got an array)"]);
    expect(lines(parseAnnotationFile(null))).toEqual(["must be a JSON object (got null)"]);
  });

  test("structural and cross-field problems come together, in document order", () => {
    const file = base();
    rec(file, "regions", 2).end = 1; // before start 2.93
    rec(file, "regions", 0).start = "0.5";
    arr(file, "clips").push({ id: "c1", name: "again.wav", duration: 2 });
    expect(lines(parseAnnotationFile(file))).toEqual([
      'clips[2].id: duplicate id "c1" (first at clips[0])',
      'regions[0].start: must be a number (got "0.5")',
      "regions[2].end: must be greater than start (2.93)",
    ]);
  });

  test("at most 100 problems are listed, then one line sums up the rest", () => {
    const file = base();
    const regions = arr(file, "regions");
    for (let i = 0; i < 150; i++) {
      regions.push({ id: `x${i}`, clipId: "nope", annotatorId: "w1", start: 1, end: 0.5 });
    }
    const errors = errorsOf(parseAnnotationFile(file));
    expect(errors).toHaveLength(101);
    expect(errors[0]).toEqual({ path: "regions[3].clipId", message: 'no clip with id "nope"' });
    expect(errors[1]).toEqual({
      path: "regions[3].end",
      message: "must be greater than start (1)",
    });
    expect(errors[100]).toEqual({ path: "", message: "… and 200 more problems" });
  });
});

describe("parseAnnotationText", () => {
  test("empty text", () => {
    expect(errorsOf(parseAnnotationText(""))).toEqual([{ path: "", message: "the file is empty" }]);
    expect(errorsOf(parseAnnotationText("  \n"))).toEqual([
      { path: "", message: "the file is empty" },
    ]);
  });

  test("invalid JSON names the parser's message, line and column", () => {
    expect(errorsOf(parseAnnotationText('{\n  "a": 1,\n  }', "x.json"))).toEqual([
      {
        path: "",
        message:
          "not valid JSON: Expected double-quoted property name in JSON at position 14 (line 3, column 3)",
      },
    ]);
  });

  test("a file that is not .json gets a hint", () => {
    const [problem] = errorsOf(parseAnnotationText("a,b\n1,2\n", "labels.csv"));
    expect(problem?.message).toMatch(/^not valid JSON: .*\(an interchange file is a \.json export/);
  });

  test("-0 reads as 0, so writing and reading back gives the same numbers", () => {
    const text = JSON.stringify(base()).replace('"start":0,', '"start":-0,');
    expect(text).toContain('"start":-0,');
    const result = parseAnnotationText(text);
    if (!result.ok) throw new Error("valid");
    expect(Object.is(result.file.regions[1]?.start, 0)).toBe(true);
  });

  test("a leading byte-order mark is ignored", () => {
    expect(parseAnnotationText(`\uFEFF${JSON.stringify(base())}`).ok).toBe(true);
    expect(errorsOf(parseAnnotationText("\uFEFF"))).toEqual([
      { path: "", message: "the file is empty" },
    ]);
  });

  test("valid text parses", () => {
    const result = parseAnnotationText(JSON.stringify(base()));
    expect(result.ok).toBe(true);
  });
});

describe("serializeAnnotationFile", () => {
  test("writes the spec's key order, pretty, with a trailing newline", () => {
    const file = base();
    // Keys deliberately out of order.
    file.regions = [{ end: 1.2, start: 0.5, annotatorId: "w1", clipId: "c1", id: "r1" }];
    file.reasonLabels = [];
    (file.study as Json) = { extra: true, binSeconds: 0.1, name: "Pilot", id: "pilot" };
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const text = serializeAnnotationFile(result.file);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.startsWith('{\n  "format": "redpen-annotations",\n  "version": 1,\n')).toBe(true);
    expect(text).toContain(
      '"study": {\n    "id": "pilot",\n    "name": "Pilot",\n    "binSeconds": 0.1,\n    "extra": true\n  }',
    );
    expect(text).toContain(
      '{\n      "id": "r1",\n      "clipId": "c1",\n      "annotatorId": "w1",\n      "start": 0.5,\n      "end": 1.2\n    }',
    );
    const keys = Object.keys(JSON.parse(text));
    expect(keys).toEqual([
      "format",
      "version",
      "exportedAt",
      "study",
      "taxonomy",
      "clips",
      "annotators",
      "submissions",
      "regions",
      "reasonLabels",
    ]);
  });

  test("the lines layout puts one record per line and reads back the same", () => {
    const result = parseAnnotationFile(base());
    if (!result.ok) throw new Error("base must be valid");
    const text = serializeAnnotationFile(result.file, { layout: "lines" });
    expect(text).toContain(
      '\n    {"id":"r1","clipId":"c1","annotatorId":"w1","start":0.5,"end":1.2},\n',
    );
    const again = parseAnnotationText(text);
    expect(again.ok && again.file).toEqual(result.file);
  });

  test("the default taxonomy round-trips", () => {
    const file = base();
    file.taxonomy = DEFAULT_TAXONOMY.map((t) => ({ ...t }));
    const first = parseAnnotationFile(file);
    if (!first.ok) throw new Error("valid");
    const second = parseAnnotationText(serializeAnnotationFile(first.file));
    expect(second.ok && second.file.taxonomy).toEqual(DEFAULT_TAXONOMY);
  });
});

describe("negative zero", () => {
  test("a submission's -0 reads back as 0, the input untouched", () => {
    const file = base();
    rec(file, "submissions", 0).score = -0;
    rec(file, "submissions", 1).playCount = -0;
    rec(file, "submissions", 1).seconds = -0;
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error("expected the file to be read");
    const [first, second] = result.file.submissions;
    expect(Object.is(first?.score, 0)).toBe(true);
    expect(Object.is(second?.playCount, 0)).toBe(true);
    expect(Object.is(second?.seconds, 0)).toBe(true);
    expect(Object.is(rec(file, "submissions", 0).score, -0)).toBe(true);
  });

  test("submissions with nothing to change are the very array read", () => {
    const file = base();
    const result = parseAnnotationFile(file);
    if (!result.ok) throw new Error("expected the file to be read");
    expect(result.file.submissions).toBe(file.submissions);
  });
});
