// A participant of a transcribe study, against the real collection server (in-process, PGlite)
// with this browser's database in fake-indexeddb: the local copy knows the task and the plays
// allowed, and holds no clip's text; a finished clip's transcript, plays and heardToEnd are
// sent by the outbox and collected as typed.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createStudy,
  finishClip,
  getStudy,
  listClips,
  listSubmissions,
  updateStudy,
} from "../../src/db/repo.ts";
import { versionTag } from "../../src/domain/api/endpoints.ts";
import type { PublishedStudy } from "../../src/domain/collection/protocol.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { fetchPublished, publishToServer } from "../../src/features/collection/publish.ts";
import { Outbox, type OutboxStatus } from "../../src/features/participate/outbox.ts";
import {
  clipIdAt,
  prepare,
  submissionRequest,
} from "../../src/features/participate/participation.ts";
import { PlayGate } from "../../src/features/participate/playGate.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import {
  collect,
  ensureResearcherToken,
  publishStudy,
  putAudio,
} from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { studyFile } from "../server/fixtures.ts";
import { openMigratedPglite } from "../server/pgliteTemplate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "redpen-transcribe-"));
let store: Store;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  await ensureResearcherToken(store, "transcribe-token");
  const file = studyFile("tr", 4, ["a", "b"]);
  file.study.task = "transcribe";
  file.study.transcription = { maxPlays: 4, unit: "character" };
  for (const c of file.clips) c.text = `hidden sentence ${c.sentence}`;
  const wav = readFileSync("public/audio/s01_human.wav");
  const sha = createHash("sha256").update(wav).digest("hex");
  await putAudio(store, sha, "audio/wav", new Uint8Array(wav));
  await publishStudy(store, {
    file,
    settings: { clipsPerParticipant: 2, ratingsPerClip: 2 },
    audio: Object.fromEntries(file.clips.map((c) => [c.id, { sha256: sha, mime: "audio/wav" }])),
  });
  server = createCollectionServer({ store, rate: { perSecond: 1000, burst: 4000 } });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function idle(box: Outbox): Promise<OutboxStatus> {
  return new Promise((resolve) => {
    let armed = false;
    let off: () => void = () => undefined;
    off = box.subscribe((s) => {
      if (armed && s.kind === "idle") {
        queueMicrotask(() => off());
        resolve(s);
      }
    });
    armed = true;
    box.kick();
  });
}

test("the local copy knows the task and its plays; transcripts go to the server as typed", async () => {
  const prepared = await prepare(
    `http://127.0.0.1:${port}`,
    "tr",
    { platform: "link", participantId: "listener-1" },
    () => undefined,
  );
  if ("screenedOut" in prepared) throw new Error("screened out");
  const p = prepared.participation;
  if (!p) throw new Error("no participation stored");
  expect(prepared.extra).toEqual({
    instructions: "Mark what sounds wrong.",
    ratingScale: DEFAULT_RATING_SCALE,
    task: "transcribe",
    transcription: { maxPlays: 4 },
  });
  const clips = await listClips(prepared.id);
  expect(clips).toHaveLength(2);
  expect(JSON.stringify(clips)).not.toContain("hidden sentence");

  // Each clip played twice, each play counted by the server first (its count is the one stored).
  const gate = new PlayGate(prepared.id);
  const typed = ["the cat sat on the mat", ""];
  for (const [i, transcript] of typed.entries()) {
    for (let play = 1; play <= 2; play++) {
      expect(await gate.request(clipIdAt(i + 1))).toEqual({ ok: true, left: 4 - play });
    }
    await finishClip(prepared.id, {
      clipId: clipIdAt(i + 1),
      annotatorId: p.participantId,
      completedAt: new Date(Date.now() + i).toISOString(),
      plays: 2,
      seconds: 7,
      heardToEnd: true,
      transcript,
    });
  }
  const [first] = await listSubmissions(prepared.id, { clipId: clipIdAt(1) });
  if (!first) throw new Error("not stored");
  expect(await submissionRequest(prepared.id, p, first)).toMatchObject({
    position: 1,
    spans: [],
    heardToEnd: true,
    playCount: 2,
    transcript: "the cat sat on the mat",
  });
  expect(first.score).toBeUndefined();

  const box = new Outbox(prepared.id);
  expect(await idle(box)).toEqual({ kind: "idle", waiting: 0 });
  box.dispose();
  const collected = (await collect(store, "tr")).submissions.filter(
    (s) => s.annotatorId === p.participantId,
  );
  expect(collected.map((s) => s.transcript).sort()).toEqual(["", "the cat sat on the mat"]);
  expect(collected.every((s) => s.playCount === 2 && s.heardToEnd === true)).toBe(true);
}, 60_000);

