// Arrival and assignment (arrival.ts). Honest slots (issue 18, item 5): ratingsPerClip is never exceeded. A returned participant's
// unfinished clips go to others and never back to them, and they cannot submit; a participant
// who sends nothing for the slot timeout loses their unfinished clips the same way; a full
// study refuses 200 arriving ids and hands out nothing. The intake questionnaire is checked
// before any clip is assigned, and the headphone check is scored by the server. Against PGlite
// through the HTTP API (tests/server/harness.ts).
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { type Harness, startHarness, TOKEN } from "../../tests/server/harness.ts";
import { assignClips } from "../domain/collection/assign.ts";
import type { ParticipantState } from "../domain/collection/protocol.ts";
import { arrive as arriveHere } from "./arrival.ts";
import type { ServiceError } from "./errors.ts";
import { screeningSecret, screeningTargets } from "./screening.ts";
import type { Store } from "./store.ts";

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

test("the intake questionnaire: shown before arriving, required answers checked, kept as profile", async () => {
  const file = studyFile("intake", 3, ["A"]);
  file.study.intake = {
    standard: { ageBand: "required", nativeLanguages: "optional" },
    free: [{ text: "Any comment?", required: false }],
  };
  await h.publish(file, { clipsPerParticipant: 2 });
  const about = await h.api("GET", "p/intake");
  expect((about.json.intake as { standard: Record<string, string> }).standard).toMatchObject({
    ageBand: "required",
    nativeLanguages: "optional",
    gender: "off",
  });
  const missing = await h.api("POST", "p/intake/arrive", { platform: "link", participantId: "L1" });
  expect(missing.status).toBe(400);
  expect(missing.json.error?.message).toBe(
    "the intake answers are not complete:\nanswers.ageBand: Please answer this question.",
  );
  const ok = await h.api("POST", "p/intake/arrive", {
    platform: "link",
    participantId: "L1",
    answers: { ageBand: "35–44", nativeLanguages: "Finnish, Swedish", "free:q1": "none" },
  });
  expect(ok.status).toBe(200);
  const collected = await h.api("GET", "studies/intake/collect", undefined, TOKEN);
  expect((collected.json.annotators as { profile?: unknown }[])[0]?.profile).toEqual({
    ageBand: "35–44",
    nativeLanguages: ["Finnish", "Swedish"],
    answers: { q1: "none" },
  });
});

test("the headphone screening: a fail is screened out with its code and no clips; the server decides", async () => {
  const file = studyFile("screen", 3, ["A"]);
  file.study.screening = { test: "huggins", trials: 6, passAt: 5 };
  await h.publish(file, { clipsPerParticipant: 2, screenedOutCode: "SCREENED9" });
  expect((await h.api("GET", "p/screen")).json.screening).toEqual({
    test: "huggins",
    trials: 6,
    passAt: 5,
  });
  const none = await h.api("POST", "p/screen/arrive", { platform: "link", participantId: "S1" });
  expect(none.status).toBe(400);
  expect(none.json.error?.message).toBe(
    'this study needs the huggins headphone check first: screening must be { test: "huggins", choices: [6 answers, each 0, 1 or 2] }',
  );
  // A score made up by the page (or curl) is refused: the server counts.
  const forged = await h.api("POST", "p/screen/arrive", {
    platform: "link",
    participantId: "S1",
    screening: { test: "huggins", trials: 6, correct: 6 },
  });
  expect(forged.status).toBe(400);
  expect(forged.json.error?.message).toBe(
    "screening.choices: is required\nscreening: has a field this does not take: trials, correct",
  );
  const secret = await screeningSecret(h.store);
  const answers = (pid: string) =>
    screeningTargets(secret, { studyId: "screen", platform: "link", participantId: pid }, 6);
  /** Choices with exactly `right` of the 6 answers right. */
  const choosing = (pid: string, right: number) =>
    answers(pid).map((t, i) => (i < right ? t : (t + 1) % 3));
  const fail = await h.api("POST", "p/screen/arrive", {
    platform: "link",
    participantId: "S1",
    screening: { test: "huggins", choices: choosing("S1", 4) },
  });
  expect(fail.status).toBe(200);
  expect(fail.json.state).toMatchObject({
    status: "screened-out",
    clips: [],
    screenedOut: { code: "SCREENED9" },
  });
  // Coming back does not give a second chance.
  const again = await h.api("POST", "p/screen/arrive", {
    platform: "link",
    participantId: "S1",
    screening: { test: "huggins", choices: answers("S1") },
  });
  expect((again.json.state as { status: string }).status).toBe("screened-out");
  const pass = await h.api("POST", "p/screen/arrive", {
    platform: "link",
    participantId: "S2",
    screening: { test: "huggins", choices: choosing("S2", 5) },
  });
  expect((pass.json.state as { clips: unknown[] }).clips).toHaveLength(2);
  const collected = await h.api("GET", "studies/screen/collect", undefined, TOKEN);
  expect(
    (collected.json.annotators as { status: string; screening: unknown }[]).map((a) => [
      a.status,
      a.screening,
    ]),
  ).toEqual([
    ["screened-out", [{ test: "huggins", trials: 6, correct: 4, passed: false }]],
    ["started", [{ test: "huggins", trials: 6, correct: 5, passed: true }]],
  ]);
  const progress = await h.api("GET", "studies/screen/progress", undefined, TOKEN);
  expect(progress.json.participants).toEqual({
    started: 1,
    completed: 0,
    returned: 0,
    screenedOut: 1,
  });
});

