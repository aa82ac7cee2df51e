// Instruction arms (issue 40, item 3; `study.arms`, domain/collection/arms.ts): each arriving
// participant is given the arm with the fewest arrivals so far (ties: the arm listed first), in
// the arrival's transaction under the study's lock, so that arrivals at once, in one process
// (PGlite, joined in batches) or in two server processes on one PostgreSQL, still take the arms
// strictly in turn. The arm is kept as `profile.arm`, the participant's state carries the arm's
// text as the instructions (the same when they come back), the consent step shows none (no arm
// is known before arriving), and the collected file has `profile.arm`.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { arrive as arriveHere } from "../../src/server/arrival.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, publishStudy, startHarness, TOKEN } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";
import { callServer as call, spawnServer } from "./serverProcess.ts";

const ARMS = [
  { id: "natural", instructions: "Rate how natural the voice sounds." },
  { id: "quality", instructions: "Rate the overall audio quality.\nUse headphones." },
  { id: "short", instructions: "Rate it." },
];
const TEXT = new Map(ARMS.map((a) => [a.id, a.instructions]));

function armStudy(id: string, arms = ARMS): AnnotationFile {
  const file = studyFile(id, 10, ["A", "B", "C"]);
  file.study = { ...file.study, task: "rate", arms };
  return file;
}

/** Each participant's arm, in the order they joined (their ids' numbers). */
async function armsInOrder(rows: { id: string; arm: string | null }[]) {
  return [...rows].sort((a, b) => a.id.localeCompare(b.id)).map((r) => r.arm);
}

describe("on PGlite", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ slotTimeoutMinutes: 60 });
  });
  afterAll(() => h.close());

  test("eleven arriving at once take the three arms in turn: 4, 4, 3; each reads their arm's text", async () => {
    await h.publish(armStudy("arms"), { clipsPerParticipant: 2, ratingsPerClip: 10 });
    const arrivals = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        arriveHere(h.store, "arms", { platform: "prolific", participantId: `A${i}` }),
      ),
    );
    const rows = await h.store.query<{ id: string; arm: string | null; pid: string }>(
      "SELECT id, profile->>'arm' AS arm, platform_participant AS pid FROM participants WHERE study_id = 'arms'",
    );
    expect(rows).toHaveLength(11);
    // In turn by arrival: natural, quality, short, natural, …
    expect(await armsInOrder(rows)).toEqual(
      Array.from({ length: 11 }, (_, i) => (ARMS[i % 3] as { id: string }).id),
    );
    const armOf = new Map(rows.map((r) => [r.pid, r.arm]));
    for (const [i, a] of arrivals.entries())
      expect(a.state.study.instructions).toBe(TEXT.get(armOf.get(`A${i}`) as string));

    // Coming back (another browser): the same arm's text; no new arm is counted.
    const again = await h.api("POST", "p/arms/arrive", {
      platform: "prolific",
      participantId: "A4",
    });
    expect(again.status).toBe(200);
    expect((again.json.state as { study: { instructions: string } }).study.instructions).toBe(
      TEXT.get(armOf.get("A4") as string),
    );
    const state = await h.api("GET", "p/arms/state", undefined, again.json.sessionToken as string);
    expect((state.json.study as { instructions: string }).instructions).toBe(
      TEXT.get(armOf.get("A4") as string),
    );
    // Before arriving, nobody has an arm: the consent step shows no instructions.
    const about = await h.api("GET", "p/arms");
    expect(about.status).toBe(200);
    expect(about.json.instructions).toBeUndefined();

    // The next arrival goes to the arm with the fewest (short: 3 of 4, 4, 3).
    const next = await h.api("POST", "p/arms/arrive", { platform: "prolific", participantId: "N" });
    expect((next.json.state as { study: { instructions: string } }).study.instructions).toBe(
      TEXT.get("short"),
    );
    // The collected file says which arm each participant had.
    const collected = await h.api("GET", "studies/arms/collect", undefined, TOKEN);
    const annotators = collected.json.annotators as {
      platform: { participantId: string };
      profile?: { arm?: string };
    }[];
    expect(annotators).toHaveLength(12);
    for (const a of annotators)
      expect(a.profile?.arm).toBe(
        a.platform.participantId === "N" ? "short" : armOf.get(a.platform.participantId),
      );
  });

  test("published again with an arm added: the new arm (fewest) first; an arm removed: its people read the study's instructions", async () => {
    const two = ARMS.slice(0, 2);
    await h.publish(armStudy("again", two), { clipsPerParticipant: 1, ratingsPerClip: 10 });
    for (const i of [0, 1, 2, 3])
      await h.api("POST", "p/again/arrive", { platform: "link", participantId: `G${i}` });
    // natural 2, quality 2; "short" added: it has none, so the next two go to it, then natural.
    await h.publish(armStudy("again", [...two, ARMS[2] as (typeof ARMS)[number]]), {
      clipsPerParticipant: 1,
      ratingsPerClip: 10,
    });
    const late = [];
    for (const i of [4, 5, 6])
      late.push(
        await h.api("POST", "p/again/arrive", { platform: "link", participantId: `G${i}` }),
      );
    expect(
      late.map((r) => (r.json.state as { study: { instructions: string } }).study.instructions),
    ).toEqual([TEXT.get("short"), TEXT.get("short"), TEXT.get("natural")]);
    // "natural" taken away: G0 (natural) now reads the study's own instructions.
    await h.publish(armStudy("again", [ARMS[1], ARMS[2]] as typeof ARMS), {
      clipsPerParticipant: 1,
      ratingsPerClip: 10,
    });
    const g0 = await h.api("POST", "p/again/arrive", { platform: "link", participantId: "G0" });
    expect((g0.json.state as { study: { instructions: string } }).study.instructions).toBe(
      "Mark what sounds wrong.",
    );
  });

  test("withdrawing a participant with an arm and no intake: no intake answers said deleted", async () => {
    await h.publish(armStudy("wd", ARMS.slice(0, 2)), {
      clipsPerParticipant: 1,
      ratingsPerClip: 5,
    });
    await h.api("POST", "p/wd/arrive", { platform: "link", participantId: "W1" });
    const done = await h.api("POST", "studies/wd/withdraw", { participant: "W1" }, TOKEN);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ participant: "W1", intake: false, screening: false });
  });

  test("a study file with bad arms is refused, naming each problem by its path", async () => {
    const file = armStudy("bad", [
      { id: "a", instructions: "Text" },
      { id: "a", instructions: " " },
    ]);
    const res = await h.api("PUT", "studies/bad", { file, settings: {} }, TOKEN);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: "bad-study",
      message:
        'the study file is not valid:\nstudy.arms[1].instructions: must not be empty\nstudy.arms[1].id: "a" is the id of an earlier arm; each arm needs its own',
    });
    expect((await h.api("GET", "p/bad")).status).toBe(404);
  });

  test("a study without arms: the instructions as before, no profile.arm", async () => {
    await h.publish(studyFile("plain", 2, ["A"]), { clipsPerParticipant: 1, ratingsPerClip: 5 });
    const a = await h.api("POST", "p/plain/arrive", { platform: "link", participantId: "X" });
    expect((a.json.state as { study: { instructions: string } }).study.instructions).toBe(
      "Mark what sounds wrong.",
    );
    expect((await h.api("GET", "p/plain")).json.instructions).toBe("Mark what sounds wrong.");
    const [row] = await h.store.query<{ profile: unknown }>(
      "SELECT profile FROM participants WHERE study_id = 'plain'",
    );
    expect(row?.profile).toBeNull();
  });
});

