// The play limit is the server's (issue 36) and the study's own rules are checked on every
// submission (issue 37, item 10), on PGlite and on a throwaway PostgreSQL cluster: plays
// counted per participant and clip as they start, across a second browser (a second session of
// the same platform id), a retried play or submission never counted twice, concurrent plays
// never past the limit, the stored playCount the server's count; a rate submission without a
// score, a transcription without a transcript or with more plays than allowed refused with a
// 400 naming the field and nothing stored; a full study said before consent (admission).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { openPostgres, type Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";

/** 3 sentences × (human + A) of 2 s, a transcription with `maxPlays`. */
function sus(id: string, maxPlays: number): AnnotationFile {
  const file = studyFile(id, 3, ["A"]);
  file.study.task = "transcribe";
  file.study.transcription = { maxPlays };
  for (const c of file.clips) c.text = `words of ${c.sentence}`;
  return file;
}

const ENGINES = ["pglite", "postgresql"] as const;

describe.each(ENGINES)("on %s", (engine) => {
  let h: Harness;
  let cluster: Cluster | undefined;
  let pg: Store | undefined;
  beforeAll(async () => {
    if (engine === "postgresql") {
      cluster = await startPostgres();
      pg = await openPostgres(cluster.url);
    }
    h = await startHarness({}, pg);
    await h.publish(sus("sus", 2), { clipsPerParticipant: 2, ratingsPerClip: 6 });
    const rate = studyFile("mos", 2, ["A"]);
    rate.study.task = "rate";
    await h.publish(rate, { clipsPerParticipant: 2, ratingsPerClip: 6 });
    const mark = studyFile("marks", 2, ["A"]);
    mark.study.requireRating = true;
    await h.publish(mark, { clipsPerParticipant: 2, ratingsPerClip: 6 });
    // One sentence, one system, one rating per clip: two participants fill it.
    await h.publish(studyFile("small", 1, ["A"]), { clipsPerParticipant: 1, ratingsPerClip: 1 });
  });
  afterAll(async () => {
    await h?.close();
    await pg?.close();
    cluster?.stop();
  });

  const arrive = async (study: string, pid: string) => {
    const a = await h.api("POST", `p/${study}/arrive`, { platform: "link", participantId: pid });
    expect(a.status).toBe(200);
    return a.json.sessionToken as string;
  };
  const play = (token: string, position: number, playId: string, study = "sus") =>
    h.api("POST", `p/${study}/clips/${position}/plays`, { playId }, token);
  const plays = async (token: string, study = "sus") =>
    (
      (await h.api("GET", `p/${study}/state`, undefined, token)).json.clips as {
        plays?: number;
      }[]
    ).map((c) => c.plays);
  const stored = (study: string) =>
    h.store.query<{ client_id: string; body: { playCount?: number; transcript?: string } }>(
      "SELECT client_id, body FROM submissions WHERE study_id = $1 ORDER BY client_id",
      [study],
    );
  const transcript = (clientId: string, position: number, more: object = {}) => ({
    clientId,
    position,
    spans: [],
    heardToEnd: true,
    transcript: "words",
    playCount: 1,
    ...more,
  });

  test("plays counted as they start: a retry counts once, a second browser sees them, the limit holds", async () => {
    const first = await arrive("sus", "L1");
    expect(await plays(first)).toEqual([0, 0]);
    expect((await play(first, 1, "play-0001")).json).toEqual({
      playId: "play-0001",
      plays: 1,
      maxPlays: 2,
      left: 1,
    });
    // The answer was lost and the page sent it again: the same play.
    expect((await play(first, 1, "play-0001")).json).toMatchObject({ plays: 1, left: 1 });
    expect((await play(first, 1, "play-0002")).json).toMatchObject({ plays: 2, left: 0 });
    const spent = await play(first, 1, "play-0003");
    expect(spent.status).toBe(409);
    expect(spent.json.error).toMatchObject({ code: "no-plays-left" });

    // The same link in a second browser: a new session of the same participant, same counts.
    const second = await arrive("sus", "L1");
    expect(await plays(second)).toEqual([2, 0]);
    expect((await play(second, 1, "play-0004")).status).toBe(409);
    expect((await play(second, 2, "play-0005")).json).toMatchObject({ plays: 1, left: 1 });
    expect(await plays(first)).toEqual([2, 1]);
    // Another participant's plays are their own.
    const other = await arrive("sus", "L2");
    expect(await plays(other)).toEqual([0, 0]);
    expect((await play(first, 3, "play-0006")).status).toBe(403);
    expect((await play("not-a-session", 1, "play-0007")).status).toBe(401);
    expect((await play(first, 1, "bad id")).status).toBe(400);

    // Withdrawn, the participant's plays go with them.
    const countPlays = async () =>
      (
        await h.store.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM plays p JOIN participants x ON x.study_id = p.study_id AND x.id = p.participant_id WHERE x.platform_participant = 'L1'",
        )
      )[0]?.n;
    expect(await countPlays()).toBe(3);
    const gone = await h.api(
      "POST",
      "studies/sus/withdraw",
      { participant: "L1", platform: "link" },
      TOKEN,
    );
    expect(gone.status).toBe(200);
    const [left] = await h.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM plays WHERE study_id = 'sus' AND participant_id NOT IN (SELECT id FROM participants WHERE study_id = 'sus')",
    );
    expect(left?.n).toBe(0);
    expect(await countPlays()).toBe(0);
  });

  test("concurrent plays from two browsers never pass the limit", async () => {
    const a = await arrive("sus", "C1");
    const b = await arrive("sus", "C1");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        play(i % 2 ? a : b, 1, `race-${String(i).padStart(4, "0")}`),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
    expect(await plays(a)).toEqual([2, 0]);
  });

  test("the stored playCount is the server's; a retried submission stores once; a finished clip plays no more", async () => {
    const token = await arrive("sus", "S1");
    await play(token, 1, "s1-play-01");
    await play(token, 1, "s1-play-02");
    // The page says 1 play (it lost count); the server counted 2, and stores 2.
    const sent = await h.api("POST", "p/sus/submissions", transcript("s1-clip-01", 1), token);
    expect(sent.status).toBe(200);
    const again = await h.api("POST", "p/sus/submissions", transcript("s1-clip-01", 1), token);
    expect(again.json).toMatchObject({ replay: true });
    const mine = (await stored("sus")).filter((r) => r.client_id === "s1-clip-01");
    expect(mine.map((r) => r.body.playCount)).toEqual([2]);
    const after = await play(token, 1, "s1-play-03");
    expect(after.status).toBe(409);
    expect(after.json.error).toMatchObject({ code: "already-submitted" });
    // The same clip finished in a second browser: refused, the first kept.
    const second = await arrive("sus", "S1");
    const late = await h.api(
      "POST",
      "p/sus/submissions",
      transcript("s1-clip-99", 1, { transcript: "other words" }),
      second,
    );
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({ code: "already-submitted" });
    // A clip never played is stored with the server's 0, whatever the page says.
    expect(
      (await h.api("POST", "p/sus/submissions", transcript("s1-clip-02", 2), token)).status,
    ).toBe(200);
    const two = (await stored("sus")).find((r) => r.client_id === "s1-clip-02");
    expect(two?.body.playCount).toBe(0);
  });

  test("the study's own rules: refused with a 400 naming the field, nothing stored", async () => {
    const before = (await stored("sus")).length;
    const token = await arrive("sus", "R1");
    const tooMany = await h.api(
      "POST",
      "p/sus/submissions",
      transcript("r1-clip-01", 1, { playCount: 10_000 }),
      token,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toEqual({
      code: "bad-submission",
      message: "playCount: this study allows 2 plays of a clip (got 10000)",
    });
    const { transcript: _, ...noTranscript } = transcript("r1-clip-02", 1);
    const missing = await h.api("POST", "p/sus/submissions", noTranscript, token);
    expect(missing.status).toBe(400);
    expect(String((missing.json.error as { message: string }).message)).toMatch(/^transcript: /);
    // An empty transcript (the participant confirmed they heard nothing) is taken.
    expect(
      (
        await h.api(
          "POST",
          "p/sus/submissions",
          transcript("r1-clip-03", 1, { transcript: "" }),
          token,
        )
      ).status,
    ).toBe(200);
    expect((await stored("sus")).length).toBe(before + 1);

    const rater = await arrive("mos", "R2");
    const unrated = await h.api(
      "POST",
      "p/mos/submissions",
      { clientId: "r2-clip-01", position: 1, spans: [], heardToEnd: true },
      rater,
    );
    expect(unrated.status).toBe(400);
    expect(unrated.json.error).toEqual({
      code: "bad-submission",
      message: "score: this study asks for a rating (1–5) of every clip",
    });
    expect(await stored("mos")).toEqual([]);
    const rated = await h.api(
      "POST",
      "p/mos/submissions",
      { clientId: "r2-clip-01", position: 1, spans: [], heardToEnd: true, score: 2, playCount: 40 },
      rater,
    );
    expect(rated.status).toBe(200);
    // A rate study counts no plays on the server: the page's count is kept.
    expect((await stored("mos"))[0]?.body.playCount).toBe(40);
    expect((await play(rater, 2, "r2-play-01", "mos")).json.error).toMatchObject({
      code: "no-play-limit",
    });

    const marker = await arrive("marks", "R3");
    const noScore = await h.api(
      "POST",
      "p/marks/submissions",
      { clientId: "r3-clip-01", position: 1, spans: [{ start: 0.1, end: 0.4 }], heardToEnd: true },
      marker,
    );
    expect(noScore.status).toBe(400);
    expect(noScore.json.error).toMatchObject({ message: expect.stringMatching(/^score: /) });
    expect(await stored("marks")).toEqual([]);
  });

  test("published again with fewer plays: a clip played more is refused by the rule, naming playCount", async () => {
    await h.publish(sus("fewer", 3), { clipsPerParticipant: 2, ratingsPerClip: 6 });
    const token = await arrive("fewer", "F1");
    for (const id of ["f1-play-01", "f1-play-02"])
      expect((await play(token, 1, id, "fewer")).status).toBe(200);
    await h.publish(sus("fewer", 1), { clipsPerParticipant: 2, ratingsPerClip: 6 });
    const sent = await h.api("POST", "p/fewer/submissions", transcript("f1-clip-01", 1), token);
    expect(sent.status).toBe(409);
    expect(sent.json.error).toEqual({
      code: "play-limit",
      message: "playCount: this study allows 1 play of a clip (got 2)",
    });
    expect(await stored("fewer")).toEqual([]);
  });

  test("a full study is said before consent, to new participants only", async () => {
    const ask = (pid: string) =>
      h.api("POST", "p/small/admission", { platform: "prolific", participantId: pid });
    expect((await ask("A1")).json).toEqual({ full: false });
    await arrive("small", "A1");
    await arrive("small", "A2");
    expect((await ask("A3")).json).toEqual({ full: true });
    // The ones who have clips are let in again.
    expect(
      (await h.api("POST", "p/small/admission", { platform: "link", participantId: "A1" })).json,
    ).toEqual({ full: false });
    const late = await h.api("POST", "p/small/arrive", { platform: "link", participantId: "A3" });
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({ code: "study-full" });
    expect(
      (await h.api("POST", "p/nowhere/admission", { platform: "link", participantId: "A1" }))
        .status,
    ).toBe(404);
  });
});
