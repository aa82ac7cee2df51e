// The researcher's live progress (progress.ts): participants by status, clips assigned (a
// returned participant's unfinished ones no longer count) and done, and each participant's
// check on the reference clips (seconds marked, overlapping spans counted once, against the
// reference clips' length). Against PGlite through the HTTP API.
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { type Harness, startHarness, TOKEN } from "../../tests/server/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // 3 sentences × (human + A) = 6 clips of 2 s, 3 of them references; K = 2, one reference each.
  await h.publish(studyFile("prog", 3, ["A"]), { clipsPerParticipant: 2, ratingsPerClip: 3 });
});
afterAll(() => h.close());

async function arrive(pid: string) {
  const a = await h.api("POST", "p/prog/arrive", { platform: "link", participantId: pid });
  const id = (a.json.state as { participantId: string }).participantId;
  const rows = await h.store.query<{ position: number; is_reference: boolean }>(
    `SELECT a.position, c.is_reference FROM assignments a
     JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
     WHERE a.study_id = 'prog' AND a.participant_id = $1 ORDER BY a.position`,
    [id],
  );
  const ref = rows.find((r) => r.is_reference)?.position as number;
  const test = rows.find((r) => !r.is_reference)?.position as number;
  return { id, token: a.json.sessionToken as string, ref, test };
}

const send = (token: string, position: number, spans: { start: number; end: number }[]) =>
  h.api(
    "POST",
    "p/prog/submissions",
    { clientId: `prog-${position}-${token.slice(0, 10)}`, position, spans, heardToEnd: true },
    token,
  );

test("statuses, assigned and done, and the reference-clip check per participant", async () => {
  const empty = await h.api("GET", "studies/prog/progress", undefined, TOKEN);
  expect(empty.json).toEqual({
    studyId: "prog",
    participants: { started: 0, completed: 0, returned: 0, screenedOut: 0 },
    assigned: 0,
    done: 0,
    clips: 6,
    ratingsPerClip: 3,
    perParticipant: [],
  });
  const finished = await arrive("finished");
  const half = await arrive("half");
  const gone = await arrive("gone");
  // Overlapping spans on the reference (0.25–1 and 0.5–1.5): 1.25 s marked, not 1.75.
  expect(
    (
      await send(finished.token, finished.ref, [
        { start: 0.25, end: 1 },
        { start: 0.5, end: 1.5 },
      ])
    ).status,
  ).toBe(200);
  expect((await send(finished.token, finished.test, [{ start: 0, end: 0.5 }])).status).toBe(200);
  expect((await send(half.token, half.test, [])).status).toBe(200);
  expect((await send(gone.token, gone.ref, [])).status).toBe(200);
  expect((await h.api("POST", "p/prog/return", undefined, gone.token)).status).toBe(200);

  const progress = await h.api("GET", "studies/prog/progress", undefined, TOKEN);
  expect(progress.json).toMatchObject({
    participants: { started: 1, completed: 1, returned: 1, screenedOut: 0 },
    // 2 + 2 + the returned one's sent clip (its unsent one went back to others).
    assigned: 5,
    done: 4,
  });
  const per = new Map(
    (progress.json.perParticipant as { id: string }[]).map((p) => [p.id, p] as const),
  );
  expect(per.get(finished.id)).toEqual({
    id: finished.id,
    platform: "link",
    participant: "finished",
    status: "completed",
    done: 2,
    total: 2,
    referenceMarkedSeconds: 1.25,
    referenceSeconds: 2,
  });
  // No reference sent yet: nothing to say (null), not 0 of 0.
  expect(per.get(half.id)).toMatchObject({
    status: "started",
    done: 1,
    total: 2,
    referenceMarkedSeconds: null,
    referenceSeconds: null,
  });
  expect(per.get(gone.id)).toMatchObject({
    status: "returned",
    done: 1,
    total: 1,
    referenceMarkedSeconds: 0,
    referenceSeconds: 2,
  });
});
