// A participant's pairs against the real collection server (in-process, PGlite), with this
// browser's database in fake-indexeddb: arriving stores each trial's two samples (audio only,
// no clip of the study); the pre-test's answers go first and its outcome lets the main trials
// begin; answers are sent once each, wait while the server is gone, are sent after it is back,
// and a forgotten acknowledgement re-sends them as replays that store nothing twice; every play
// is counted by the server per side, so each judgment carries its play counts.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  finishClip,
  getClipAudio,
  getStudy,
  listClips,
  updateParticipation,
} from "../../src/db/repo.ts";
import { Outbox, type OutboxStatus } from "../../src/features/participate/outbox.ts";
import {
  clipIdAt,
  isJudged,
  pendingJudgments,
  prepare,
  recordJudgment,
  trialClipId,
} from "../../src/features/participate/participation.ts";
import { TrialPlayGate } from "../../src/features/participate/playGate.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { collect, publishStudy, putAudio } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { studyFile } from "../server/fixtures.ts";
import { openMigratedPglite } from "../server/pgliteTemplate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "redpen-judgments-"));
let store: Store;
let server: Server | undefined;
let port = 0;
const base = () => `http://127.0.0.1:${port}`;
const K = 3;

async function listen() {
  server = createCollectionServer({ store, rate: { perSecond: 1000, burst: 4000 } });
  await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : port;
}
async function stop() {
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections();
  server = undefined;
}

beforeAll(async () => {
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  const file = studyFile("pc", 4, ["a", "b"]);
  file.study.task = "compare";
  file.study.comparison = { scale: "ab", allowSame: true };
  // Everyone passes (a pass accuracy of 0): the outcome does not hang on which sample is natural.
  file.study.qualification = { pairs: ["q1", "q2"], passAccuracy: 0 };
  file.pairs = [
    { id: "q1", a: "s01_human", b: "s01_a" },
    { id: "q2", a: "s02_b", b: "s02_human" },
    { id: "m1", a: "s03_a", b: "s03_b" },
    { id: "m2", a: "s04_a", b: "s04_b" },
    { id: "m3", a: "s01_a", b: "s01_b" },
  ];
  file.judgments = [];
  const wav = readFileSync("public/audio/s02_human.wav");
  const sha = createHash("sha256").update(wav).digest("hex");
  await putAudio(store, sha, "audio/wav", new Uint8Array(wav));
  await publishStudy(store, {
    file,
    settings: { clipsPerParticipant: K, ratingsPerClip: 2, completionCode: "PAIRS-OK" },
    audio: Object.fromEntries(file.clips.map((c) => [c.id, { sha256: sha, mime: "audio/wav" }])),
  });
  await listen();
}, 60_000);
afterAll(async () => {
  await stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function settle(box: Outbox, done: (s: OutboxStatus) => boolean): Promise<OutboxStatus> {
  return new Promise((resolve) => {
    let armed = false;
    let off: () => void = () => undefined;
    off = box.subscribe((s) => {
      if (armed && done(s)) {
        queueMicrotask(() => off());
        resolve(s);
      }
    });
    armed = true;
    box.kick();
  });
}

test("pre-test first, then the main trials; once each, offline and back, replays store nothing", async () => {
  const arrival = { platform: "link" as const, participantId: "pairs-1" };
  const prepared = await prepare(base(), "pc", arrival, () => undefined);
  if ("screenedOut" in prepared) throw new Error("screened out");
  const localId = prepared.id;
  const p = prepared.participation;
  if (!p) throw new Error("no participation stored");
  // No clips; two pre-test trials and K main ones, each side's audio stored under its own id.
  expect(await listClips(localId)).toEqual([]);
  expect(p.trials?.pretest?.map((t) => t.position)).toEqual([1, 2]);
  expect(p.trials?.main?.map((t) => t.position)).toEqual([1, 2, 3]);
  for (const [stage, n] of [
    ["pretest", 2],
    ["main", K],
  ] as const) {
    for (let position = 1; position <= n; position++) {
      for (const side of [1, 2] as const) {
        const blob = await getClipAudio(localId, trialClipId(stage, position, side));
        expect(blob?.size, `${stage} ${position} ${side}`).toBeGreaterThan(44);
      }
    }
  }
  expect(prepared.extra.comparison).toEqual({ scale: "ab", allowSame: true });
  expect(p.pretestPassed).toBeUndefined();

  const gate = new TrialPlayGate(localId);
  const answer = async (
    stage: "pretest" | "main",
    position: number,
    choice: "1" | "2" | "same",
  ) => {
    for (const side of [1, 2] as const) {
      expect(await gate.request(stage, position, side)).toMatchObject({ ok: true });
    }
    await recordJudgment(localId, stage, position, { choice, heardToEnd: true, seconds: 7.5 });
  };
  const box = new Outbox(localId);
  await answer("pretest", 1, "1");
  await answer("pretest", 2, "2");
  // A second answer to the same trial is not kept.
  await recordJudgment(localId, "pretest", 2, { choice: "1", heardToEnd: true });
  expect(pendingJudgments((await getStudy(localId))?.participation ?? p)).toHaveLength(2);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  let now = (await getStudy(localId))?.participation;
  expect(now?.judged?.pretest).toEqual([1, 2]);
  expect(now?.pretestPassed).toBe(true);

  // The main trials: the first sent; then the server goes away and the second waits.
  await answer("main", 1, "2");
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  for (const side of [1, 2] as const) await gate.request("main", 2, side);
  await stop();
  await recordJudgment(localId, "main", 2, { choice: "same", heardToEnd: true, seconds: 3 });
  expect(await settle(box, (s) => s.kind === "retrying")).toMatchObject({
    kind: "retrying",
    waiting: 1,
    reason: "offline",
  });
  await listen();
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });

  // This browser forgets what the server acknowledged: sent again, replays, nothing twice.
  await updateParticipation(localId, (q) => ({ ...q, judged: { pretest: [], main: [] } }));
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  const mine = async () => {
    const file = await collect(store, "pc");
    const id = file.annotators.find((a) => a.platform?.participantId === "pairs-1")?.id;
    return (file.judgments ?? []).filter((j) => j.annotatorId === id);
  };
  expect(await mine()).toHaveLength(4);
  now = (await getStudy(localId))?.participation;
  expect(now?.judged).toEqual({ pretest: [1, 2], main: [1, 2] });
  expect(now?.completion).toBeUndefined();

  await answer("main", 3, "1");
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  now = (await getStudy(localId))?.participation;
  expect(now?.completion).toEqual({ code: "PAIRS-OK" });
  if (!now) throw new Error("gone");
  expect([1, 2, 3].every((n) => isJudged(now as NonNullable<typeof now>, "main", n))).toBe(true);
  const judgments = await mine();
  expect(judgments).toHaveLength(5);
  // The server's play counts (one play of each side, asked through the gate) and what was sent.
  const main1 = judgments.find(
    (j) => j.pairId.startsWith("m") && j.choice !== "same" && j.seconds === 7.5,
  );
  expect(main1?.playCounts).toEqual([1, 1]);
  expect(judgments.filter((j) => j.choice === "same")).toHaveLength(1);
  expect(judgments.every((j) => j.heardToEnd === true)).toBe(true);
  box.dispose();
}, 90_000);

