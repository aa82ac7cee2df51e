// Collecting (collecting.ts): everything a study collected as one interchange file the reader
// accepts: crowd annotators with platform and status, one submission per finished clip (also
// one with no span), spans with ids `<participant>.<clip>.<n>` that split back even when a clip
// id has dots, experts and their reason labels. Against PGlite through the HTTP API.
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { type Harness, startHarness, TOKEN } from "../../tests/server/harness.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";
import { parseRegionId, regionIdOf } from "./collecting.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test("a span's id splits back into participant, clip and n, also with dots in the clip id", () => {
  expect(regionIdOf("p0001-ab12cd", "s01.take2_A", 3)).toBe("p0001-ab12cd.s01.take2_A.3");
  expect(parseRegionId("p0001-ab12cd.s01.take2_A.3")).toEqual({
    participantId: "p0001-ab12cd",
    clipId: "s01.take2_A",
    n: 3,
  });
  for (const bad of ["nodot", ".s01.1", "p1..1", "p1.s01.0", "p1.s01.x", "p1.s01.01", "p1.s01"])
    expect(parseRegionId(bad), bad).toBeNull();
});

test("the collected file: annotators, submissions (one with no span), spans, an expert's labels", async () => {
  const file = studyFile("col", 2, ["A"]);
  await h.publish(file, { clipsPerParticipant: 2 });
  const empty = await h.api("GET", "studies/col/collect", undefined, TOKEN);
  expect(empty.json).toMatchObject({ annotators: [], submissions: [], regions: [] });
  expect((empty.json.clips as unknown[]).length).toBe(4);

  const a = await h.api("POST", "p/col/arrive", {
    platform: "prolific",
    participantId: "PROLIFIC-1",
    platformStudyId: "ST1",
    sessionId: "SE1",
  });
  const token = a.json.sessionToken as string;
  const pid = (a.json.state as { participantId: string }).participantId;
  const spans = [
    { start: 0.5, end: 0.75 },
    { start: 0.25, end: 1 },
  ];
  const sent = [
    { clientId: "col-client-1", position: 1, spans, heardToEnd: true, score: 2, playCount: 3 },
    { clientId: "col-client-2", position: 2, spans: [], heardToEnd: false, seconds: 9.5 },
  ];
  for (const body of sent)
    expect((await h.api("POST", "p/col/submissions", body, token)).status).toBe(200);
  const clipAt = async (position: number) =>
    (
      await h.store.query<{ clip_id: string }>(
        "SELECT clip_id FROM assignments WHERE study_id = 'col' AND participant_id = $1 AND position = $2",
        [pid, position],
      )
    )[0]?.clip_id as string;
  const [first, second] = [await clipAt(1), await clipAt(2)];

  const expert = await h.api("POST", "studies/col/experts", { expertId: "x1" }, TOKEN);
  const label = await h.api(
    "PUT",
    `x/col/labels/${encodeURIComponent(regionIdOf(pid, first, 2))}`,
    { reasons: ["silence"] },
    expert.json.token as string,
  );
  expect(label.status).toBe(200);

  const collected = await h.api("GET", "studies/col/collect", undefined, TOKEN);
  const parsed = parseAnnotationFile(collected.json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const out = parsed.file;
  // The settings it was published with (the protocol report's K and R come from them).
  expect(out.study.collection).toEqual({ clipsPerParticipant: 2, ratingsPerClip: 3 });
  expect(out.annotators).toEqual([
    {
      id: pid,
      role: "crowd",
      platform: { name: "prolific", participantId: "PROLIFIC-1", studyId: "ST1", sessionId: "SE1" },
      status: "completed",
      arrivedAt: expect.any(String),
      finishedAt: expect.any(String),
    },
    { id: "x1", role: "expert" },
  ]);
  // arrival to completion: what the methods report's pay figure is measured over
  const crowd = out.annotators[0] as { arrivedAt: string; finishedAt: string };
  expect(Date.parse(crowd.finishedAt)).toBeGreaterThanOrEqual(Date.parse(crowd.arrivedAt));
  const byClip = new Map(out.submissions.map((s) => [s.clipId, s]));
  expect(out.submissions).toHaveLength(2);
  expect(byClip.get(first)).toMatchObject({
    annotatorId: pid,
    heardToEnd: true,
    score: 2,
    playCount: 3,
  });
  expect(byClip.get(second)).toMatchObject({ annotatorId: pid, heardToEnd: false, seconds: 9.5 });
  // Two spans on the first clip, in the order sent; none on the second (heard nothing wrong).
  expect(out.regions.map((r) => [r.id, r.clipId, r.start, r.end])).toEqual([
    [regionIdOf(pid, first, 1), first, 0.5, 0.75],
    [regionIdOf(pid, first, 2), first, 0.25, 1],
  ]);
  expect(out.reasonLabels).toEqual([
    { regionId: regionIdOf(pid, first, 2), annotatorId: "x1", reasons: ["silence"] },
  ]);
  expect((await h.api("GET", "studies/none/collect", undefined, TOKEN)).status).toBe(404);
});
