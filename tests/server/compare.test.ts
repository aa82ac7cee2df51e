// Paired comparisons and the natural-pairs pre-test through the server (issue 39 item 4, issue
// 40 item 4), on PGlite and on a throwaway PostgreSQL cluster: trials assigned at arrival
// (never past R per pair, even when participants arrive together), every refusal of a
// judgment with a 4xx naming the field and nothing stored, the judgment stored as the
// interchange's (sample 1 / 2 turned into sides a / b, a CCR score signed by the side shown
// first, plays per side), the pre-test scored by the server (screened out with the study's
// code, or recorded only), the pre-test before any task's clips, the completion code, what
// collect returns, and no participant body naming a clip, a system, a sentence, a pair or
// which sample is natural.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile, Judgment } from "../../src/domain/interchange/types.ts";
import { openPostgres, type Store } from "../../src/server/store.ts";
import { compareFile, studyFile } from "./fixtures.ts";
import { type ApiAnswer, type Harness, startHarness, TOKEN } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";

const ENGINES = ["pglite", "postgresql"] as const;
/** Systems and sentences whose names a body must never carry. */
const SYSTEMS = ["Tacotron", "GlowTTS", "Vocoder"];
const CODES = {
  completionCode: "DONE-77",
  completionUrl: "https://example.org/done",
  screenedOutCode: "OUT-13",
};

/** A mark study whose clips come after a pre-test of two natural pairs. */
function markWithPretest(id: string, screenOut?: boolean): AnnotationFile {
  const file = studyFile(id, 2, ["Tacotron"]);
  file.pairs = [
    { id: "nat1", a: "s01_human", b: "s01_Tacotron" },
    { id: "nat2", a: "s02_Tacotron", b: "s02_human" },
  ];
  file.study.qualification = {
    pairs: ["nat1", "nat2"],
    ...(screenOut === undefined ? {} : { screenOut }),
  };
  return file;
}