test("a rate study with a pre-test: its clips as usual, the pre-test's samples beside them, answers before the clips", async () => {
  const file = studyFile("pr", 3, ["a"]);
  file.study.task = "rate";
  file.study.qualification = { pairs: ["q1", "q2"], passAccuracy: 0 };
  file.pairs = [
    { id: "q1", a: "s01_human", b: "s01_a" },
    { id: "q2", a: "s02_a", b: "s02_human" },
  ];
  const wav = readFileSync("public/audio/s02_human.wav");
  const sha = createHash("sha256").update(wav).digest("hex");
  await publishStudy(store, {
    file,
    settings: { clipsPerParticipant: 2, ratingsPerClip: 2, completionCode: "RATED" },
    audio: Object.fromEntries(file.clips.map((c) => [c.id, { sha256: sha, mime: "audio/wav" }])),
  });
  const progress: number[] = [];
  const prepared = await prepare(
    base(),
    "pr",
    { platform: "link", participantId: "rater-1" },
    (p) => progress.push(p.done),
  );
  if ("screenedOut" in prepared) throw new Error("screened out");
  const localId = prepared.id;
  // Two clips and two pre-test pairs' samples: six downloads, counted as they come.
  expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect((await listClips(localId)).map((c) => c.name)).toEqual(["Clip 1", "Clip 2"]);
  const p = prepared.participation;
  expect(p?.trials?.pretest?.map((t) => t.position)).toEqual([1, 2]);
  expect(p?.trials?.main).toBeUndefined();
  expect(p?.acknowledged).toEqual([]);

  const gate = new TrialPlayGate(localId);
  for (const position of [1, 2]) {
    for (const side of [1, 2] as const) await gate.request("pretest", position, side);
    await recordJudgment(localId, "pretest", position, { choice: "1", heardToEnd: true });
  }
  const box = new Outbox(localId);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  const now = (await getStudy(localId))?.participation;
  expect(now?.pretestPassed).toBe(true);
  expect(now?.judged).toEqual({ pretest: [1, 2] });
  expect(now?.completion).toBeUndefined();
  // Then the clips, sent by the same outbox: the completion once both are in.
  for (const position of [1, 2]) {
    await finishClip(localId, {
      clipId: clipIdAt(position),
      annotatorId: now?.participantId ?? "",
      completedAt: new Date(Date.now() + position).toISOString(),
      score: 4,
      plays: 1,
      seconds: 5,
      heardToEnd: true,
    });
  }
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  const end = (await getStudy(localId))?.participation;
  expect(end?.acknowledged).toEqual([1, 2]);
  expect(end?.completion).toEqual({ code: "RATED" });
  box.dispose();
}, 60_000);
