import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { computeReport } from "../stats/analyze.ts";
import { protocolFacts, protocolReport } from "./protocol.ts";
import { protocolChangesOf, protocolChangesSection } from "./protocolChanges.ts";

const recorded = [
  {
    at: "2026-11-28T14:05:09.120Z",
    participantsBefore: 40,
    changes: [
      {
        what: "Headphone check",
        from: '{"passAt":5,"test":"huggins","trials":6}',
        to: "(none)",
      },
    ],
  },
  {
    at: "2026-11-28T09:30:00.000Z",
    participantsBefore: 12,
    changes: [
      { what: "Completion code", from: '"A1"', to: '"B2"' },
      { what: "Clips per participant", from: "10", to: "12" },
    ],
  },
];

test("recorded changes: read in time order, malformed entries left out", () => {
  const read = protocolChangesOf({
    protocolChanges: [
      ...recorded,
      { at: "yesterday", participantsBefore: 3, changes: recorded[0]?.changes },
      { at: "2026-11-28T10:00:00.000Z", participantsBefore: -1, changes: [] },
      { at: "2026-11-28T10:00:00.000Z", participantsBefore: 2, changes: [{ what: 1 }] },
      "nonsense",
    ],
  });
  expect(read.map((c) => [c.at, c.participantsBefore, c.changes.length])).toEqual([
    ["2026-11-28T09:30:00.000Z", 12, 2],
    ["2026-11-28T14:05:09.120Z", 40, 1],
  ]);
  expect(protocolChangesOf({})).toEqual([]);
  expect(protocolChangesSection([])).toBeNull();
});

test("the report lists each change with its time and how many had arrived before it", () => {
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1, protocolChanges: recorded },
    taxonomy: [],
    clips: [{ id: "c1", name: "c1.wav", duration: 2, system: "A" }],
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
  const markdown = protocolReport(protocolFacts(file), computeReport(file), "markdown");
  const section = markdown.slice(markdown.indexOf("## Changes to the protocol during collection"));
  expect(section.split("\n").slice(0, 8)).toEqual([
    "## Changes to the protocol during collection",
    "",
    "| Published (UTC) | Participants before | What changed | From | To |",
    "| --- | ---: | --- | --- | --- |",
    '| 2026-11-28 09:30 | 12 | Completion code | "A1" | "B2" |',
    "| 2026-11-28 09:30 | 12 | Clips per participant | 10 | 12 |",
    '| 2026-11-28 14:05 | 40 | Headphone check | {"passAt":5,"test":"huggins","trials":6} | (none) |',
    "",
  ]);
  expect(section).toContain("The study was changed 2 times while participants were taking part");
  const latex = protocolReport(protocolFacts(file), computeReport(file), "latex");
  expect(latex).toContain("\\paragraph{Changes to the protocol during collection}");
  expect(latex).toContain(
    '2026-11-28 14:05 & 40 & Headphone check & \\{"passAt":5,"test":"huggins","trials":6\\} & (none) \\\\',
  );
  // A study never changed while collecting has no such section.
  const { protocolChanges: _none, ...plain } = file.study;
  expect(
    protocolReport(protocolFacts({ ...file, study: plain }), computeReport(file), "markdown"),
  ).not.toContain("Changes to the protocol");
});
