// The expert screen's navigation index, read by keys from a real (fake-indexeddb) database.
import { beforeEach, expect, test } from "vitest";
import { db } from "../db/db.ts";
import { addClips, addRegion, createStudy, ensureAnnotator, setReasons } from "../db/repo.ts";
import { readExpertIndex } from "./expertIndex.ts";

const wav = () => new Blob([new Uint8Array(44)], { type: "audio/wav" });

beforeEach(async () => {
  await db.delete();
  await db.open();
});

test("clips in study order; crowd spans and this expert's labelled spans counted per clip", async () => {
  await createStudy({ id: "s", name: "S" });
  // Added in this order, so the study order is c3, c1, c2 (ids sort differently on purpose).
  await addClips(
    "s",
    ["c3", "c1", "c2"].map((id) => ({ clip: { id, name: `${id}.wav`, duration: 4 }, blob: wav() })),
  );
  await ensureAnnotator("s", "w1", "crowd");
  await ensureAnnotator("s", "w2", "crowd");
  await ensureAnnotator("s", "e1", "expert");
  await ensureAnnotator("s", "e2", "expert");
  const a = await addRegion("s", { clipId: "c1", annotatorId: "w1", start: 0, end: 1 });
  const b = await addRegion("s", { clipId: "c1", annotatorId: "w2", start: 1, end: 2 });
  const c = await addRegion("s", { clipId: "c3", annotatorId: "w1", start: 0, end: 1 });
  // An expert's own span is not a crowd span.
  await addRegion("s", { clipId: "c3", annotatorId: "e1", start: 2, end: 3 });
  await addRegion("s", { clipId: "c2", annotatorId: "w2", start: 0, end: 0.5 });
  await setReasons("s", a.id, "e1", ["silence"]);
  await setReasons("s", c.id, "e1", ["energy"]);
  await setReasons("s", b.id, "e2", ["silence"]); // another expert's label: not e1's
  // Another study's rows stay out.
  await createStudy({ id: "s2", name: "Other" });
  await addClips("s2", [{ clip: { id: "c1", name: "c1.wav", duration: 4 }, blob: wav() }]);
  await ensureAnnotator("s2", "w1", "crowd");
  await addRegion("s2", { clipId: "c1", annotatorId: "w1", start: 0, end: 1 });

  const index = await readExpertIndex("s", "e1");
  expect(index.clipIds).toEqual(["c3", "c1", "c2"]);
  expect([...index.spans]).toEqual([1, 2, 1]);
  expect([...index.labelled]).toEqual([1, 1, 0]);

  const forE2 = await readExpertIndex("s", "e2");
  expect([...forE2.labelled]).toEqual([0, 1, 0]);
});

test("a study with no clips, and an unknown study, give an empty index", async () => {
  await createStudy({ id: "empty", name: "Empty" });
  for (const id of ["empty", "nope"]) {
    const index = await readExpertIndex(id, "e1");
    expect(index.clipIds).toEqual([]);
    expect(index.spans.length).toBe(0);
  }
});
