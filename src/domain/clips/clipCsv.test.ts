import { describe, expect, test } from "vitest";
import { clipIdFor, matchClipCsv, parseClipCsv } from "./clipCsv.ts";

describe("parseClipCsv", () => {
  test("reads the five columns; empty cells stay unset", () => {
    const csv =
      "name,system,sentence,score,isReference\n" +
      "a.wav,tts1,s01,3.25,false\n" +
      "b.wav,,,,\n" +
      "c.wav,human,s01,4.9,yes\n";
    expect(parseClipCsv(csv)).toEqual({
      errors: [],
      rows: [
        {
          row: 2,
          name: "a.wav",
          meta: { system: "tts1", sentence: "s01", score: 3.25, isReference: false },
        },
        { row: 3, name: "b.wav", meta: {} },
        {
          row: 4,
          name: "c.wav",
          meta: { system: "human", sentence: "s01", score: 4.9, isReference: true },
        },
      ],
    });
  });

  test("header case, a BOM, CRLF, quoted commas and extra columns are fine", () => {
    const csv = '\uFEFFName,System,notes\r\n"x,1.wav",sys,"anything, really"\r\n';
    expect(parseClipCsv(csv)).toEqual({
      errors: [],
      rows: [{ row: 2, name: "x,1.wav", meta: { system: "sys" } }],
    });
  });

  test("bad values are reported with spreadsheet row numbers", () => {
    const csv =
      "name,score,isReference\n" +
      "a.wav,abc,true\n" +
      ",2,false\n" +
      "b.wav,1,maybe\n" +
      "a.wav,2,true\n";
    expect(parseClipCsv(csv).errors).toEqual([
      'row 2: score "abc" is not a number',
      "row 3: name is empty",
      'row 4: isReference "maybe" is not true/false (or yes/no, 1/0)',
      'row 5: "a.wav" is already described in row 2',
    ]);
  });

  test("no name column is one clear error", () => {
    expect(parseClipCsv("file,system\na.wav,x\n")).toEqual({
      rows: [],
      errors: [
        'row 1: the header has no "name" column (columns: name, system, sentence, score, isReference, text)',
      ],
    });
  });

  test("a row with too many fields is named", () => {
    const { errors } = parseClipCsv("name,system\na.wav,x,extra\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^row 2: Too many fields/);
  });
});

describe("matchClipCsv", () => {
  const rows = parseClipCsv(
    "name,system\ns01_human.wav,human\nS02_TTS,tts\nmissing.wav,x\ns01_human,dup\n",
  ).rows;

  test("matches exact names and names without extension, ignoring case", () => {
    const { byFile, unmatched } = matchClipCsv(rows, ["s01_human.wav", "s02_tts.mp3", "other.wav"]);
    expect([...byFile.entries()]).toEqual([
      ["s01_human.wav", { system: "human" }],
      ["s02_tts.mp3", { system: "tts" }],
    ]);
    expect(unmatched).toEqual([
      'row 4: "missing.wav" matches no audio file',
      'row 5: "s01_human" matches no audio file',
    ]);
  });
});

test("clipIdFor strips the extension and de-duplicates", () => {
  const taken = new Set<string>();
  expect(clipIdFor("a.wav", taken)).toBe("a");
  expect(clipIdFor("a.mp3", taken)).toBe("a-2");
  expect(clipIdFor("a.flac", taken)).toBe("a-3");
  expect(clipIdFor(".wav", taken)).toBe("clip");
  expect(clipIdFor("dir.v2.name.ogg", taken)).toBe("dir.v2.name");
});
