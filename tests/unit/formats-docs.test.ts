// The examples of docs/formats.md ("Annotations of other tools") read as the text says: each
// becomes the spans and reasons it promises, with nothing left out or said.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { detectKind, readForeign } from "../../src/domain/formats/read.ts";
import { foreignToInterchange } from "../../src/domain/formats/toInterchange.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const blocks = [
  ...readFileSync("docs/formats.md", "utf8").matchAll(/```(?:text|xml|json)\n([\s\S]*?)```/g),
].map((m) => m[1] as string);
const block = (start: string) => {
  const found = blocks.find((b) => b.startsWith(start));
  if (found === undefined) throw new Error(`docs/formats.md has no example starting ${start}`);
  return found;
};

const study: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [...DEFAULT_TAXONOMY],
  clips: [{ id: "s01_espeak", name: "s01_espeak.wav", duration: 3.2 }],
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
};

function read(name: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const kind = detectKind(bytes, name);
  const { file, warnings } = foreignToInterchange(readForeign(bytes, name, kind), study);
  return {
    kind,
    spans: file.regions.map((r) => {
      const label = file.reasonLabels.find((l) => l.regionId === r.id);
      return `${r.annotatorId} ${r.start}-${r.end} ${label?.annotatorId}: ${label?.reasons.join("+")}`;
    }),
    warnings,
  };
}

test("the short-form TextGrid: w1's one span with two reasons", () => {
  expect(read("s01_espeak.TextGrid", block('File type = "ooTextFile"\n"TextGrid"'))).toEqual({
    kind: "textgrid",
    spans: ["w1 0.5-1.25 w1: high_pitch+spacing"],
    warnings: [],
  });
});

test("the Audacity labels: the spectral line skipped, the decimal comma read", () => {
  expect(read("s01_espeak.txt", block("0.500000\t1.250000"))).toEqual({
    kind: "audacity",
    spans: [
      "w1 0.5-1.25 w1: high_pitch+spacing",
      "w1 2.9-3.2 w1: end_of_speech",
      "audacity 0.1-0.45 audacity: voice_trembling",
    ],
    warnings: [],
  });
});

test("the minimal ELAN file and the Label Studio task", () => {
  expect(read("notes.eaf", block("<ANNOTATION_DOCUMENT"))).toEqual({
    kind: "eaf",
    spans: ["w1 0.5-1.25 w1: high_pitch+spacing"],
    warnings: [],
  });
  expect(read("export.json", block('[{ "data"'))).toEqual({
    kind: "label-studio",
    spans: ["ls-2 0.5-1.25 ls-2: high_pitch+spacing"],
    warnings: [],
  });
});
