import Papa from "papaparse";
import { expect, test } from "vitest";
import { exportFixture } from "../../export/fixture.test-data.ts";
import { toSpanCsv } from "./writeSpans.ts";

test("one row per span and reason, one per clip finished unmarked; the rating; RFC 4180, CRLF", () => {
  // w17 rated c1 3; w3 finished c1 (spans, no rating) and c2 (no span: its own row); w17
  // marked c2 without finishing it (no rating).
  expect(toSpanCsv(exportFixture())).toBe(
    [
      "clip,system,sentence,annotator,start,end,reason,labeller,rating,row,transcript,wer,S,D,I",
      "c1,N18,30001,w17,1,2,energy,e1,3,span,,,,,",
      "c1,N18,30001,w17,1.5,2.5,silence,e2,3,span,,,,,",
      "c1,N18,30001,w17,2.93,3.41,end_of_speech,e1,3,span,,,,,",
      "c1,N18,30001,w17,2.93,3.41,silence,e1,3,span,,,,,",
      "c1,N18,30001,w17,2.93,3.41,silence,e2,3,span,,,,,",
      "c1,N18,30001,w3,0.2,0.5,,,,span,,,,,",
      "c1,N18,30001,w3,3,3.444,,,,span,,,,,",
      'c2,"X, Y","He said ""no""",w17,0.5,1.5,energy,e1,,span,,,,,',
      'c2,"X, Y","He said ""no""",w3,,,,,,no span,,,,,',
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
  expect(parsed.data.at(-2)).toEqual({
    clip: "c2",
    system: "X, Y",
    sentence: 'He said "no"',
    annotator: "w17",
    start: "0.5",
    end: "1.5",
    reason: "energy",
    labeller: "e1",
    rating: "",
    row: "span",
    transcript: "",
    wer: "",
    S: "",
    D: "",
    I: "",
  });
});

test("a study without spans or finished clips is just the header", () => {
  expect(toSpanCsv({ ...exportFixture(), submissions: [], regions: [], reasonLabels: [] })).toBe(
    "clip,system,sentence,annotator,start,end,reason,labeller,rating,row,transcript,wer,S,D,I\r\n",
  );
});

test("text cells that start like a formula get a ' in front and quotes; numbers stay numbers", () => {
  const file = exportFixture();
  file.clips = [
    { id: "=cmd|' /C calc'!A0", name: "a.wav", duration: 5, system: "+SUM(1,2)", sentence: "-2" },
    { id: "c9", name: "b.wav", duration: 5, system: "@x", sentence: "\tTab" },
    { id: "c10", name: "c.wav", duration: 5, system: "\rCR", sentence: "=1\n+2" },
  ];
  file.annotators = [{ id: "=w", role: "crowd" }];
  file.submissions = [];
  file.reasonLabels = [];
  file.regions = [
    { id: "r1", clipId: "=cmd|' /C calc'!A0", annotatorId: "=w", start: 0.5, end: 1 },
    { id: "r2", clipId: "c9", annotatorId: "=w", start: 0, end: 2 },
    { id: "r3", clipId: "c10", annotatorId: "=w", start: 1, end: 1.25 },
  ];
  expect(toSpanCsv(file)).toBe(
    [
      "clip,system,sentence,annotator,start,end,reason,labeller,rating,row,transcript,wer,S,D,I",
      `"'=cmd|' /C calc'!A0","'+SUM(1,2)","'-2","'=w",0.5,1,,,,span,,,,,`,
      `c9,"'@x","'\tTab","'=w",0,2,,,,span,,,,,`,
      `c10,"'\rCR","'=1\n+2","'=w",1,1.25,,,,span,,,,,`,
      "",
    ].join("\r\n"),
  );
  // A reader gets the text back with the one ' in front, and the numbers as written.
  const parsed = Papa.parse<Record<string, string>>(toSpanCsv(file), { header: true });
  expect(parsed.data[0]?.clip).toBe("'=cmd|' /C calc'!A0");
  expect(parsed.data[0]?.start).toBe("0.5");
});

test("transcripts: the text as typed, and its WER, S, D and I against the clip's text", () => {
  const file = exportFixture();
  file.clips = [
    { id: "c1", name: "a.wav", duration: 2, system: "A", text: "The cat sat." },
    { id: "c2", name: "b.wav", duration: 2, system: "A" },
  ];
  file.regions = [];
  file.reasonLabels = [];
  file.submissions = [
    { clipId: "c1", annotatorId: "w17", transcript: "the bat sat on" },
    { clipId: "c2", annotatorId: "w17", transcript: "=no text" },
  ];
  expect(toSpanCsv(file).split("\r\n").slice(1)).toEqual([
    "c1,A,,w17,,,,,,no span,the bat sat on,0.6666666666666666,1,0,1",
    `c2,A,,w17,,,,,,no span,"'=no text",,,,`,
    "",
  ]);
});
