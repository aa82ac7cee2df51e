// A study's pairs in the repository: stored with the study, replaced by Edit settings in the
// same write as its keys, a judged pair never changed or removed (the write refused whole).
import { beforeEach, expect, test } from "vitest";
import { db } from "./db.ts";
import { createStudy, getStudy, listPairs, studyToFile, updateStudy } from "./repo.ts";

beforeEach(async () => {
  await db.delete();
  await db.open();
});

const clip = (id: string) => ({ clip: { id, name: `${id}.wav`, duration: 1 } });

test("pairs are stored with the study, checked against its clips", async () => {
  const id = await createStudy({
    name: "P",
    clips: [clip("x"), clip("y"), clip("z")],
    pairs: [
      { id: "p2", a: "x", b: "z" },
      { id: "p1", a: "x", b: "y" },
    ],
  });
  expect(await listPairs(id)).toEqual([
    { id: "p1", a: "x", b: "y" },
    { id: "p2", a: "x", b: "z" },
  ]);
  await expect(
    createStudy({ name: "Q", clips: [clip("x")], pairs: [{ id: "p", a: "x", b: "nope" }] }),
  ).rejects.toThrow('pairs[0].b: no clip "nope"');
  await expect(
    createStudy({ name: "Q", clips: [clip("x")], pairs: [{ id: "p", a: "x", b: "x" }] }),
  ).rejects.toThrow('pairs[0]: names clip "x" twice');
});

test("Edit settings replaces the pairs; a judged pair stays as it is, the whole write refused", async () => {
  const id = await createStudy({
    name: "P",
    clips: [clip("x"), clip("y"), clip("z")],
    pairs: [
      { id: "p1", a: "x", b: "y" },
      { id: "p2", a: "x", b: "z" },
    ],
  });
  await db.judgments.add({ studyId: id, pairId: "p1", annotatorId: "w1", choice: "a" });
  await expect(
    updateStudy(id, { name: "Renamed", pairs: [{ id: "p2", a: "x", b: "z" }] }),
  ).rejects.toThrow('pair "p1" already has judgments: it cannot be removed');
  await expect(updateStudy(id, { pairs: [{ id: "p1", a: "y", b: "x" }] })).rejects.toThrow(
    'pair "p1" already has judgments: it cannot be changed',
  );
  expect((await getStudy(id))?.name).toBe("P");
  expect(await listPairs(id)).toHaveLength(2);
  // The judged pair kept, the other replaced.
  await updateStudy(id, {
    name: "Renamed",
    pairs: [
      { id: "p1", a: "x", b: "y" },
      { id: "p3", a: "y", b: "z" },
    ],
  });
  expect((await listPairs(id)).map((p) => p.id)).toEqual(["p1", "p3"]);
  expect((await getStudy(id))?.name).toBe("Renamed");
});

test("a region preference test is stored with its view pairs and the crowd spans and saliency they show, all or nothing", async () => {
  const annotations = {
    annotators: [{ id: "w1", role: "crowd" as const }],
    submissions: [{ clipId: "x", annotatorId: "w1" }],
    regions: [{ id: "r1", clipId: "x", annotatorId: "w1", start: 0.1, end: 0.4 }],
    saliency: [{ clipId: "x", model: "m", hopSeconds: 0.5, values: [1, 2] }],
  };
  const view = { id: "v", clipId: "x", a: "regions:union", b: "saliency:m" };
  const pairs = [view];
  const id = await createStudy({ name: "V", clips: [clip("x")], pairs, annotations });
  const file = await studyToFile(id);
  expect(file?.pairs).toEqual(pairs);
  expect(file?.annotators).toEqual(annotations.annotators);
  expect(file?.submissions).toEqual(annotations.submissions);
  expect(file?.regions).toEqual(annotations.regions);
  expect(file?.saliency).toEqual(annotations.saliency);
  // A view pair of a clip the study lacks, a span of an unknown annotator: refused, nothing kept.
  await expect(
    createStudy({ name: "W", clips: [clip("x")], pairs: [{ ...view, clipId: "y" }] }),
  ).rejects.toThrow('pairs[0].clipId: no clip "y"');
  await expect(
    createStudy({
      name: "W",
      clips: [clip("x")],
      pairs,
      annotations: {
        ...annotations,
        regions: [{ id: "r1", clipId: "x", annotatorId: "w9", start: 0.1, end: 0.4 }],
      },
    }),
  ).rejects.toThrow('regions[0].annotatorId: no annotator "w9"');
  expect((await db.studies.toArray()).map((s) => s.name)).toEqual(["V"]);
});