test("a transcript breaking the rule is refused in the browser, before anything is stored", async () => {
  const prepared = await prepare(
    `http://127.0.0.1:${port}`,
    "tr",
    { platform: "link", participantId: "listener-2" },
    () => undefined,
  );
  if ("screenedOut" in prepared || !prepared.participation) throw new Error("not prepared");
  await expect(
    finishClip(prepared.id, {
      clipId: clipIdAt(1),
      annotatorId: prepared.participation.participantId,
      completedAt: new Date().toISOString(),
      plays: 1,
      seconds: 1,
      transcript: "x".repeat(2001),
    }),
  ).rejects.toThrow("The transcript is 2001 characters long; a transcript may have at most 2000");
  expect(await listSubmissions(prepared.id)).toEqual([]);
}, 60_000);

test("the study page's Publish sends the task, its settings and the clips' texts", async () => {
  const wav = new Uint8Array(readFileSync("public/audio/s02_flite.wav"));
  await createStudy({
    id: "page-sus",
    name: "From the study page",
    extra: { task: "transcribe", transcription: { maxPlays: 3, unit: "character" } },
    clips: [
      {
        clip: { id: "k1", name: "k1.wav", duration: 1.5, system: "flite", text: "the first text" },
        blob: new Blob([wav], { type: "audio/wav" }),
      },
      {
        clip: { id: "k2", name: "k2.wav", duration: 1.5, system: "flite" },
        blob: new Blob([wav], { type: "audio/wav" }),
      },
    ],
  });
  const outcome = await publishToServer(
    `http://127.0.0.1:${port}`,
    "transcribe-token",
    "page-sus",
    { clipsPerParticipant: 10, ratingsPerClip: 3 },
  );
  expect(outcome).toMatchObject({ created: true, clips: 2 });
  const published = await collect(store, "page-sus");
  expect(published.study).toMatchObject({
    task: "transcribe",
    transcription: { maxPlays: 3, unit: "character" },
  });
  expect(published.clips.map((c) => [c.id, c.text])).toEqual([
    ["k1", "the first text"],
    ["k2", undefined],
  ]);
}, 60_000);

test("the study page's Publish asks before a protocol change, sends nothing when declined, and names the version it compared", async () => {
  // Issue 37, item 3: a headphone check switched on and a new completion code are listed in
  // the confirmation; declined, the server is unchanged. Item 4: the publish names the version
  // it compared with, so one by someone else in between is refused (412), not overwritten.
  const server = `http://127.0.0.1:${port}`;
  const before = await fetchPublished(server, "transcribe-token", "page-sus");
  const study = (await getStudy("page-sus")) as NonNullable<Awaited<ReturnType<typeof getStudy>>>;
  await updateStudy("page-sus", {
    extra: { ...study.extra, screening: { test: "antiphase", trials: 6, passAt: 5 } },
  });
  const settings = { clipsPerParticipant: 10, ratingsPerClip: 3, completionCode: "NEWCODE" };
  const asked: string[][] = [];
  const declined = await publishToServer(
    server,
    "transcribe-token",
    "page-sus",
    settings,
    undefined,
    async (changes) => {
      asked.push(changes.map((c) => `${c.what}: ${c.from} → ${c.to}`));
      return false;
    },
  );
  expect(declined).toBeNull();
  expect(asked).toEqual([
    [
      'Completion code: (none) → "NEWCODE"',
      'Headphone check: (none) → {"passAt":5,"test":"antiphase","trials":6}',
    ],
  ]);
  expect((await fetchPublished(server, "transcribe-token", "page-sus"))?.version).toBe(
    before?.version,
  );
  // Accepted, but someone else publishes while the dialog is open: refused, theirs stays.
  const raced = publishToServer(
    server,
    "transcribe-token",
    "page-sus",
    settings,
    undefined,
    async () => {
      const theirs = (await fetchPublished(
        server,
        "transcribe-token",
        "page-sus",
      )) as PublishedStudy;
      await publishStudy(
        store,
        { file: theirs.file, settings: { completionCode: "THEIRS" } },
        versionTag(theirs.version),
      );
      return true;
    },
  );
  await expect(raced).rejects.toThrow(/was published again since you read it/);
  expect(
    (await fetchPublished(server, "transcribe-token", "page-sus"))?.settings.completionCode,
  ).toBe("THEIRS");
  // Asked again and accepted: applied.
  const done = await publishToServer(
    server,
    "transcribe-token",
    "page-sus",
    settings,
    undefined,
    async () => true,
  );
  expect(done).toMatchObject({ created: false });
  const now = await fetchPublished(server, "transcribe-token", "page-sus");
  expect(now?.settings.completionCode).toBe("NEWCODE");
  expect(now?.file.study.screening).toEqual({ test: "antiphase", trials: 6, passAt: 5 });
}, 60_000);
