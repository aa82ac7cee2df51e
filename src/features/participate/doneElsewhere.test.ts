// A clip finished in this browser that another browser of the same participant finished first
// (issue 36): the outbox sends it all the same, and the server's refusal (409 already-submitted)
// is noted for the page to tell, even when the page's first look at the server's state already
// counts the clip as done; a lost answer of its own comes back as a replay and is not noted.
// Against the real repository in fake-indexeddb, with the server's answers stubbed.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import { createStudy, ensureAnnotator, getStudy, saveSubmission } from "../../db/repo.ts";
import { Outbox } from "./outbox.ts";

const LOCAL = "participation:test";
const SERVER = "https://study.example.org";

beforeEach(async () => {
  await db.delete();
  await db.open();
  await createStudy({
    id: LOCAL,
    name: "Listening test",
    extra: { task: "transcribe" },
    participation: {
      server: SERVER,
      studyId: "sus",
      arrival: { platform: "link", participantId: "lab-7" },
      participantId: "p0001-abc",
      sessionToken: "token",
      consentedAt: "2026-11-29T04:00:00.000Z",
      begunAt: "2026-11-29T04:00:01.000Z",
      acknowledged: [],
    },
    clips: [1, 2].map((n) => ({
      clip: { id: `clip-${n}`, name: `Clip ${n}`, duration: 2 },
      blob: new Blob([new Uint8Array(44)], { type: "audio/wav" }),
    })),
  });
  await ensureAnnotator(LOCAL, "p0001-abc", "crowd");
  // Clip 1 finished here (offline, say) …
  await saveSubmission(LOCAL, {
    clipId: "clip-1",
    annotatorId: "p0001-abc",
    completedAt: "2026-11-29T04:01:00.000Z",
    transcript: "tạm biệt",
    heardToEnd: true,
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The server: clip 1 done (by the other browser), and what it answers a submission. */
function server(submitted: { status: number; body: unknown }) {
  const sent: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    sent.push(`${init?.method ?? "GET"} ${path}`);
    if (path === "/api/p/sus/state") {
      return Response.json({
        participantId: "p0001-abc",
        status: "started",
        study: { name: "Listening test", task: "transcribe", maxPlays: 2 },
        clips: [
          { position: 1, duration: 2, plays: 2 },
          { position: 2, duration: 2, plays: 0 },
        ],
        done: [1],
      });
    }
    return Response.json(submitted.body, { status: submitted.status });
  });
  return sent;
}

async function runOutbox() {
  const outbox = new Outbox(LOCAL);
  const statuses: string[] = [];
  outbox.subscribe((s) => statuses.push(s.kind));
  outbox.kick();
  // Its first status is the idle it starts in; then sending, then idle again.
  await expect.poll(() => statuses.length > 1 && statuses.at(-1)).toBe("idle");
  outbox.dispose();
  return (await getStudy(LOCAL))?.participation;
}

test("already finished elsewhere: sent anyway, refused, and noted to be told", async () => {
  const sent = server({
    status: 409,
    body: { error: { code: "already-submitted", message: "clip 1 was already sent" } },
  });
  const p = await runOutbox();
  expect(sent).toEqual(["GET /api/p/sus/state", "POST /api/p/sus/submissions"]);
  expect(p?.notTaken).toEqual([1]);
  expect(p?.acknowledged).toEqual([1]);
  // The server's play counts are kept for the page.
  expect(p?.plays).toEqual({ "1": 2, "2": 0 });
});

test("its own earlier send, whose answer was lost: a replay, nothing to tell", async () => {
  server({
    status: 200,
    body: {
      clientId: "x",
      replay: true,
      progress: { status: "started", total: 2, done: [1] },
    },
  });
  const p = await runOutbox();
  expect(p?.notTaken).toBeUndefined();
  expect(p?.acknowledged).toEqual([1]);
});
