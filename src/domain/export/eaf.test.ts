import { expect, test } from "vitest";
import { parseEaf } from "../formats/eaf.ts";
import { toEaf } from "./eaf.ts";
import { exportFixture } from "./fixture.test-data.ts";

const NOW = "2026-11-25T10:00:00.000Z";

test("a tier per annotator, the split stretches as annotations, reasons as values, times in ms", () => {
  const eaf = toEaf(exportFixture(), "c1", NOW);
  // w17: 1–1.5 energy, 1.5–2 energy+silence, 2–2.5 silence, 2.93–3.41 end_of_speech+silence;
  // w3: 0.2–0.5 and 3–3.444 unlabelled. 10 distinct times, in order.
  expect(eaf.match(/TIME_VALUE="(\d+)"/g)?.map((m) => m.slice(12, -1))).toEqual([
    "200",
    "500",
    "1000",
    "1500",
    "2000",
    "2500",
    "2930",
    "3000",
    "3410",
    "3444",
  ]);
  expect(eaf).toContain(
    '<MEDIA_DESCRIPTOR MEDIA_URL="N18_30001.wav" RELATIVE_MEDIA_URL="./N18_30001.wav"/>',
  );
  expect(eaf).toContain(`DATE="${NOW}"`);
  // Read back by our ELAN reader (fast-xml-parser): the same stretches and values.
  const doc = parseEaf(new TextEncoder().encode(eaf), "N18_30001.eaf");
  expect(doc.audio).toBe("N18_30001.wav");
  expect(
    doc.tiers.map((t) => [t.annotator, t.spans.map((s) => [s.start, s.end, s.label])]),
  ).toEqual([
    [
      "w17",
      [
        [1, 1.5, "energy"],
        [1.5, 2, "silence+energy"],
        [2, 2.5, "silence"],
        [2.93, 3.41, "end_of_speech+silence"],
      ],
    ],
    [
      "w3",
      [
        [0.2, 0.5, "unlabelled"],
        [3, 3.444, "unlabelled"],
      ],
    ],
  ]);
});

test("XML is escaped; annotators without spans (w3 finished c2 unmarked) get empty tiers", () => {
  const file = exportFixture();
  file.annotators.push({ id: 'a<b>&"c"', role: "crowd" });
  file.submissions.push({ clipId: "c2", annotatorId: 'a<b>&"c"' });
  file.clips[1] = { id: "c2", name: 'say "hi" & go.wav', duration: 2 };
  const eaf = toEaf(file, "c2", NOW);
  expect(eaf).toContain(
    '<TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="a&lt;b&gt;&amp;&quot;c&quot;"/>',
  );
  const doc = parseEaf(new TextEncoder().encode(eaf), "x.eaf");
  expect(doc.tiers.map((t) => t.annotator)).toEqual(['a<b>&"c"', "w17", "w3"]);
  expect(doc.audio).toBe('say "hi" & go.wav');
});