test("publishing again is seen at once: consent, clips per participant and durations of the new version", async () => {
  // The server keeps the study it read per version (studyCache.ts): a publish makes a new one.
  const first = studyFile("again", 3, ["A"]);
  await h.publish(first, { clipsPerParticipant: 2, ratingsPerClip: 1, consent: "First consent." });
  expect((await h.api("GET", "p/again")).json.consent).toBe("First consent.");
  const r1 = await h.api("POST", "p/again/arrive", { platform: "link", participantId: "R1" });
  const r1State = r1.json.state as { clips: { duration: number }[]; study: { consent: string } };
  expect(r1State.clips).toEqual([
    { position: 1, duration: 2 },
    { position: 2, duration: 2 },
  ]);
  expect(r1State.study.consent).toBe("First consent.");

  const second = studyFile("again", 3, ["A"]);
  for (const c of second.clips) c.duration = 3.25;
  await h.publish(second, {
    clipsPerParticipant: 3,
    ratingsPerClip: 1,
    consent: "Second consent.",
  });
  expect((await h.api("GET", "p/again")).json.consent).toBe("Second consent.");
  const again = await h.api("GET", "p/again/state", undefined, r1.json.sessionToken as string);
  expect(again.json).toMatchObject({
    clips: [
      { position: 1, duration: 3.25 },
      { position: 2, duration: 3.25 },
    ],
    study: { consent: "Second consent." },
  });
  const r2 = await h.api("POST", "p/again/arrive", { platform: "link", participantId: "R2" });
  expect((r2.json.state as { clips: unknown[] }).clips).toEqual([
    { position: 1, duration: 3.25 },
    { position: 2, duration: 3.25 },
    { position: 3, duration: 3.25 },
  ]);
});

test("the same platform id arriving twice at once is one participant with one set of clips", async () => {
  await h.publish(studyFile("twice", 4, ["A"]), { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const both = await Promise.all(
    [1, 2, 3].map(() =>
      h.api("POST", "p/twice/arrive", { platform: "prolific", participantId: "SAME" }),
    ),
  );
  expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
  const ids = new Set(both.map((r) => (r.json.state as { participantId: string }).participantId));
  expect(ids.size).toBe(1);
  // Three sessions, one participant, two clips.
  expect(new Set(both.map((r) => r.json.sessionToken)).size).toBe(3);
  const rows = await h.store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM assignments WHERE study_id = 'twice'",
  );
  expect(rows[0]?.n).toBe(2);
});

test("arriving together (joined in batches): each participant gets what they would alone, in turn", async () => {
  // 10 sentences × 4 = 40 clips, K = 4, R = 2: 30 ids at once, about 20 fit.
  const file = studyFile("burst", 10, ["A", "B", "C"]);
  await h.publish(file, { clipsPerParticipant: 4, ratingsPerClip: 2 });
  // Called in this process, all at once: the 30 arrivals are checked before the first batch's
  // transaction gets its turn on PGlite, so the other 29 join in batches behind it.
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      arriveHere(h.store, "burst", { platform: "link", participantId: `B${i}` }).then(
        () => ({ status: 200 }),
        (e: ServiceError) => ({ status: e.status, code: e.code }),
      ),
    ),
  );
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 409]));
  const rows = await h.store.query<{ id: string; pid: string; clips: string[] }>(
    `SELECT p.id, p.platform_participant AS pid,
       array_agg(a.clip_id ORDER BY a.position) AS clips
     FROM participants p JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id
     WHERE p.study_id = 'burst' GROUP BY p.id, p.platform_participant ORDER BY p.id`,
  );
  expect(rows.length).toBe(answers.filter((a) => a.status === 200).length);
  // Participant n (their id's number) got what assignClips gives with the counts the n before
  // them left, as if they had arrived one after another.
  const clips = file.clips.map((c) => ({
    id: c.id,
    sentence: c.sentence ?? c.id,
    system: c.system ?? "",
    isReference: c.isReference === true,
  }));
  const counts = new Map<string, number>();
  for (const [n, row] of rows.entries()) {
    expect(row.id.startsWith(`p${String(n + 1).padStart(4, "0")}-`)).toBe(true);
    const alone = assignClips(clips, counts, {
      clipsPerParticipant: 4,
      ratingsPerClip: 2,
      participantIndex: n,
      seed: `link:${row.pid}`,
    });
    expect(row.clips).toEqual(alone);
    for (const id of alone) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  expect(Math.max(...counts.values())).toBe(2);
});

test("arrivals begun in turns of the event loop of their own (requests read together) join in one batch", async () => {
  // On PGlite a query runs within the caller's turn: an arrival's checks and its join would
  // run start to finish before the next request is even read, each in a transaction of its
  // own, unless joining waits for the turns already due (joining.ts).
  await h.publish(studyFile("turns", 10, ["A", "B", "C"]), {
    clipsPerParticipant: 4,
    ratingsPerClip: 2,
  });
  let transactions = 0;
  const store: Store = {
    ...h.store,
    transaction: (work) => {
      transactions++;
      return h.store.transaction(work);
    },
  };
  // Eight timers due together: each callback is a turn of its own, as eight requests read in
  // one poll of the sockets are.
  const states = await Promise.all(
    Array.from(
      { length: 8 },
      (_, i) =>
        new Promise<ParticipantState>((resolve, reject) => {
          setTimeout(() => {
            arriveHere(store, "turns", { platform: "link", participantId: `T${i}` }).then(
              (a) => resolve(a.state),
              reject,
            );
          }, 0);
        }),
    ),
  );
  expect(transactions).toBe(1);
  expect(states.map((s) => s.clips.length)).toEqual(Array(8).fill(4));
  const [row] = await h.store.query<{ people: number; clips: number }>(
    `SELECT count(DISTINCT p.id)::int AS people, count(a.clip_id)::int AS clips
     FROM participants p JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id
     WHERE p.study_id = 'turns'`,
  );
  expect(row).toEqual({ people: 8, clips: 32 });
});
