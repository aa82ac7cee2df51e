import Papa from "papaparse";
import { expect, test } from "vitest";
import { toSpanCsv } from "./csv.ts";
import { exportFixture } from "./fixture.test-data.ts";

test("one row per span and reason, RFC 4180 quoting, CRLF, header", () => {
  expect(toSpanCsv(exportFixture())).toBe(
    [
      "clip,system,sentence,annotator,start,end,reason,labeller",
      "c1,N18,30001,w17,1,2,energy,e1",
      "c1,N18,30001,w17,1.5,2.5,silence,e2",
      "c1,N18,30001,w17,2.93,3.41,end_of_speech,e1",
      "c1,N18,30001,w17,2.93,3.41,silence,e1",
      "c1,N18,30001,w17,2.93,3.41,silence,e2",
      "c1,N18,30001,w3,0.2,0.5,,",
      "c1,N18,30001,w3,3,3.444,,",
      'c2,"X, Y","He said ""no""",w17,0.5,1.5,energy,e1',
      "",
    ].join("\r\n"),
  );
});

test("a CSV reader gets the quoted fields back", () => {
  const parsed = Papa.parse<Record<string, string>>(toSpanCsv(exportFixture()), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.at(-1)).toEqual({
    clip: "c2",
    system: "X, Y",
    sentence: 'He said "no"',
    annotator: "w17",
    start: "0.5",
    end: "1.5",
    reason: "energy",
    labeller: "e1",
  });
});

test("a study without spans is just the header", () => {
  expect(toSpanCsv({ ...exportFixture(), regions: [], reasonLabels: [] })).toBe(
    "clip,system,sentence,annotator,start,end,reason,labeller\r\n",
  );
});
