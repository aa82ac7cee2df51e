// The region preference test through the server (issue 41 item 3, the RedPen paper's Table 3):
// a compare study of view pairs is published with the crowd's spans on its clips and the
// model's saliency (id and role only), each trial's two samples are the one clip with each
// side's highlighted bins as the spec defines them, a judgment is stored against the views, and
// collect gives back the study's own records beside the participants', which validate and
// `stats` read (the comparison over the view names). On PGlite.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { viewPairs, viewRecords } from "../../src/domain/tasks/compare/views.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

// The first participant's id would be the carried annotator's, p0001-aaaaaa: the server's first
// draw of a participant id's random part is made to give "aaaaaa", so that it must draw again.
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  let clashes = 1;
  const randomBytes = ((n: number) =>
    n === 3 && clashes-- > 0
      ? Buffer.from("aaaaaa", "hex")
      : real.randomBytes(n)) as typeof real.randomBytes;
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness({});
});
afterAll(async () => {
  await h?.close();
});

/** A marked study: two crowd annotators on s01_A (2 s, 0.1 s bins) and the model m's saliency. */
function markedSource(): AnnotationFile {
  const file = studyFile("marked", 1, ["A"]);
  file.annotators = [
    { id: "p0001-aaaaaa", role: "crowd", platform: { name: "prolific", participantId: "PID-1" } },
    { id: "w2", role: "crowd" },
  ];
  file.submissions = [
    { clipId: "s01_A", annotatorId: "p0001-aaaaaa", score: 2, seconds: 40 },
    { clipId: "s01_A", annotatorId: "w2" },
  ];
  file.regions = [
    // Bins 3–5, and 4–6: union 3–6, overlap 4–5.
    { id: "r1", clipId: "s01_A", annotatorId: "p0001-aaaaaa", start: 0.3, end: 0.6 },
    { id: "r2", clipId: "s01_A", annotatorId: "w2", start: 0.4, end: 0.7 },
  ];
  // One value per 0.1 s bin: the highest at bins 15, 2, 9, 12 (0.9 … 0.6).
  const values = new Array<number>(20).fill(0);
  values[15] = 0.9;
  values[2] = 0.8;
  values[9] = 0.7;
  values[12] = 0.6;
  file.saliency = [{ clipId: "s01_A", model: "m", hopSeconds: 0.1, values }];
  return file;
}

/** The region preference study made from it, as New study and `cli new --from` make it. */
function preferenceStudy(id: string, regions: "union" | "overlap"): AnnotationFile {
  const source = markedSource();
  const made = viewPairs(source, { regions, model: "m" });
  if (!made.ok) throw new Error(made.problem);
  const file = studyFile(id, 1, ["A"]);
  file.clips = file.clips.filter((c) => c.id === "s01_A");
  file.study.task = "compare";
  file.study.comparison = { scale: "ab", allowSame: false };
  file.pairs = made.pairs;
  return { ...file, ...viewRecords(source, made.pairs) };
}

