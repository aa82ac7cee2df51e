// The participant's side against the real collection server (in-process, PGlite), with this
// browser's database in fake-indexeddb: arriving stores only the assigned clips; finished clips
// are sent once each; with the server gone they wait and say so; after a restart they are sent;
// a forgotten acknowledgement re-sends without storing twice; a lost session is renewed.
// An expert's copy of the same study: labels sent back, unsent ones kept across a refresh.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  addRegion,
  finishClip,
  getStudy,
  listAllReasonLabels,
  listClips,
  setReasons,
  updateParticipation,
} from "../../src/db/repo.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { LabelOutbox, refreshExpertCopy } from "../../src/features/participate/expertLink.ts";
import { Outbox, type OutboxStatus } from "../../src/features/participate/outbox.ts";
import { clipIdAt, prepare } from "../../src/features/participate/participation.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { collect, createExpert, publishStudy, putAudio } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { studyFile } from "../server/fixtures.ts";
import { openMigratedPglite } from "../server/pgliteTemplate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "redpen-outbox-"));
let store: Store;
let server: Server | undefined;
let port = 0;
const base = () => `http://127.0.0.1:${port}`;

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
  const file = studyFile("ob", 5, ["a", "b", "c"]);
  const wav = readFileSync("public/audio/s01_human.wav");
  const sha = createHash("sha256").update(wav).digest("hex");
  await putAudio(store, sha, "audio/wav", new Uint8Array(wav));
  await publishStudy(store, {
    file,
    settings: { clipsPerParticipant: 4, ratingsPerClip: 2, completionCode: "OK123" },
    audio: Object.fromEntries(file.clips.map((c) => [c.id, { sha256: sha, mime: "audio/wav" }])),
  });
  await listen();
}, 60_000); // PGlite's start takes seconds on a busy machine
afterAll(async () => {
  await stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Kicks the outbox and resolves with its first status that `done` accepts. */
function settle(
  box: Outbox | LabelOutbox,
  done: (s: OutboxStatus) => boolean,
): Promise<OutboxStatus> {
  return new Promise((resolve) => {
    let armed = false; // subscribe() reports the current status at once: not an answer
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

async function finish(localId: string, participantId: string, position: number, start: number) {
  const clipId = clipIdAt(position);
  await addRegion(localId, { clipId, annotatorId: participantId, start, end: start + 0.5 });
  await finishClip(localId, {
    clipId,
    annotatorId: participantId,
    completedAt: new Date(Date.now() + position).toISOString(),
    score: position,
    plays: 1,
    seconds: 4,
    heardToEnd: true,
  });
}

const sentBy = async (participantId: string) =>
  (await collect(store, "ob")).submissions.filter((s) => s.annotatorId === participantId);

test("send once each; wait while the server is gone; resume; never twice; renew a session", async () => {
  const arrival = { platform: "prolific" as const, participantId: "PID-outbox-1" };
  const prepared = await prepare(base(), "ob", arrival, () => undefined);
  if ("screenedOut" in prepared) throw new Error("screened out");
  const local = prepared;
  const p = local.participation;
  if (!p) throw new Error("no participation stored");
  // Only the 4 assigned clips, blind ("Clip n"), each with its audio.
  const clips = await listClips(local.id);
  expect(clips.map((c) => c.name)).toEqual(["Clip 1", "Clip 2", "Clip 3", "Clip 4"]);
  expect(clips.every((c) => c.system === undefined && c.sentence === undefined)).toBe(true);
  expect(local.extra).toEqual({
    instructions: "Mark what sounds wrong.",
    ratingScale: DEFAULT_RATING_SCALE,
  });

  const box = new Outbox(local.id);
  await finish(local.id, p.participantId, 1, 0.2);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  const one = await sentBy(p.participantId);
  expect(one).toHaveLength(1);
  expect(one[0]).toMatchObject({ score: 1, heardToEnd: true, playCount: 1, seconds: 4 });
  expect((await collect(store, "ob")).regions.map((r) => [r.start, r.end])).toEqual([[0.2, 0.7]]);

  // The server goes away: the finished clip waits, and the outbox says why.
  await stop();
  await finish(local.id, p.participantId, 2, 0.4);
  const waiting = await settle(box, (s) => s.kind === "retrying");
  expect(waiting).toMatchObject({ kind: "retrying", waiting: 1, reason: "offline" });
  // Back on the same port: the next try sends it.
  await listen();
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  expect(await sentBy(p.participantId)).toHaveLength(2);

  // This browser forgets the acknowledgements (a crash just before they were stored): sending
  // again is acknowledged as a replay and stores nothing twice.
  await updateParticipation(local.id, (q) => ({ ...q, acknowledged: [] }));
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  expect(await sentBy(p.participantId)).toHaveLength(2);
  expect((await getStudy(local.id))?.participation?.acknowledged).toEqual([1, 2]);

  // The server forgot the session (e.g. it was restored from a backup): arriving again with
  // the link's ids gives a new token for the same participant.
  await store.query("DELETE FROM sessions");
  await finish(local.id, p.participantId, 3, 0.1);
  await finish(local.id, p.participantId, 4, 0.3);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  expect(await sentBy(p.participantId)).toHaveLength(4);
  const after = (await getStudy(local.id))?.participation;
  expect(after?.sessionToken).not.toBe(p.sessionToken);
  expect(after?.acknowledged).toEqual([1, 2, 3, 4]);
  expect(after?.completion).toEqual({ code: "OK123" });
  box.dispose();
}, 60_000);

test("an expert's copy: the crowd's spans come in, labels go back, unsent ones survive a refresh", async () => {
  // The participant of the test above sent 4 clips with a span each.
  const { token } = await createExpert(store, "ob", { expertId: "e9" });
  const localId = await refreshExpertCopy(base(), "ob", "e9", token);
  const copy = await getStudy(localId);
  expect(copy?.expertLink).toMatchObject({ studyId: "ob", expertId: "e9", acknowledged: {} });
  // Only the clips with spans, with their audio.
  expect(await listClips(localId)).toHaveLength(4);
  const [first, second] = (await collect(store, "ob")).regions.map((r) => r.id);
  if (!first || !second) throw new Error("no regions collected");

  const box = new LabelOutbox(localId);
  await setReasons(localId, first, "e9", ["silence"]);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  expect((await collect(store, "ob")).reasonLabels).toEqual([
    { regionId: first, annotatorId: "e9", reasons: ["silence"] },
  ]);

  // Offline: the change waits; a refresh (server back) keeps it rather than the server's older
  // label, and it is sent next.
  await stop();
  await setReasons(localId, first, "e9", []);
  await setReasons(localId, second, "e9", ["silence"]);
  expect(await settle(box, (s) => s.kind === "retrying")).toMatchObject({ waiting: 2 });
  await listen();
  await refreshExpertCopy(base(), "ob", "e9", token);
  expect((await listAllReasonLabels(localId)).map((l) => [l.regionId, l.reasons])).toEqual([
    [second, ["silence"]],
  ]);
  expect(await settle(box, (s) => s.kind === "idle")).toEqual({ kind: "idle", waiting: 0 });
  expect((await collect(store, "ob")).reasonLabels).toEqual([
    { regionId: second, annotatorId: "e9", reasons: ["silence"] },
  ]);
  box.dispose();
}, 60_000);
