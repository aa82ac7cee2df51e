// Submissions (submissions.ts): each finished clip stored exactly once, however often and
// however concurrently it is sent; a second, different submission for a clip refused; only
// one's own clips, with one's own session; spans fitted to the clip; the last clip completes the
// participant once; a returned participant's new work refused while a replay of what they sent
// stands. Against PGlite through the HTTP API (tests/server/harness.ts).
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { type Harness, startHarness, TOKEN } from "../../tests/server/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // 4 sentences × (human + A) = 8 clips of 2 s; K = 3.
  await h.publish(studyFile("subs", 4, ["A"]), {
    clipsPerParticipant: 3,
    ratingsPerClip: 8,
    completionCode: "DONE77",
  });
  await h.publish(studyFile("other", 2, ["A"]), { clipsPerParticipant: 2 });
});
afterAll(() => h.close());

async function arrive(pid: string, study = "subs") {
  const a = await h.api("POST", `p/${study}/arrive`, { platform: "link", participantId: pid });
  expect(a.status).toBe(200);
  return a.json.sessionToken as string;
}

const clip = (clientId: string, position: number, spans = [{ start: 0.5, end: 1 }]) => ({
  clientId,
  position,
  spans,
  heardToEnd: true,
  score: 4,
});

const send = (token: string | undefined, body: unknown) =>
  h.api("POST", "p/subs/submissions", body, token);

/** The participant's stored submissions, straight from the database. */
async function stored(token: string) {
  const state = await h.api("GET", "p/subs/state", undefined, token);
  const participantId = state.json.participantId as string;
  return h.store.query<{ client_id: string; body: { spans: unknown[] } }>(
    "SELECT client_id, body FROM submissions WHERE study_id = 'subs' AND participant_id = $1 ORDER BY client_id",
    [participantId],
  );
}

test("sent again (a lost answer, a retry), the same submission is acknowledged and stored once", async () => {
  const token = await arrive("once");
  const first = await send(token, clip("once-0001", 1));
  expect(first.status).toBe(200);
  expect(first.json).toMatchObject({
    clientId: "once-0001",
    replay: false,
    progress: { status: "started", total: 3, done: [1] },
  });
  const again = await send(token, clip("once-0001", 1));
  expect(again.json).toMatchObject({ replay: true, progress: { done: [1] } });
  // Five copies at once: one is the replay of the other four's… all acknowledged, one row.
  const burst = await Promise.all(
    Array.from({ length: 5 }, () => send(token, clip("once-0002", 2))),
  );
  expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(burst.filter((r) => r.json.replay === false)).toHaveLength(1);
  expect((await stored(token)).map((r) => r.client_id)).toEqual(["once-0001", "once-0002"]);
});

test("another submission for a sent clip, or a client id used for another clip: 409, nothing stored", async () => {
  const token = await arrive("twice");
  expect((await send(token, clip("twice-001", 1))).status).toBe(200);
  const other = await send(token, clip("twice-002", 1));
  expect(other.status).toBe(409);
  expect(other.json.error).toEqual({
    code: "already-submitted",
    message: "clip 1 was already sent (as another submission)",
  });
  // The first clip's client id again, for clip 2: refused, clip 2 still open.
  const reused = await send(token, clip("twice-001", 2));
  expect(reused.status).toBe(409);
  expect((await stored(token)).map((r) => r.client_id)).toEqual(["twice-001"]);
  expect((await send(token, clip("twice-003", 2))).status).toBe(200);
});

test("only one's own clips, with one's own session for this study", async () => {
  const token = await arrive("own");
  const noSession = await send(undefined, clip("own-00001", 1));
  expect(noSession.status).toBe(401);
  expect(noSession.json.error?.code).toBe("no-session");
  const wrong = await send("not-a-session-token", clip("own-00001", 1));
  expect(wrong.status).toBe(401);
  expect(wrong.json.error?.code).toBe("bad-session");
  // A session of another study is not one of this study's.
  const elsewhere = await send(await arrive("own", "other"), clip("own-00001", 1));
  expect(elsewhere.status).toBe(401);
  const notMine = await send(token, clip("own-00001", 4));
  expect(notMine.status).toBe(403);
  expect(notMine.json.error).toEqual({
    code: "not-assigned",
    message: "clip 4 is not one of your clips",
  });
  expect(await stored(token)).toEqual([]);
});

test("spans are fitted to the clip (2 s): an end past it is cut, a start past it refused", async () => {
  const token = await arrive("spans");
  const cut = await send(
    token,
    clip("spans-001", 1, [
      { start: 0.25, end: 0.5 },
      { start: 1.5, end: 2.75 },
    ]),
  );
  expect(cut.status).toBe(200);
  expect((await stored(token))[0]?.body.spans).toEqual([
    { start: 0.25, end: 0.5 },
    { start: 1.5, end: 2 },
  ]);
  const outside = await send(token, clip("spans-002", 2, [{ start: 2.5, end: 3 }]));
  expect(outside.status).toBe(400);
  expect(outside.json.error?.message).toBe(
    'spans[0]: start (2.5) is not inside clip "your clip 2" (2 s long)',
  );
  expect(await stored(token)).toHaveLength(1);
});

test("the last clip completes the participant, once; every clip sent at once counts", async () => {
  const token = await arrive("done");
  // All three at the same moment: each sees the others, and exactly the last completes.
  const answers = await Promise.all([1, 2, 3].map((p) => send(token, clip(`done-000${p}`, p))));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const completing = answers.filter(
    (a) => (a.json.progress as { completion?: unknown }).completion !== undefined,
  );
  expect(completing).toHaveLength(1);
  expect(completing[0]?.json.progress).toEqual({
    status: "completed",
    total: 3,
    done: [1, 2, 3],
    completion: { code: "DONE77" },
  });
  // A replay of a clip afterwards still says so, and changes nothing.
  const replay = await send(token, clip("done-0002", 2));
  expect(replay.json).toMatchObject({
    replay: true,
    progress: { status: "completed", completion: { code: "DONE77" } },
  });
  const progress = await h.api("GET", "studies/subs/progress", undefined, TOKEN);
  const state = await h.api("GET", "p/subs/state", undefined, token);
  const me = (progress.json.perParticipant as { id: string; status: string }[]).find(
    (p) => p.id === state.json.participantId,
  );
  expect(me?.status).toBe("completed");
});

test("after returning: new work is refused, a replay of what was sent before stands", async () => {
  const token = await arrive("gone");
  expect((await send(token, clip("gone-0001", 1))).status).toBe(200);
  expect((await h.api("POST", "p/subs/return", undefined, token)).status).toBe(200);
  const late = await send(token, clip("gone-0002", 2));
  expect(late.status).toBe(403);
  expect(late.json.error?.code).toBe("returned");
  const replay = await send(token, clip("gone-0001", 1));
  expect(replay.status).toBe(200);
  expect(replay.json).toMatchObject({ replay: true, progress: { status: "returned", done: [1] } });
  expect((await stored(token)).map((r) => r.client_id)).toEqual(["gone-0001"]);
});