describe("on PostgreSQL, two server processes", () => {
  let cluster: Cluster | undefined;
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    cluster?.stop();
  });

  test("40 arriving at once through both servers: the two arms strictly in turn, 20 each", async () => {
    cluster = await startPostgres();
    const env = { ...process.env, REDPEN_TOKEN: TOKEN, DATABASE_URL: cluster.url };
    const start = () => {
      const { proc, url } = spawnServer(["--rate", "100000", "--arrival-rate", "1000000"], env);
      children.push(proc);
      return url;
    };
    const a = await start();
    const b = await start();
    const file = armStudy("pg", ARMS.slice(0, 2));
    expect(
      (await publishStudy(a, file, { clipsPerParticipant: 2, ratingsPerClip: 10 }, TOKEN)).status,
    ).toBe(200);
    const arrivals = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? a : b, "POST", "p/pg/arrive", {
          platform: "prolific",
          participantId: `P${i}`,
        }),
      ),
    );
    expect(arrivals.map((r) => r.status)).toEqual(Array(40).fill(200));
    const collected = await call(a, "GET", "studies/pg/collect", undefined, TOKEN);
    const annotators = collected.json.annotators as {
      id: string;
      platform: { participantId: string };
      profile?: { arm?: string };
    }[];
    expect(annotators).toHaveLength(40);
    expect(
      await armsInOrder(annotators.map((p) => ({ id: p.id, arm: p.profile?.arm ?? null }))),
    ).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? "quality" : "natural")));
    const armOf = new Map(annotators.map((p) => [p.platform.participantId, p.profile?.arm]));
    for (const [i, r] of arrivals.entries())
      expect((r.json.state as { study: { instructions: string } }).study.instructions).toBe(
        TEXT.get(armOf.get(`P${i}`) as string),
      );
  });
});
