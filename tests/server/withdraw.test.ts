// Reading a published study back (settings, consent, task, who arrived) and a participant's
// withdrawal on PGlite: their arrival, submissions, spans and the experts' reasons on them go,
// their unfinished clip goes to the next person, and everyone else's work stays; in a compare
// study (and a mark study's pre-test) their judgments go too, counted in the answer with their
// unjudged main trials, whose pairs the next person is given.
import { afterAll, beforeAll, expect, test } from "vitest";
import { compareFile, studyFile } from "./fixtures.ts";
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
    task: "mark",
    submissions: 1,
    spans: 2,
    reasonLabels: 1,
    intake: false,
    screening: false,
    slotsFreed: 1,
    judgments: 0,
    trialsFreed: 0,
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

/** A participant of a study with trials: arrives, plays both sides and judges their trials. */
async function trialParticipant(study: string, pid: string) {
  const arrived = await h.api("POST", `p/${study}/arrive`, {
    platform: "link",
    participantId: pid,
  });
  expect(arrived.status, JSON.stringify(arrived.json)).toBe(200);
  const token = arrived.json.sessionToken as string;
  const id = (arrived.json.state as { participantId: string }).participantId;
  /** The server's record of their trials (what they are never told). */
  const trials = (stage: string) =>
    h.store.query<{ position: number; pair_id: string; shown_first: string; reference: string }>(
      `SELECT position, pair_id, shown_first, reference FROM trials
       WHERE study_id = $1 AND participant_id = $2 AND stage = $3 ORDER BY position`,
      [study, id, stage],
    );
  const judge = async (stage: string, position: number) => {
    for (const side of [1, 2]) {
      const played = await h.api(
        "POST",
        `p/${study}/trials/${stage}/${position}/${side}/plays`,
        { playId: `play-${pid}-${stage}-${position}-${side}` },
        token,
      );
      expect(played.status, JSON.stringify(played.json)).toBe(200);
    }
    const trial = (await trials(stage)).find((t) => t.position === position);
    // The pre-test passed: the natural sample preferred; a main trial: sample 1.
    const choice = stage === "pretest" && trial?.reference !== trial?.shown_first ? "2" : "1";
    const sent = await h.api(
      "POST",
      `p/${study}/judgments`,
      {
        clientId: `judgment-${pid}-${stage}-${position}`,
        stage,
        position,
        choice,
        heardToEnd: true,
        seconds: 3,
        completedAt: "2026-11-29T10:00:00.000Z",
      },
      token,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  };
  return { token, id, trials, judge };
}

test("a compare study's withdrawal counts the judgments (pre-test and main) and the unjudged trials, and gives the pairs to the next person", async () => {
  // 3 main pairs (3 sentences, 2 systems), 2 per participant, R = 1, a pre-test of 2 pairs: A
  // is given 2 pairs and C the third; then the study is full.
  await h.publish(compareFile("wdab", 3, ["Tacotron", "GlowTTS"], { pretest: 2 }), {
    clipsPerParticipant: 2,
    ratingsPerClip: 1,
  });
  const a = await trialParticipant("wdab", "A");
  const c = await trialParticipant("wdab", "C");
  const full = await h.api("POST", "p/wdab/arrive", { platform: "link", participantId: "D" });
  expect(full.json.error?.code).toBe("study-full");
  // A: the pre-test and the first main trial judged, the second not; C: everything.
  await a.judge("pretest", 1);
  await a.judge("pretest", 2);
  await a.judge("main", 1);
  for (const [stage, position] of [
    ["pretest", 1],
    ["pretest", 2],
    ["main", 1],
  ] as const)
    await c.judge(stage, position);
  const pairsOfA = (await a.trials("main")).map((t) => t.pair_id).sort();
  expect(pairsOfA).toHaveLength(2);
  const judgmentsBy = async () => {
    const collected = await h.api("GET", "studies/wdab/collect", undefined, TOKEN);
    expect(collected.status).toBe(200);
    const judgments = collected.json.judgments as { annotatorId: string }[];
    return [a.id, c.id].map((who) => judgments.filter((j) => j.annotatorId === who).length);
  };
  expect(await judgmentsBy()).toEqual([3, 3]);
  const progress = async () => {
    const p = await h.api("GET", "studies/wdab/progress", undefined, TOKEN);
    return [p.json.assigned, p.json.done];
  };
  expect(await progress()).toEqual([3, 2]);

  const done = await h.api(
    "POST",
    "studies/wdab/withdraw",
    { participant: "A", platform: "link" },
    TOKEN,
  );
  expect(done.status).toBe(200);
  expect(done.json).toEqual({
    participant: "A",
    platform: "link",
    status: "started",
    task: "compare",
    submissions: 0,
    spans: 0,
    reasonLabels: 0,
    intake: false,
    screening: true,
    slotsFreed: 0,
    judgments: 3,
    trialsFreed: 1,
  });
  // A's judgments are gone, C's stay; A's trials no longer count in the progress.
  expect(await judgmentsBy()).toEqual([0, 3]);
  const [{ n: left } = { n: -1 }] = await h.store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM judgments WHERE study_id = 'wdab' AND participant_id = $1",
    [a.id],
  );
  expect(left).toBe(0);
  expect(await progress()).toEqual([1, 1]);
  // D, refused before, is given A's two pairs (the judged one too: its judgment went).
  const d = await trialParticipant("wdab", "D");
  expect((await d.trials("main")).map((t) => t.pair_id).sort()).toEqual(pairsOfA);
  expect(await progress()).toEqual([3, 1]);
  // D returns the study: their unjudged trials are released (already given back), so a
  // withdrawal frees none and deleted no judgment.
  expect((await h.api("POST", "p/wdab/return", {}, d.token)).status).toBe(200);
  const returned = await h.api(
    "POST",
    "studies/wdab/withdraw",
    { participant: "D", platform: "link" },
    TOKEN,
  );
  expect(returned.json).toMatchObject({ status: "returned", judgments: 0, trialsFreed: 0 });
});

test("a mark study's pre-test judgments are counted; its trials are never given back", async () => {
  const file = studyFile("wdpre", 2, ["Tacotron"]);
  file.pairs = [
    { id: "nat1", a: "s01_human", b: "s01_Tacotron" },
    { id: "nat2", a: "s02_Tacotron", b: "s02_human" },
  ];
  file.study.qualification = { pairs: ["nat1", "nat2"] };
  await h.publish(file, { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const p = await trialParticipant("wdpre", "P");
  await p.judge("pretest", 1);
  await p.judge("pretest", 2);
  const sent = await h.api(
    "POST",
    "p/wdpre/submissions",
    { clientId: "wdpre-clip-1", position: 1, spans: [{ start: 0.1, end: 0.2 }], heardToEnd: true },
    p.token,
  );
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const done = await h.api(
    "POST",
    "studies/wdpre/withdraw",
    { participant: "P", platform: "link" },
    TOKEN,
  );
  expect(done.json).toEqual({
    participant: "P",
    platform: "link",
    status: "started",
    task: "mark",
    submissions: 1,
    spans: 1,
    reasonLabels: 0,
    intake: false,
    screening: true,
    slotsFreed: 1,
    judgments: 2,
    trialsFreed: 0,
  });
});
