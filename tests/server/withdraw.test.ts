// Reading a published study back (settings, consent, task, who arrived) and a participant's
// withdrawal on PGlite: their arrival, submissions, spans and the experts' reasons on them go,
// their unfinished clip goes to the next person, and everyone else's work stays.
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

test("the published study reads back as it was published, consent included", async () => {
  const file = studyFile("read back", 2, ["espeak"]);
  const before = await h.api("GET", "studies/read%20back/published", undefined, TOKEN);
  expect([before.status, before.json]).toEqual([200, null]);
  await h.publish(file, {
    clipsPerParticipant: 2,
    ratingsPerClip: 1,
    completionCode: "C0DE42",
    screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT1",
    consent: "You agree to our terms.\nHeadphones please.",
  });
  const back = await h.api("GET", "studies/read%20back/published", undefined, TOKEN);
  expect(back.status).toBe(200);
  expect(back.json).toMatchObject({
    studyId: "read back",
    name: "Study read back",
    task: "mark",
    clips: 4,
    settings: {
      clipsPerParticipant: 2,
      ratingsPerClip: 1,
      completionCode: "C0DE42",
      screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT1",
      consent: "You agree to our terms.\nHeadphones please.",
    },
    participants: { started: 0, completed: 0, returned: 0, screenedOut: 0 },
  });
  // The consent of the settings wins over the study file's ("I agree.").
  const about = await h.api("GET", "p/read%20back");
  expect(about.json.consent).toBe("You agree to our terms.\nHeadphones please.");
  expect((await h.api("GET", "studies/read%20back/published")).status).toBe(401);
});

test("withdraw deletes a participant's data, frees their unfinished clip, and says what went", async () => {
  // 4 clips, 2 each, 1 rating per clip: A and B fill the study; C finds it full.
  const file = studyFile("wd", 2, ["espeak"]);
  await h.publish(file, { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const a = await h.api("POST", "p/wd/arrive", { platform: "prolific", participantId: "PID_A" });
  const b = await h.api("POST", "p/wd/arrive", { platform: "prolific", participantId: "PID_B" });
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(
    (await h.api("POST", "p/wd/arrive", { platform: "prolific", participantId: "PID_C" })).status,
  ).toBe(409);
  const send = (session: string, position: number, spans: { start: number; end: number }[]) =>
    h.api(
      "POST",
      "p/wd/submissions",
      { clientId: `wd-${session.slice(0, 6)}-${position}`, position, spans, heardToEnd: true },
      session,
    );
  const sessionA = a.json.sessionToken as string;
  const sessionB = b.json.sessionToken as string;
  expect(
    (
      await send(sessionA, 1, [
        { start: 0.1, end: 0.4 },
        { start: 1, end: 1.5 },
      ])
    ).status,
  ).toBe(200);
  expect((await send(sessionB, 1, [{ start: 0.2, end: 0.3 }])).status).toBe(200);
  // An expert labels one span of A's and one of B's.
  const expert = await h.api("POST", "studies/wd/experts", { expertId: "e1" }, TOKEN);
  const work = await h.api("GET", "x/wd/work", undefined, expert.json.token as string);
  const regions = work.json.regions as { id: string; annotatorId: string }[];
  const idA = (a.json.state as { participantId: string }).participantId;
  const idB = (b.json.state as { participantId: string }).participantId;
  for (const r of [
    regions.find((x) => x.annotatorId === idA),
    regions.find((x) => x.annotatorId === idB),
  ]) {
    const put = await h.api(
      "PUT",
      `x/wd/labels/${encodeURIComponent(r?.id ?? "")}`,
      { reasons: ["silence"] },
      expert.json.token as string,
    );
    expect(put.status).toBe(200);
  }

  expect(
    (await h.api("POST", "studies/wd/withdraw", { participant: "PID_A" }, "not-the-token")).status,
  ).toBe(401);
  const bad = await h.api("POST", "studies/wd/withdraw", { participant: "a b" }, TOKEN);
  expect(bad.status).toBe(400);
  expect(bad.json.error?.message).toBe(
    'participant: must be 1–128 letters, digits, _ . : or - (got "a b")',
  );
  const done = await h.api("POST", "studies/wd/withdraw", { participant: "PID_A" }, TOKEN);
  expect(done.status).toBe(200);
  expect(done.json).toEqual({
    participant: "PID_A",
    platform: "prolific",
    status: "started",
    submissions: 1,
    spans: 2,
    reasonLabels: 1,
    intake: false,
    screening: false,
    slotsFreed: 1,
  });
  // Their session is gone with them.
  expect((await h.api("GET", "p/wd/state", undefined, sessionA)).status).toBe(401);
  // Nothing of A's is collected; B's work and the expert's reason on it stay.
  const collected = await h.api("GET", "studies/wd/collect", undefined, TOKEN);
  const text = JSON.stringify(collected.json);
  expect(text).not.toContain("PID_A");
  expect(text).not.toContain(idA);
  expect((collected.json.submissions as unknown[]).length).toBe(1);
  expect(collected.json.regions).toEqual([
    expect.objectContaining({ annotatorId: idB, start: 0.2, end: 0.3 }),
  ]);
  expect(collected.json.reasonLabels).toEqual([
    expect.objectContaining({ annotatorId: "e1", reasons: ["silence"] }),
  ]);
  // A's two clips (the finished one's data deleted, the unfinished one) go to C.
  const c = await h.api("POST", "p/wd/arrive", { platform: "prolific", participantId: "PID_C" });
  expect(c.status).toBe(200);
  expect((c.json.state as { clips: unknown[] }).clips).toHaveLength(2);
  // Again: nobody to withdraw, nothing deleted.
  const again = await h.api("POST", "studies/wd/withdraw", { participant: "PID_A" }, TOKEN);
  expect(again.status).toBe(404);
  expect(again.json.error?.message).toBe(
    'participant "PID_A" has not taken part in study "wd" (nothing deleted)',
  );
  const published = await h.api("GET", "studies/wd/published", undefined, TOKEN);
  expect(published.json.participants).toEqual({
    started: 2,
    completed: 0,
    returned: 0,
    screenedOut: 0,
  });
});