test("a view-pair study is published with its crowd's spans and saliency; trials highlight each side's bins; collect validates", async () => {
  await h.publish(preferenceStudy("regionpref", "union"), {
    clipsPerParticipant: 1,
    ratingsPerClip: 2,
  });
  const arrived = await h.api("POST", "p/regionpref/arrive", {
    platform: "link",
    participantId: "listener-1",
  });
  expect(arrived.status).toBe(200);
  const token = arrived.json.sessionToken as string;
  const state = arrived.json.state as {
    trials: { position: number; sides: { duration: number; bins?: number[] }[] }[];
  };
  // Union 3–6 (4 bins) against the model's four highest (2, 9, 12, 15), in either order.
  expect(state.trials).toHaveLength(1);
  const sides = state.trials[0]?.sides ?? [];
  expect(sides.map((s) => s.duration)).toEqual([2, 2]);
  expect(sides.map((s) => s.bins).sort()).toEqual([
    [2, 9, 12, 15],
    [3, 4, 5, 6],
  ]);
  const [row] = await h.store.query<{ shown_first: "a" | "b" }>(
    "SELECT shown_first FROM trials WHERE study_id = 'regionpref'",
  );
  expect(sides[0]?.bins).toEqual(row?.shown_first === "a" ? [3, 4, 5, 6] : [2, 9, 12, 15]);
  // Both samples are the clip's audio.
  const one = await h.api("GET", "p/regionpref/trials/main/1/1/audio", undefined, token);
  const two = await h.api("GET", "p/regionpref/trials/main/1/2/audio", undefined, token);
  expect([one.status, two.status]).toEqual([200, 200]);
  for (const side of [1, 2]) {
    const play = await h.api(
      "POST",
      `p/regionpref/trials/main/1/${side}/plays`,
      { playId: `play-${side}-abcdefgh` },
      token,
    );
    expect(play.status).toBe(200);
  }
  // Sample 1 preferred: the side shown first.
  const judged = await h.api(
    "POST",
    "p/regionpref/judgments",
    {
      clientId: "judgment-view-1",
      stage: "main",
      position: 1,
      choice: "1",
      heardToEnd: true,
      completedAt: "2026-11-29T10:00:00.000Z",
    },
    token,
  );
  expect(judged.status, JSON.stringify(judged.json)).toBe(200);

  const collected = await h.api("GET", "studies/regionpref/collect", undefined, TOKEN);
  expect(collected.status).toBe(200);
  const file = collected.json as unknown as AnnotationFile;
  // The study's own crowd (id and role only: no platform id, score or time travelled) first.
  expect(file.annotators.slice(0, 2)).toEqual([
    { id: "p0001-aaaaaa", role: "crowd" },
    { id: "w2", role: "crowd" },
  ]);
  // The participant's id is not the carried annotator's, though its first draw was.
  expect(file.annotators[2]?.id).toMatch(/^p0001-[0-9a-f]{6}$/);
  expect(new Set(file.annotators.map((a) => a.id)).size).toBe(3);
  expect(file.regions.map((r) => r.id)).toEqual(["r1", "r2"]);
  expect(file.submissions.slice(0, 2)).toEqual([
    { clipId: "s01_A", annotatorId: "p0001-aaaaaa" },
    { clipId: "s01_A", annotatorId: "w2" },
  ]);
  expect(file.saliency).toEqual(markedSource().saliency);
  expect(file.judgments).toMatchObject([
    {
      pairId: "s01_A:regions:union~saliency:m",
      choice: row?.shown_first,
      shownFirst: row?.shown_first,
    },
  ]);
  const parsed = parseAnnotationFile(file);
  expect(parsed.ok, JSON.stringify(parsed.ok ? [] : parsed.errors)).toBe(true);
  if (!parsed.ok) return;
  const comparison = computeReport(parsed.file).comparison;
  const winner = row?.shown_first === "a" ? "regions:union" : "saliency:m";
  expect(comparison?.pairs).toMatchObject([
    {
      a: "regions:union",
      b: "saliency:m",
      judgments: 1,
      aWins: winner === "regions:union" ? 1 : 0,
      bWins: winner === "saliency:m" ? 1 : 0,
    },
  ]);
});

test("a view pair whose side highlights nothing, or names a model without saliency, is refused naming the pair", async () => {
  const file = preferenceStudy("empty-overlap", "union");
  // Without w2's span the overlap is w1's alone; without any span, the union is empty.
  file.regions = [];
  const refused = await h.api("PUT", "studies/empty-overlap", { file, settings: {} }, TOKEN);
  expect(refused.status).toBe(400);
  expect(refused.json.error?.message).toBe(
    'pairs[0].a: "regions:union" highlights no bin of clip "s01_A" (no crowd annotator marked a region): a listener would see nothing to compare',
  );
  expect((await h.api("GET", "p/empty-overlap")).status).toBe(404);
});