describe.each(ENGINES)("on %s", (engine) => {
  let h: Harness;
  let cluster: Cluster | undefined;
  let pg: Store | undefined;
  /** Every answer a participant was sent, as text, for the scan at the end. */
  const bodies: string[] = [];

  beforeAll(async () => {
    if (engine === "postgresql") {
      cluster = await startPostgres();
      pg = await openPostgres(cluster.url);
    }
    h = await startHarness({}, pg);
    await h.publish(compareFile("ab", 3, SYSTEMS, { pretest: 2 }), {
      clipsPerParticipant: 3,
      ratingsPerClip: 4,
      ...CODES,
    });
    await h.publish(compareFile("ccr", 2, SYSTEMS.slice(0, 2), { scale: "ccr" }), {
      clipsPerParticipant: 1,
      ratingsPerClip: 1,
      ...CODES,
    });
    await h.publish(compareFile("nosame", 1, SYSTEMS.slice(0, 2), { allowSame: false }), {
      clipsPerParticipant: 1,
      ratingsPerClip: 10,
    });
    await h.publish(
      compareFile("record", 2, SYSTEMS.slice(0, 2), { pretest: 2, screenOut: false }),
      {
        clipsPerParticipant: 2,
        ratingsPerClip: 10,
        ...CODES,
      },
    );
    await h.publish(markWithPretest("markpre"), {
      clipsPerParticipant: 2,
      ratingsPerClip: 10,
      ...CODES,
    });
    await h.publish(compareFile("burst", 2, SYSTEMS.slice(0, 2)), {
      clipsPerParticipant: 1,
      ratingsPerClip: 3,
    });
  });
  afterAll(async () => {
    await h?.close();
    await pg?.close();
    cluster?.stop();
  });

  /** A participant's request; the answer kept for the scan. */
  const call = async (method: string, route: string, body?: unknown, token?: string) => {
    const answer = await h.api(method, route, body, token);
    bodies.push(JSON.stringify(answer.json));
    return answer;
  };
  const arrive = async (study: string, pid: string) => {
    const a = await call("POST", `p/${study}/arrive`, { platform: "link", participantId: pid });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return a.json.sessionToken as string;
  };
  const state = async (study: string, token: string) =>
    (await call("GET", `p/${study}/state`, undefined, token)).json;
  /** Play ids by count (digits only: a random one could spell a name the scan looks for). */
  let plays = 0;
  const play = (study: string, token: string, stage: string, position: number, side: number) =>
    call(
      "POST",
      `p/${study}/trials/${stage}/${position}/${side}/plays`,
      {
        playId: `play-${stage}-${position}-${side}-${++plays}`,
      },
      token,
    );
  const playBoth = async (study: string, token: string, stage: string, position: number) => {
    for (const side of [1, 2])
      expect((await play(study, token, stage, position, side)).status).toBe(200);
  };
  let n = 0;
  const judgment = (stage: string, position: number, answer: object) => ({
    clientId: `judgment-${engine}-${++n}`,
    stage,
    position,
    heardToEnd: true,
    seconds: 4.5,
    completedAt: "2026-11-29T10:00:00.000Z",
    ...answer,
  });
  const judge = (study: string, token: string, body: object) =>
    call("POST", `p/${study}/judgments`, body, token);
  /** The server's own record of a trial (what no participant is told). */
  const trialOf = async (study: string, token: string, stage: string, position: number) => {
    const [row] = await h.store.query<{
      pair_id: string;
      shown_first: "a" | "b";
      reference: "a" | "b" | null;
    }>(
      `SELECT t.pair_id, t.shown_first, t.reference FROM trials t
       JOIN sessions s ON s.study_id = t.study_id AND s.participant_id = t.participant_id
       WHERE t.study_id = $1 AND s.token_sha256 = encode(sha256(convert_to($2, 'UTF8')), 'hex')
         AND t.stage = $3 AND t.position = $4`,
      [study, token, stage, position],
    );
    if (!row) throw new Error(`no trial ${stage} ${position}`);
    return row;
  };
  /** The choice ("1" or "2") that prefers the natural sample of a pre-test trial, or not. */
  const pretestAnswer = async (study: string, token: string, position: number, right: boolean) => {
    const t = await trialOf(study, token, "pretest", position);
    const naturalFirst = t.reference === t.shown_first;
    return naturalFirst === right ? "1" : "2";
  };
  const stored = (study: string) =>
    h.store.query<{ n: number }>("SELECT count(*)::int AS n FROM judgments WHERE study_id = $1", [
      study,
    ]);
  const refusedWith = (answer: ApiAnswer, status: number, field: string | RegExp) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    expect(answer.json.error?.message).toMatch(field);
  };

  test("arrival: the pre-test's trials and the main trials, samples by position only", async () => {
    const token = await arrive("ab", "w-state");
    const s = await state("ab", token);
    expect(s.clips).toEqual([]);
    expect(s.done).toEqual([]);
    expect(s.study).toMatchObject({
      task: "compare",
      comparison: { scale: "ab", allowSame: true, question: "Which sounds more natural?" },
    });
    const side = { duration: 2, plays: 0 };
    expect(s.trials).toEqual([1, 2, 3].map((position) => ({ position, sides: [side, side] })));
    expect(s.pretest).toEqual({
      trials: [1, 2].map((position) => ({ position, sides: [side, side] })),
      done: [],
      finished: false,
    });
    // Three different sentences: none twice in a row.
    const sentences = await h.store.query<{ pair_id: string }>(
      "SELECT t.pair_id FROM trials t JOIN participants p ON p.study_id = t.study_id AND p.id = t.participant_id WHERE t.study_id = 'ab' AND p.platform_participant = 'w-state' AND t.stage = 'main' ORDER BY t.position",
    );
    const of = sentences.map((r) => r.pair_id.slice(0, 3));
    expect(new Set(of).size).toBe(3);
    // The audio of each sample is its clip's, by the side met first.
    const t = await trialOf("ab", token, "main", 1);
    const [a, b] = t.pair_id.split(":")[1]?.split("-") ?? [];
    const sentence = t.pair_id.slice(0, 3);
    const first = t.shown_first === "a" ? a : b;
    const audio = await fetch(`${h.base}/api/p/ab/trials/main/1/1/audio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await audio.text()).toBe(`RIFF fake audio of ${sentence}_${first}`);
    const missing = await h.api("GET", "p/ab/trials/main/9/1/audio", undefined, token);
    expect(missing.status).toBe(404);
    expect(
      (await h.api("GET", "p/ab/trials/main/1/3/audio", undefined, token)).json.error?.code,
    ).toBe("bad-side");
    expect(
      (await h.api("GET", "p/ab/trials/final/1/1/audio", undefined, token)).json.error?.code,
    ).toBe("bad-stage");
  });

  test("every refusal of a judgment names the field and stores nothing", async () => {
    const token = await arrive("ab", "w-refuse");
    const before = await stored("ab");
    // The contract's schema: both or neither of choice and score, a score not an integer in
    // -3…3, a client's "passed", a bad stage.
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "1", score: 1 })),
      400,
      /^score: /,
    );
    refusedWith(await judge("ab", token, judgment("pretest", 1, {})), 400, /^choice: /);
    refusedWith(await judge("ab", token, judgment("main", 1, { score: 3.5 })), 400, /^score: /);
    refusedWith(await judge("ab", token, judgment("main", 1, { score: 4 })), 400, /^score: /);
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "1", passed: true })),
      400,
      /passed/,
    );
    refusedWith(await judge("ab", token, judgment("warmup", 1, { choice: "1" })), 400, /^stage: /);
    // The study's rules: no score in an A/B test, no "same" in the pre-test.
    refusedWith(await judge("ab", token, judgment("main", 1, { score: 1 })), 400, /^score: /);
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "same" })),
      400,
      /^choice: .*no "same"/,
    );
    // The study's rule is said first, whatever else is wrong.
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "same", heardToEnd: false })),
      400,
      /^choice: .*no "same"/,
    );
    // A pair never assigned (never shown) to this participant, in either stage.
    refusedWith(
      await judge("ab", token, judgment("pretest", 3, { choice: "1" })),
      404,
      /^position: /,
    );
    refusedWith(await judge("ab", token, judgment("main", 4, { choice: "1" })), 404, /^position: /);
    // The main trials before the pre-test is finished (and passed).
    refusedWith(await play("ab", token, "main", 1, 1), 409, /pre-test comes first/);
    refusedWith(
      await judge("ab", token, judgment("main", 1, { choice: "1" })),
      409,
      /pre-test comes first/,
    );
    // Samples not both played, or not heard to the end.
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "1" })),
      409,
      /play both samples/,
    );
    expect((await play("ab", token, "pretest", 1, 1)).status).toBe(200);
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "1" })),
      409,
      /play both samples/,
    );
    expect((await play("ab", token, "pretest", 1, 2)).status).toBe(200);
    refusedWith(
      await judge("ab", token, judgment("pretest", 1, { choice: "1", heardToEnd: false })),
      409,
      /^heardToEnd: play both samples/,
    );
    // Another participant's session cannot judge this one's trial; no session at all: 401.
    expect((await judge("ab", "not-a-token", judgment("pretest", 1, { choice: "1" }))).status).toBe(
      401,
    );
    expect(await stored("ab")).toEqual(before);
    // "same" where the study does not offer it; a choice in a CCR study.
    const strict = await arrive("nosame", "w-refuse");
    await playBoth("nosame", strict, "main", 1);
    refusedWith(
      await judge("nosame", strict, judgment("main", 1, { choice: "same" })),
      400,
      /^choice: .*no "same"/,
    );
    expect(await stored("nosame")).toEqual([{ n: 0 }]);
    const ccr = await arrive("ccr", "w-refuse");
    await playBoth("ccr", ccr, "main", 1);
    refusedWith(await judge("ccr", ccr, judgment("main", 1, { choice: "1" })), 400, /^choice: /);
    expect(await stored("ccr")).toEqual([{ n: 0 }]);
    // Its one trial judged: then R = 1 is reached for that pair.
    const ok = await judge("ccr", ccr, judgment("main", 1, { score: -2 }));
    expect(ok.status).toBe(200);
  });

  test("the pre-test passed, the main trials judged and converted; a retried clientId stores nothing; the completion code", async () => {
    const token = await arrive("ab", "w-pass");
    for (const position of [1, 2]) {
      await playBoth("ab", token, "pretest", position);
      const answer = await judge(
        "ab",
        token,
        judgment("pretest", position, {
          choice: await pretestAnswer("ab", token, position, true),
        }),
      );
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json).toMatchObject({
        stage: "pretest",
        status: "started",
        finished: position === 2,
      });
    }
    const s = await state("ab", token);
    expect(s.pretest).toMatchObject({ done: [1, 2], finished: true });
    const choices = ["1", "2", "same"] as const;
    let last: ApiAnswer | undefined;
    const sent: object[] = [];
    for (const [i, choice] of choices.entries()) {
      const position = i + 1;
      await playBoth("ab", token, "main", position);
      // Side 1 played twice: the plays are counted per side.
      if (position === 1) expect((await play("ab", token, "main", 1, 1)).json.plays).toBe(2);
      const body = judgment("main", position, { choice });
      sent.push(body);
      last = await judge("ab", token, body);
      expect(last.status, JSON.stringify(last.json)).toBe(200);
    }
    expect(last?.json).toEqual({
      clientId: (sent[2] as { clientId: string }).clientId,
      replay: false,
      stage: "main",
      status: "completed",
      done: [1, 2, 3],
      finished: true,
      completion: { code: "DONE-77", url: "https://example.org/done" },
    });
    // The same judgment again: acknowledged the same, nothing more stored.
    const count = await stored("ab");
    const again = await judge("ab", token, sent[0] as object);
    expect(again.json).toMatchObject({ replay: true, status: "completed", done: [1, 2, 3] });
    expect(await stored("ab")).toEqual(count);
    // Its client id for another trial: refused.
    const reused = await judge("ab", token, { ...(sent[0] as object), position: 2 });
    expect(reused.status).toBe(409);
    // As stored: sides a / b by the side shown first, plays [a, b].
    const rows = await h.store.query<{ position: number; body: Judgment }>(
      `SELECT j.position, j.body FROM judgments j JOIN participants p ON p.study_id = j.study_id
       AND p.id = j.participant_id WHERE j.study_id = 'ab' AND p.platform_participant = 'w-pass'
       AND j.stage = 'main' ORDER BY j.position`,
    );
    for (const [i, row] of rows.entries()) {
      const t = await trialOf("ab", token, "main", i + 1);
      const other = t.shown_first === "a" ? "b" : "a";
      const firstPlays = i === 0 ? 2 : 1;
      expect(row.body).toEqual({
        pairId: t.pair_id,
        choice: [t.shown_first, other, "same"][i],
        shownFirst: t.shown_first,
        playCounts: t.shown_first === "a" ? [firstPlays, 1] : [1, firstPlays],
        heardToEnd: true,
        completedAt: "2026-11-29T10:00:00.000Z",
        seconds: 4.5,
      });
    }
    expect((await state("ab", token)).completion).toEqual({
      code: "DONE-77",
      url: "https://example.org/done",
    });
  });

  test("the pre-test failed: screened out with the study's code, the main trials refused and given back", async () => {
    const token = await arrive("ab", "w-fail");
    await playBoth("ab", token, "pretest", 1);
    const half = await judge(
      "ab",
      token,
      judgment("pretest", 1, {
        choice: await pretestAnswer("ab", token, 1, true),
      }),
    );
    expect(half.json).toMatchObject({ status: "started", done: [1], finished: false });
    await playBoth("ab", token, "pretest", 2);
    const failed = await judge(
      "ab",
      token,
      judgment("pretest", 2, {
        choice: await pretestAnswer("ab", token, 2, false),
      }),
    );
    // 1 of 2 = 0.5 < 0.7.
    expect(failed.json).toMatchObject({
      stage: "pretest",
      status: "screened-out",
      finished: true,
      screenedOut: { code: "OUT-13" },
    });
    expect(failed.json.completion).toBeUndefined();
    const [row] = await h.store.query<{ screening: unknown }>(
      "SELECT screening FROM participants WHERE study_id = 'ab' AND platform_participant = 'w-fail'",
    );
    expect(row?.screening).toEqual([
      { test: "natural-pairs", trials: 2, correct: 1, passed: false },
    ]);
    const s = await state("ab", token);
    expect(s.status).toBe("screened-out");
    expect(s.screenedOut).toEqual({ code: "OUT-13" });
    refusedWith(
      await judge("ab", token, judgment("main", 1, { choice: "1" })),
      409,
      /screened out/,
    );
    const released = await h.store.query<{ released: boolean }>(
      "SELECT t.released FROM trials t JOIN participants p ON p.study_id = t.study_id AND p.id = t.participant_id WHERE t.study_id = 'ab' AND p.platform_participant = 'w-fail' AND t.stage = 'main'",
    );
    expect(released.map((r) => r.released)).toEqual([true, true, true]);
  });

  test("a CCR score is stored signed by the side shown first; a full study says so before consent and at arrival", async () => {
    // Two pairs, R = 1, one trial each: two participants fill it ("w-refuse" took one).
    const token = await arrive("ccr", "w-ccr");
    await playBoth("ccr", token, "main", 1);
    expect((await judge("ccr", token, judgment("main", 1, { score: 2 }))).status).toBe(200);
    const rows = await h.store.query<{ body: Judgment; shown: string }>(
      "SELECT j.body, t.shown_first AS shown FROM judgments j JOIN trials t USING (study_id, participant_id, stage, position) WHERE j.study_id = 'ccr' ORDER BY j.received_at",
    );
    const sent = [-2, 2];
    for (const [i, r] of rows.entries()) {
      expect(r.body.score).toBe(r.shown === "a" ? sent[i] : -(sent[i] as number));
      expect(r.body.choice).toBeUndefined();
    }
    const full = await call("POST", "p/ccr/admission", {
      platform: "link",
      participantId: "w-late",
    });
    expect(full.json).toEqual({ full: true });
    const late = await call("POST", "p/ccr/arrive", { platform: "link", participantId: "w-late" });
    expect(late.status).toBe(409);
    expect(late.json.error?.code).toBe("study-full");
  });

  test("record-only pre-test (screenOut: false): a failed pre-test is recorded and the participant goes on to completion", async () => {
    const token = await arrive("record", "w-rec");
    for (const position of [1, 2]) {
      await playBoth("record", token, "pretest", position);
      const answer = await judge(
        "record",
        token,
        judgment("pretest", position, {
          choice: await pretestAnswer("record", token, position, false),
        }),
      );
      expect(answer.json).toMatchObject({ status: "started" });
      expect(answer.json.screenedOut).toBeUndefined();
    }
    for (const position of [1, 2]) {
      await playBoth("record", token, "main", position);
      expect(
        (await judge("record", token, judgment("main", position, { choice: "same" }))).status,
      ).toBe(200);
    }
    const s = await state("record", token);
    expect(s.status).toBe("completed");
    const collected = await h.api("GET", "studies/record/collect", undefined, TOKEN);
    const parsed = parseAnnotationFile(collected.json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    const me = parsed.file.annotators.find((a) => a.platform?.participantId === "w-rec");
    expect(me?.screening).toEqual([
      { test: "natural-pairs", trials: 2, correct: 0, passed: false },
    ]);
    expect(parsed.file.judgments?.filter((j) => j.annotatorId === me?.id)).toHaveLength(4);
  });

  test("a mark study with a pre-test: its clips wait for the pre-test, passed", async () => {
    const clip = (clientId: string, position: number) => ({
      clientId,
      position,
      spans: [],
      heardToEnd: true,
    });
    const token = await arrive("markpre", "w-mark");
    const s = await state("markpre", token);
    expect(s.clips).toHaveLength(2);
    expect(s.trials).toBeUndefined();
    expect(s.pretest).toMatchObject({ done: [], finished: false });
    refusedWith(
      await call("POST", "p/markpre/submissions", clip(`clip-${engine}-1`, 1), token),
      409,
      /pre-test comes first/,
    );
    for (const position of [1, 2]) {
      await playBoth("markpre", token, "pretest", position);
      const answer = await judge(
        "markpre",
        token,
        judgment("pretest", position, {
          choice: await pretestAnswer("markpre", token, position, true),
        }),
      );
      expect(answer.json).toMatchObject({ status: "started" });
    }
    // A main stage does not exist here.
    refusedWith(
      await judge("markpre", token, judgment("main", 1, { choice: "1" })),
      400,
      /^stage: /,
    );
    for (const position of [1, 2]) {
      const sent = await call(
        "POST",
        "p/markpre/submissions",
        clip(`clip-${engine}-${position}`, position),
        token,
      );
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    }
    expect((await state("markpre", token)).status).toBe("completed");
    // Failing it screens out: the clips are refused.
    const other = await arrive("markpre", "w-mark-fail");
    for (const position of [1, 2]) {
      await playBoth("markpre", other, "pretest", position);
      await judge(
        "markpre",
        other,
        judgment("pretest", position, {
          choice: await pretestAnswer("markpre", other, position, false),
        }),
      );
    }
    expect((await state("markpre", other)).status).toBe("screened-out");
    refusedWith(
      await call("POST", "p/markpre/submissions", clip(`clip-${engine}-x`, 1), other),
      409,
      /pre-test/,
    );
  });

  test("participants arriving together never take a pair past R", async () => {
    // 2 pairs × R = 3, one trial each: six of twelve arrive, the rest are told it is full.
    const arrivals = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.api("POST", "p/burst/arrive", { platform: "link", participantId: `b${i}` }),
      ),
    );
    expect(arrivals.filter((a) => a.status === 200)).toHaveLength(6);
    expect(arrivals.filter((a) => a.json.error?.code === "study-full")).toHaveLength(6);
    const perPair = await h.store.query<{ n: number; a_first: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE shown_first = 'a')::int AS a_first FROM trials WHERE study_id = 'burst' GROUP BY pair_id",
    );
    // Each pair three times, its sides as balanced as three allows.
    expect(perPair.map((p) => p.n)).toEqual([3, 3]);
    for (const p of perPair) expect([1, 2]).toContain(p.a_first);
    // One gives the study back: their unjudged trial goes to the next arrival, and no further.
    const back = arrivals.find((a) => a.status === 200)?.json.sessionToken as string;
    expect((await h.api("POST", "p/burst/return", {}, back)).status).toBe(200);
    expect(
      (await h.api("POST", "p/burst/admission", { platform: "link", participantId: "b-next" }))
        .json,
    ).toEqual({ full: false });
    await arrive("burst", "b-next");
    const full = await h.api("POST", "p/burst/arrive", {
      platform: "link",
      participantId: "b-last",
    });
    expect(full.json.error?.code).toBe("study-full");
    const counted = await h.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM trials WHERE study_id = 'burst' AND NOT released GROUP BY pair_id",
    );
    expect(counted.map((c) => c.n)).toEqual([3, 3]);
  });

  test("a pre-test added after a participant arrived: theirs is empty and finished, their trials go on; taken away, nobody waits for it", async () => {
    const file = compareFile("later", 2, SYSTEMS.slice(0, 2));
    await h.publish(file, { clipsPerParticipant: 2, ratingsPerClip: 5 });
    const early = await arrive("later", "w-early");
    await h.publish(compareFile("later", 2, SYSTEMS.slice(0, 2), { pretest: 1 }), {
      clipsPerParticipant: 2,
      ratingsPerClip: 5,
    });
    expect((await state("later", early)).pretest).toEqual({ trials: [], done: [], finished: true });
    await playBoth("later", early, "main", 1);
    expect((await judge("later", early, judgment("main", 1, { choice: "2" }))).status).toBe(200);
    // A participant of the pre-test, and then the study published without it.
    const late = await arrive("later", "w-late-pre");
    refusedWith(await play("later", late, "main", 1, 1), 409, /pre-test comes first/);
    // Its pair stays (participants have it: it cannot be removed), the qualification goes.
    const without = compareFile("later", 2, SYSTEMS.slice(0, 2), { pretest: 1 });
    delete without.study.qualification;
    await h.publish(without, { clipsPerParticipant: 2, ratingsPerClip: 5 });
    expect((await state("later", late)).pretest).toBeUndefined();
    await playBoth("later", late, "main", 1);
    expect((await judge("later", late, judgment("main", 1, { choice: "1" }))).status).toBe(200);
  });

  test("a view pair: one clip on both sides, each with its highlighted bins; judged, collected and read back", async () => {
    // s01_Tacotron is 2 s (20 bins): w1 marks 0.1–0.3 (bins 1, 2), w2 0.2–0.45 (bins 2–4).
    const file = compareFile("views", 1, SYSTEMS.slice(0, 2));
    file.pairs = [{ id: "v1", clipId: "s01_Tacotron", a: "regions:union", b: "saliency:m" }];
    file.annotators = [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
    ];
    file.regions = [
      { id: "r1", clipId: "s01_Tacotron", annotatorId: "w1", start: 0.1, end: 0.3 },
      { id: "r2", clipId: "s01_Tacotron", annotatorId: "w2", start: 0.2, end: 0.45 },
    ];
    // One value per bin: the highest are bins 19, 18, 17, 16 (value = bin).
    file.saliency = [
      {
        clipId: "s01_Tacotron",
        model: "m",
        hopSeconds: 0.1,
        values: Array.from({ length: 20 }, (_, k) => k),
      },
    ];
    await h.publish(file, { clipsPerParticipant: 1, ratingsPerClip: 5 });
    const token = await arrive("views", "w-view");
    const [trial] = (await state("views", token)).trials as { sides: { bins?: number[] }[] }[];
    const t = await trialOf("views", token, "main", 1);
    const bins = { a: [1, 2, 3, 4], b: [16, 17, 18, 19] };
    const other = t.shown_first === "a" ? "b" : "a";
    expect(trial?.sides).toEqual([
      { duration: 2, plays: 0, bins: bins[t.shown_first] },
      { duration: 2, plays: 0, bins: bins[other] },
    ]);
    for (const side of [1, 2]) {
      const audio = await fetch(`${h.base}/api/p/views/trials/main/1/${side}/audio`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await audio.text()).toBe("RIFF fake audio of s01_Tacotron");
    }
    await playBoth("views", token, "main", 1);
    expect((await judge("views", token, judgment("main", 1, { choice: "2" }))).status).toBe(200);
    const collected = await h.api("GET", "studies/views/collect", undefined, TOKEN);
    const parsed = parseAnnotationFile(collected.json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    expect(parsed.file.judgments).toEqual([
      expect.objectContaining({ pairId: "v1", choice: other, shownFirst: t.shown_first }),
    ]);
    expect(parsed.file.saliency).toHaveLength(1);
  });

  test("collect: pairs, judgments (main and pre-test) and the screening entries, which validate accepts", async () => {
    const collected = await h.api("GET", "studies/ab/collect", undefined, TOKEN);
    expect(collected.status).toBe(200);
    const parsed = parseAnnotationFile(collected.json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    const file = parsed.file;
    expect(file.pairs).toHaveLength(3 * 3 + 2);
    const passer = file.annotators.find((a) => a.platform?.participantId === "w-pass");
    expect(passer?.screening).toEqual([
      { test: "natural-pairs", trials: 2, correct: 2, passed: true },
    ]);
    const mine = file.judgments?.filter((j) => j.annotatorId === passer?.id) ?? [];
    expect(mine.map((j) => j.pairId.startsWith("q"))).toEqual([true, true, false, false, false]);
  });

  test("progress: a compare study's main trials assigned and judged, against its pairs × R", async () => {
    const res = await h.api("GET", "studies/ab/progress", undefined, TOKEN);
    expect(res.status).toBe(200);
    const p = res.json as {
      clips: number;
      assigned: number;
      done: number;
      participants: Record<string, number>;
      perParticipant: { participant: string; done: number; total: number }[];
    };
    expect(p.clips).toBe(9);
    expect(p.participants).toEqual({ started: 2, completed: 1, returned: 0, screenedOut: 1 });
    const of = (who: string) => p.perParticipant.find((x) => x.participant === who);
    expect(of("w-pass")).toMatchObject({ done: 3, total: 3 });
    // Screened out: their trials were given back, none judged.
    expect(of("w-fail")).toMatchObject({ done: 0, total: 0 });
    expect(of("w-state")).toMatchObject({ done: 0, total: 3 });
    expect([p.assigned, p.done]).toEqual([9, 3]);
  });

  test("no participant body names a clip, a system, a sentence, a pair or which sample is natural", () => {
    expect(bodies.length).toBeGreaterThan(50);
    const text = bodies.join("\n");
    const at = (secret: string) => bodies.find((b) => b.includes(secret))?.slice(0, 300);
    for (const secret of [
      ...SYSTEMS,
      "_human",
      "s01",
      "s02",
      "s03",
      "nat1",
      "qs0",
      "pairId",
      "shownFirst",
      "isReference",
      "reference",
      "sentence",
      "system",
      "clipId",
    ]) {
      expect(text.includes(secret), `${secret}: ${at(secret)}`).toBe(false);
    }
  });
});
