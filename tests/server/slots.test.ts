// Honest slots (issue 18, item 5): ratingsPerClip is never exceeded. A returned participant's
// unfinished clips go to others and never back to them, and they cannot submit; a participant
// who sends nothing for the slot timeout loses their unfinished clips the same way; a full
// study refuses 200 arriving ids and hands out nothing.
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ slotTimeoutMinutes: 60 });
  // 5 sentences × (human + 3 systems) = 20 clips; K = 4, R = 1: exactly 5 participants fit.
  await h.publish(studyFile("full", 5, ["A", "B", "C"]), {
    clipsPerParticipant: 4,
    ratingsPerClip: 1,
  });
});
afterAll(() => h.close());

const arrive = (pid: string) =>
  h.api("POST", "p/full/arrive", { platform: "prolific", participantId: pid });
const send = (token: string, position: number, n = 0) =>
  h.api(
    "POST",
    "p/full/submissions",
    { clientId: `c-${position}-${n}-${token.slice(0, 8)}`, position, spans: [], heardToEnd: true },
    token,
  );

/** Live (not released) assignments per clip, and submissions per clip, from the database. */
async function perClip() {
  const live = await h.store.query<{ clip_id: string; n: number }>(
    "SELECT clip_id, count(*)::int AS n FROM assignments WHERE study_id = 'full' AND NOT released GROUP BY clip_id",
  );
  const collected = await h.api("GET", "studies/full/collect", undefined, TOKEN);
  const sent = new Map<string, number>();
  for (const s of collected.json.submissions as { clipId: string }[])
    sent.set(s.clipId, (sent.get(s.clipId) ?? 0) + 1);
  return { live: live.map((r) => r.n), sent: [...sent.values()] };
}

test("returned, timed out, full: never more than ratingsPerClip; 200 ids at a full study get nothing", async () => {
  // Arrivals until the study is full (one sentence per person keeps the packing from being
  // exact: 4, 4, 4, 4, 3 and 1 clips here).
  const tokens: string[] = [];
  for (let i = 1; ; i++) {
    const a = await arrive(`P${i}`);
    if (a.status === 409) {
      expect(a.json.error?.code).toBe("study-full");
      break;
    }
    expect(a.status).toBe(200);
    tokens.push(a.json.sessionToken as string);
  }
  expect(tokens.length).toBeGreaterThanOrEqual(5);
  const [t1, t2] = tokens as [string, string];

  // P1 sends one clip, then returns: three clips go free, the sent one stays counted.
  expect((await send(t1, 1)).status).toBe(200);
  expect((await h.api("POST", "p/full/return", {}, t1)).status).toBe(200);
  expect((await send(t1, 2)).json.error?.code).toBe("returned"); // cannot submit after
  expect((await send(t1, 1)).json.replay).toBe(true); // a resend of what was acknowledged is fine
  const back = await arrive("P1"); // cannot come back for the freed clips
  expect(back.status).toBe(409);
  expect(back.json.error?.code).toBe("returned");
  const p7 = await arrive("N1"); // some of the three freed clips
  expect(p7.status).toBe(200);
  expect((p7.json.state as { clips: unknown[] }).clips.length).toBeGreaterThan(0);

  // P2 sends one clip, then nothing for 61 minutes: timed out, like a return.
  expect((await send(t2, 1)).status).toBe(200);
  await h.store.query(
    "UPDATE participants SET last_seen_at = now() - interval '61 minutes' WHERE study_id = 'full' AND platform_participant = 'P2'",
  );
  const p8 = await arrive("N2");
  expect(p8.status).toBe(200);
  expect((p8.json.state as { clips: unknown[] }).clips.length).toBeGreaterThan(0);
  expect((await send(t2, 2)).json.error?.code).toBe("returned");

  // Fill what is left, then 200 arriving ids at once get nothing, and take nothing.
  for (let i = 3; (await arrive(`N${i}`)).status === 200; i++);
  const before = await h.store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM assignments WHERE study_id = 'full'",
  );
  const crowd = await Promise.all(Array.from({ length: 200 }, (_, i) => arrive(`fake-${i}`)));
  expect(new Set(crowd.map((c) => c.json.error?.code))).toEqual(new Set(["study-full"]));
  const after = await h.store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM assignments WHERE study_id = 'full'",
  );
  expect(after[0]?.n).toBe(before[0]?.n);

  // Every clip: one live assignment at most, one submission at most; all 20 slots in use.
  const { live, sent } = await perClip();
  expect(Math.max(...live)).toBe(1);
  expect(live.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
  expect(sent).toEqual([1, 1]);
  const progress = await h.api("GET", "studies/full/progress", undefined, TOKEN);
  expect(progress.json).toMatchObject({ done: 2, participants: { returned: 2, completed: 0 } });
});
