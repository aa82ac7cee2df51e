import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { expect, test } from "vitest";
import { buildExport } from "../../export/bundles.ts";
import type { AnnotationFile } from "../../interchange/types.ts";
import { toJudgmentCsv } from "./writeJudgments.ts";

const file: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "ab", name: "A/B", binSeconds: 0.1, qualification: { pairs: ["q1"] } },
  taxonomy: [],
  clips: [
    { id: "c1", name: "a.wav", duration: 1, system: "A" },
    { id: "c2", name: "b.wav", duration: 1 },
    { id: "n1", name: "n.wav", duration: 1, system: "human", isReference: true },
  ],
  annotators: [
    { id: "w2", role: "crowd" },
    { id: "=w1", role: "crowd" },
  ],
  submissions: [],
  regions: [],
  reasonLabels: [],
  pairs: [
    { id: "p1", a: "c1", b: "c2" },
    { id: "q1", a: "n1", b: "c1" },
    { id: "v1", clipId: "c1", a: "regions:union", b: "regions:overlap" },
  ],
  judgments: [
    { pairId: "p1", annotatorId: "w2", score: -2, shownFirst: "b", playCounts: [2, 1] },
    {
      pairId: "p1",
      annotatorId: "=w1",
      choice: "same",
      heardToEnd: true,
      seconds: 7.5,
      completedAt: "2026-11-21T09:58:12.000Z",
    },
    { pairId: "q1", annotatorId: "w2", choice: "a" },
    { pairId: "v1", annotatorId: "w2", choice: "b" },
  ],
};

test("one row per judgment: the pair, its items, who, which side first, choice or score, plays, time", () => {
  expect(toJudgmentCsv(file).split("\r\n")).toEqual([
    "pair,pretest,clip,a,b,item_a,item_b,annotator,shown_first,choice,score,plays_a,plays_b,heard_to_end,seconds,completed_at",
    // Annotators in id order; a formula-like id neutralized.
    `p1,false,,c1,c2,A,(none),"'=w1",,same,,,,true,7.5,2026-11-21T09:58:12.000Z`,
    "p1,false,,c1,c2,A,(none),w2,b,,-2,2,1,,,",
    "q1,true,,n1,c1,human,A,w2,,a,,,,,,",
    "v1,false,c1,regions:union,regions:overlap,regions:union,regions:overlap,w2,,b,,,,,,",
    "",
  ]);
});

test("pandas and R read it back: numbers as numbers, empty cells as missing", () => {
  const parsed = Papa.parse<Record<string, unknown>>(toJudgmentCsv(file), {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[1]).toMatchObject({ score: -2, plays_a: 2, plays_b: 1, choice: null });
});

test("a study without judgments: the header alone", () => {
  expect(toJudgmentCsv({ ...file, judgments: undefined })).toBe(
    "pair,pretest,clip,a,b,item_a,item_b,annotator,shown_first,choice,score,plays_a,plays_b,heard_to_end,seconds,completed_at\r\n",
  );
});

test("the zip of every export holds the judgments when the study has some", () => {
  const names = (f: AnnotationFile) =>
    Object.keys(unzipSync(buildExport("all", f).data as Uint8Array)).filter((n) =>
      n.endsWith("-judgments.csv"),
    );
  expect(names(file)).toEqual(["ab-judgments.csv"]);
  expect(
    strFromU8(
      unzipSync(buildExport("all", file).data as Uint8Array)["ab-judgments.csv"] as Uint8Array,
    ),
  ).toBe(toJudgmentCsv(file));
  expect(names({ ...file, judgments: undefined })).toEqual([]);
  expect(buildExport("judgments", file)).toMatchObject({
    fileName: "ab-judgments.csv",
    mimeType: "text/csv",
  });
});
