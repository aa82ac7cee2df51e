// The participant fields the collection server writes (annotators' platform, profile,
// screening, status, arrivedAt and finishedAt; submissions' heardToEnd: docs/spec/interchange-format.md) survive
// parsing, a merge into the database and the JSON export unchanged.
import { afterEach, beforeEach, expect, test } from "vitest";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { resolveMerge } from "../domain/merge/merge.ts";
import { RedPenDB } from "./db.ts";
import { applyResolution, planImport, studyToFile } from "./studyFiles.ts";

let database: RedPenDB;
beforeEach(async () => {
  database = new RedPenDB("participant-fields");
  await database.open();
});
afterEach(async () => {
  await database.delete();
});

const collected = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "crowd-1", name: "Crowd study", binSeconds: 0.1 },
  taxonomy: [{ id: "silence", label: "Silence" }],
  clips: [{ id: "c1", name: "s01_espeak.wav", duration: 2, system: "espeak", sentence: "s01" }],
  annotators: [
    {
      id: "p-5f1a",
      role: "crowd",
      platform: { name: "prolific", participantId: "5f1a", studyId: "66aa", sessionId: "77bb" },
      profile: { ageBand: "25-34", nativeLanguages: ["en", "vi"], headphones: true },
      screening: [{ test: "huggins", trials: 6, correct: 5, passed: true }],
      status: "completed",
      arrivedAt: "2026-11-25T10:00:00.000Z",
      finishedAt: "2026-11-25T10:01:30.000Z",
    },
    {
      id: "p-link-7",
      role: "crowd",
      platform: { name: "link", participantId: "7" },
      status: "returned",
    },
  ],
  submissions: [
    { clipId: "c1", annotatorId: "p-5f1a", score: 3, heardToEnd: true },
    { clipId: "c1", annotatorId: "p-link-7", heardToEnd: false },
  ],
  regions: [{ id: "r1", clipId: "c1", annotatorId: "p-5f1a", start: 0.5, end: 1 }],
  reasonLabels: [],
});

test("parsed, merged into the database and exported, the fields come back unchanged", async () => {
  const parsed = parseAnnotationText(JSON.stringify(collected()));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.file.annotators).toEqual(collected().annotators);
  expect(parsed.file.submissions).toEqual(collected().submissions);

  const [plan] = await planImport([{ name: "collected.json", file: parsed.file }], database);
  if (!plan) throw new Error("no plan");
  await applyResolution(resolveMerge(plan, {}), database);
  const out = await studyToFile("crowd-1", database);
  expect(out?.annotators).toEqual(collected().annotators);
  expect(out?.submissions).toEqual(collected().submissions);
});

test("a participant's new status is a change the merge shows, not a silent overwrite", async () => {
  const first = collected();
  const [plan] = await planImport([{ name: "a.json", file: first }], database);
  if (!plan) throw new Error("no plan");
  await applyResolution(resolveMerge(plan, {}), database);
  const later = collected();
  (later.annotators[1] as { status?: string }).status = "completed";
  const [again] = await planImport([{ name: "b.json", file: later }], database);
  expect(again?.entities.annotator.conflicts).toHaveLength(1);
  expect(again?.entities.annotator.unchanged).toHaveLength(1);
});

test("bad participant fields are refused with their paths", () => {
  const bad = collected() as unknown as {
    annotators: Record<string, unknown>[];
    submissions: Record<string, unknown>[];
  };
  (bad.annotators[0] as Record<string, unknown>).status = "paid";
  (bad.annotators[1] as Record<string, unknown>).screening = [
    { test: "huggins", trials: 6, correct: "5", passed: true },
  ];
  (bad.submissions[0] as Record<string, unknown>).heardToEnd = "yes";
  const result = parseAnnotationText(JSON.stringify(bad));
  expect(result.ok).toBe(false);
  if (result.ok) return;
  const paths = result.errors.map((e) => e.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      "annotators[0].status",
      "annotators[1].screening[0].correct",
      "submissions[0].heardToEnd",
    ]),
  );
});
