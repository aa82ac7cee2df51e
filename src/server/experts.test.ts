// Expert links (experts.ts): a link per expert, the work an expert sees (the crowd's spans
// without platform ids), reason labels checked against the study's taxonomy and sent back, a
// new link closing the old one. Against PGlite through the HTTP API (tests/server/harness.ts).
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { type Harness, startHarness, TOKEN } from "../../tests/server/harness.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test("experts: a link per expert, the crowd's spans without platform ids, labels sent back", async () => {
  const file = studyFile("exp", 3, ["A"]);
  await h.publish(file, { clipsPerParticipant: 2 });
  const a = await h.api("POST", "p/exp/arrive", { platform: "prolific", participantId: "PX1" });
  const session = a.json.sessionToken as string;
  for (const position of [1, 2]) {
    const sent = await h.api(
      "POST",
      "p/exp/submissions",
      {
        clientId: `exp-client-${position}`,
        position,
        spans: [{ start: 0.25, end: 0.75 }],
        heardToEnd: true,
      },
      session,
    );
    expect(sent.status).toBe(200);
  }
  expect((await h.api("POST", "studies/exp/experts", { expertId: "e1" })).status).toBe(401);
  const bad = await h.api("POST", "studies/exp/experts", { expertId: "a b" }, TOKEN);
  expect(bad.json.error?.message).toBe(
    'expertId: must be 1–128 letters, digits, _ . : or - (got "a b")',
  );
  const made = await h.api("POST", "studies/exp/experts", { expertId: "e1" }, TOKEN);
  const token = made.json.token as string;
  expect(made.json.expertId).toBe("e1");

  const work = await h.api("GET", "x/exp/work", undefined, token);
  expect(work.status).toBe(200);
  const parsed = parseAnnotationFile(work.json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const pid = (a.json.state as { participantId: string }).participantId;
  // No platform ids for experts: only who annotated what.
  expect(parsed.file.annotators).toEqual([
    { id: pid, role: "crowd" },
    { id: "e1", role: "expert" },
  ]);
  expect(JSON.stringify(work.json)).not.toContain("PX1");
  expect(parsed.file.regions).toHaveLength(2);
  const regionId = parsed.file.regions[0]?.id as string;
  const clipId = parsed.file.regions[0]?.clipId as string;
  const audio = await fetch(`${h.base}/api/x/exp/clips/${clipId}/audio`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(audio.status).toBe(200);
  expect(audio.headers.get("content-type")).toBe("audio/wav");

  // Someone else's token, another study, a participant's session: refused.
  expect((await h.api("GET", "x/exp/work", undefined, session)).status).toBe(401);
  expect((await h.api("GET", "x/exp/work", undefined, TOKEN)).status).toBe(401);
  expect((await h.api("GET", "x/visit/work", undefined, token)).status).toBe(401);

  const put = (reasons: unknown, region = regionId) =>
    h.api("PUT", `x/exp/labels/${encodeURIComponent(region)}`, { reasons }, token);
  const unknown = await put(["nonsense"]);
  expect(unknown.status).toBe(400);
  expect(unknown.json.error?.message).toBe(
    '"nonsense" is not a reason of this study (its reasons: silence)',
  );
  expect((await put(["silence"], "no.such.region")).status).toBe(404);
  expect((await put(["silence"])).json).toEqual({
    regionId,
    annotatorId: "e1",
    reasons: ["silence"],
  });
  expect((await put(["silence"])).status).toBe(200); // sent again: harmless
  let collected = await h.api("GET", "studies/exp/collect", undefined, TOKEN);
  expect(collected.json.reasonLabels).toEqual([
    { regionId, annotatorId: "e1", reasons: ["silence"] },
  ]);
  expect(collected.json.annotators).toContainEqual({ id: "e1", role: "expert" });
  expect((await h.api("GET", "x/exp/work", undefined, token)).json.reasonLabels).toEqual([
    { regionId, annotatorId: "e1", reasons: ["silence"] },
  ]);
  await put([]);
  collected = await h.api("GET", "studies/exp/collect", undefined, TOKEN);
  expect(collected.json.reasonLabels).toEqual([]);

  // A new link for the same expert closes the old one.
  const again = await h.api("POST", "studies/exp/experts", { expertId: "e1" }, TOKEN);
  expect((await h.api("GET", "x/exp/work", undefined, token)).status).toBe(401);
  expect((await h.api("GET", "x/exp/work", undefined, again.json.token as string)).status).toBe(
    200,
  );
});
