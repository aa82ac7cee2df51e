import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "vitest";
import { audacityFiles } from "../formats/audacity/write.ts";
import { toSpanCsv } from "../formats/csv/writeSpans.ts";
import { textGridFiles } from "../formats/textgrid/write.ts";
import { buildExport } from "./bundles.ts";
import { studyConsensus, toConsensusCsv, toConsensusJson } from "./consensus.ts";
import { exportFixture } from "./fixture.test-data.ts";
import { toInterchangeJson } from "./json.ts";

const unzip = (data: string | Uint8Array): Record<string, string> => {
  if (typeof data === "string") throw new Error("expected bytes");
  return Object.fromEntries(Object.entries(unzipSync(data)).map(([k, v]) => [k, strFromU8(v)]));
};

test("file names start with the study id", () => {
  const file = exportFixture();
  file.study = { ...file.study, id: "vcc/2018:pilot" };
  expect(
    (["json", "csv", "audacity", "textgrid", "eaf", "bins", "consensus", "all"] as const).map(
      (k) => buildExport(k, file).fileName,
    ),
  ).toEqual([
    "vcc_2018_pilot.json",
    "vcc_2018_pilot-spans.csv",
    "vcc_2018_pilot-audacity-labels.zip",
    "vcc_2018_pilot-textgrids.zip",
    "vcc_2018_pilot-elan.zip",
    "vcc_2018_pilot-bins.csv",
    "vcc_2018_pilot-consensus.zip",
    "vcc_2018_pilot-all-exports.zip",
  ]);
});

test("the zips hold exactly the per-clip files; 'all' holds everything", () => {
  const file = exportFixture();
  expect(unzip(buildExport("audacity", file).data)).toEqual(audacityFiles(file));
  const consensus = studyConsensus(file);
  expect(unzip(buildExport("textgrid", file).data)).toEqual(textGridFiles(file, consensus.clips));
  expect(unzip(buildExport("consensus", file).data)).toEqual({
    "pilot-consensus.csv": toConsensusCsv(file, consensus),
    "pilot-consensus.json": toConsensusJson(file, consensus),
  });
  const all = unzip(buildExport("all", file).data);
  expect(Object.keys(all).sort()).toEqual([
    "audacity/N18_30001.txt",
    "audacity/by-annotator/N18_30001.w17.txt",
    "audacity/by-annotator/N18_30001.w3.txt",
    "audacity/by-annotator/say, _hi_.w17.txt",
    "audacity/by-annotator/say, _hi_.w3.txt",
    "audacity/say, _hi_.txt",
    "elan/N18_30001.eaf",
    "elan/say, _hi_.eaf",
    "pilot-bins.csv",
    "pilot-consensus.csv",
    "pilot-consensus.json",
    "pilot-spans.csv",
    "pilot.json",
    "textgrid/N18_30001.TextGrid",
    "textgrid/say, _hi_.TextGrid",
  ]);
  expect(all["pilot.json"]).toBe(toInterchangeJson(file));
  expect(all["pilot-spans.csv"]).toBe(toSpanCsv(file));
  expect(buildExport("json", file)).toMatchObject({ mimeType: "application/json" });
});
