import { expect, test } from "vitest";
import { edgeFixture } from "../../export/edge.test-data.ts";
import { exportFixture } from "../../export/fixture.test-data.ts";
import { parseEaf } from "./read.ts";
import { eafMimeType, toEaf } from "./write.ts";

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
    '<MEDIA_DESCRIPTOR MEDIA_URL="N18_30001.wav" MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="./N18_30001.wav"/>',
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

test("the whole document of a small clip: the EAF 3.0 header, MEDIA_DESCRIPTOR with its MIME type", () => {
  // c2 (2 s, 'say, "hi".wav'): w17 marked 0.5–1.5 (energy, by e1); w3 finished it unmarked.
  expect(toEaf(exportFixture(), "c2", NOW)).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ANNOTATION_DOCUMENT AUTHOR="RedPen Annotator" DATE="2026-11-25T10:00:00.000Z" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">',
      '    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">',
      '        <MEDIA_DESCRIPTOR MEDIA_URL="say,%20%22hi%22.wav" MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="./say,%20%22hi%22.wav"/>',
      "    </HEADER>",
      "    <TIME_ORDER>",
      '        <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="500"/>',
      '        <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="1500"/>',
      "    </TIME_ORDER>",
      '    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="w17">',
      "        <ANNOTATION>",
      '            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">',
      "                <ANNOTATION_VALUE>energy</ANNOTATION_VALUE>",
      "            </ALIGNABLE_ANNOTATION>",
      "        </ANNOTATION>",
      "    </TIER>",
      '    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="w3"/>',
      '    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
      "</ANNOTATION_DOCUMENT>",
      "",
    ].join("\n"),
  );
});

test("times rounded to the millisecond; a stretch shorter than that is left out; other audio is audio/*", () => {
  const file = exportFixture();
  file.clips[1] = { id: "c2", name: "take #2?.flac", duration: 2 };
  // w17: 0.5–1.2345 (1234.5 ms rounds to 1235) and 1.2345–1.2348, which rounds to 1235–1235.
  file.regions = [
    { id: "x1", clipId: "c2", annotatorId: "w17", start: 0.5, end: 1.2345 },
    { id: "x2", clipId: "c2", annotatorId: "w17", start: 1.2345, end: 1.2348 },
  ];
  file.reasonLabels = [{ regionId: "x2", annotatorId: "e1", reasons: ["silence"] }];
  const eaf = toEaf(file, "c2", NOW);
  expect(eaf).toContain(
    '<MEDIA_DESCRIPTOR MEDIA_URL="take%20%232%3F.flac" MIME_TYPE="audio/*" RELATIVE_MEDIA_URL="./take%20%232%3F.flac"/>',
  );
  expect(eaf.match(/TIME_VALUE="(\d+)"/g)).toEqual(['TIME_VALUE="500"', 'TIME_VALUE="1235"']);
  expect(eaf.match(/<ANNOTATION_VALUE>[^<]*</g)).toEqual(["<ANNOTATION_VALUE>unlabelled<"]);
  expect(parseEaf(new TextEncoder().encode(eaf), "x.eaf").audio).toBe("take #2?.flac");
  expect(eafMimeType("N18_30001.WAV")).toBe("audio/x-wav");
  expect(eafMimeType("a.mp3")).toBe("audio/*");
});

test("the edge study: quotes escaped, non-ASCII and a line break kept, µs times to the nearest ms", () => {
  const eaf = toEaf(edgeFixture(), "e1", NOW);
  expect(eaf).toContain(
    '<MEDIA_DESCRIPTOR MEDIA_URL="edge-%C2%B5s%20%C2%ABx%C2%BB.wav" MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="./edge-%C2%B5s%20%C2%ABx%C2%BB.wav"/>',
  );
  expect(eaf).toContain('<TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="w&quot;1&quot;">');
  expect(eaf).toContain(
    "<ANNOTATION_VALUE>say &quot;what&quot;+Höhe ↑+two\nlines</ANNOTATION_VALUE>",
  );
  // 0.123457 s → 123 ms; the span cut at the clip's end, 2.345678 s → 2346 ms.
  const doc = parseEaf(new TextEncoder().encode(eaf), "x.eaf");
  expect(doc.audio).toBe("edge-µs «x».wav");
  expect(
    doc.tiers.map((t) => [t.annotator, t.spans.map((s) => [s.start, s.end, s.label])]),
  ).toEqual([
    [
      'w"1"',
      [
        [0.123, 0.5, 'say "what"+Höhe ↑+two\nlines'],
        [0.5, 0.623, 'say "what"+Höhe ↑+two\nlines'],
        [0.623, 1, 'say "what"+Höhe ↑+two\nlines'],
      ],
    ],
    [
      "wé",
      [
        [0.4, 0.723, "unlabelled"],
        [2, 2.346, "Höhe ↑"],
      ],
    ],
  ]);
});
