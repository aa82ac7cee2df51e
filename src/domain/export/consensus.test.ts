import { expect, test } from "vitest";
import { toTextGrid } from "../formats/textgrid/write.ts";
import { computeConsensus } from "../stats/consensus.ts";
import { studyConsensus, toConsensusCsv, toConsensusJson } from "./consensus.ts";
import { exportFixture } from "./fixture.test-data.ts";

// The fixture at 0.1 s bins. c1 (3.444 s, 35 bins; crowd: w17, w3, both submitted): w17 marks
// bins 10–24 (r2 1–2, r3 1.5–2.5) and 29–34 (r1 2.93–3.41); w3 bins 2–4 (r4 0.2–0.5) and
// 30–34 (r6 3–3.444). With two voters a bin needs both: bins 30–34, 3.0 s to the clip's end
// 3.444 s. c2 (2 s; w3 submitted, w17 marked 0.5–1.5): no bin has both. c3: nobody.
test("the majority regions by hand; the model's as computed; clips without two crowd annotators left out", () => {
  const file = exportFixture();
  const consensus = studyConsensus(file);
  expect(consensus.clips.map((c) => [c.clipId, c.annotators, c.majority])).toEqual([
    ["c1", ["w17", "w3"], [{ start: 3, end: 3.444 }]],
    ["c2", ["w17", "w3"], []],
  ]);
  const csv = toConsensusCsv(file, consensus);
  const model = consensus.clips.flatMap((c) =>
    c.model.map(
      (s) =>
        `${c.clipId},${c.clipId === "c1" ? "N18_30001.wav" : '"say, ""hi"".wav"'},model,${s.start},${s.end}`,
    ),
  );
  expect(csv).toBe(
    [
      "clip,clip_name,method,start,end",
      "c1,N18_30001.wav,majority,3,3.444",
      ...model.filter((r) => r.startsWith("c1,")),
      ...model.filter((r) => r.startsWith("c2,")),
      "",
    ].join("\r\n"),
  );
});

test("the JSON names its format, the study and the bin width, with the summary and the regions", () => {
  const file = exportFixture();
  const json = JSON.parse(toConsensusJson(file));
  expect(json).toMatchObject({
    format: "redpen-consensus",
    version: 1,
    studyId: "pilot",
    binSeconds: 0.1,
    summary: { clips: 2, bins: 55 },
  });
  expect(json.summary.workers.map((w: { id: string }) => w.id)).toEqual(["w17", "w3"]);
  expect(json.clips[0].majority).toEqual([{ start: 3, end: 3.444 }]);
  expect(json.summary).toEqual(computeConsensus(file, 0.1, false).summary);
});

test("a clip's TextGrid gains the two consensus tiers after the annotators'", () => {
  const file = exportFixture();
  const c1 = studyConsensus(file).clips[0];
  const grid = toTextGrid(file, "c1", c1);
  expect(grid).toContain("size = 4 \n");
  const majority = grid.slice(grid.indexOf('name = "consensus (majority)"'));
  expect(majority.slice(0, majority.indexOf("item [4]"))).toBe(
    [
      'name = "consensus (majority)" ',
      "        xmin = 0 ",
      "        xmax = 3.444 ",
      "        intervals: size = 2 ",
      "        intervals [1]:",
      "            xmin = 0 ",
      "            xmax = 3 ",
      '            text = "" ',
      "        intervals [2]:",
      "            xmin = 3 ",
      "            xmax = 3.444 ",
      '            text = "majority" ',
      "    ",
    ].join("\n"),
  );
  expect(grid).toContain('name = "consensus (model)" ');
  // Without the consensus, the annotators' tiers only, as before.
  expect(toTextGrid(file, "c1")).toContain("size = 2 \n");
});
