// Faults: the collection server (its own process, on PGlite, whose database lives in that
// process) is killed with SIGKILL in the middle of a run of submissions and started again on
// the same folder. Every submission it acknowledged is there, exactly once; the clients send
// everything again (as the participant's page does), and in the end every submission is
// stored once.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "./fixtures.ts";
import { publishStudy } from "./harness.ts";
import { migratedPgliteFolder } from "./pgliteTemplate.ts";
import { callServer as call, spawnServer } from "./serverProcess.ts";

const TOKEN = "kill-test-token";
const dir = mkdtempSync(path.join(tmpdir(), "redpen-kill-"));
let child: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
// The server starts on a migrated database (a copy: pgliteTemplate.ts), as on any restart.
beforeAll(() => migratedPgliteFolder(path.join(dir, "db")));
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `npm run serve` (tsx src/server/main.ts) on a free port; resolves with its URL. */
function startServer(): Promise<string> {
  const { proc, url } = spawnServer(["--data", path.join(dir, "db"), "--rate", "100000"], {
    ...process.env,
    REDPEN_TOKEN: TOKEN,
    DATABASE_URL: "",
  });
  child = proc;
  exited = new Promise((done) => proc.once("exit", done));
  return url;
}

test("SIGKILL mid-run: every acknowledged submission survives once; resending stores the rest once", async () => {
  let base = await startServer();
  const file = studyFile("kill", 12, ["A", "B"]);
  expect(
    (await publishStudy(base, file, { clipsPerParticipant: 10, ratingsPerClip: 30 }, TOKEN)).status,
  ).toBe(200);
  // 30 participants × 10 clips = 300 submissions.
  const people: { token: string; pid: string }[] = [];
  for (let i = 0; i < 30; i++) {
    const a = await call(base, "POST", "p/kill/arrive", {
      platform: "link",
      participantId: `k${i}`,
    });
    people.push({
      token: a.json.sessionToken as string,
      pid: (a.json.state as { participantId: string }).participantId,
    });
  }
  const work = people.flatMap((p, i) =>
    Array.from({ length: 10 }, (_, j) => ({
      ...p,
      body: {
        clientId: `sub-${i}-${j}-xyz`,
        position: j + 1,
        spans: [{ start: 0.1 * (j + 1), end: 1.5 }],
        heardToEnd: true,
        score: 1 + (j % 5),
      },
    })),
  );
  const acked = new Set<string>();
  let killed = false;
  // Eight clients at a time; the server is killed once 100 submissions are acknowledged.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < work.length && !killed) {
        const w = work[next++];
        if (!w) break;
        try {
          const r = await call(base, "POST", "p/kill/submissions", w.body, w.token);
          if (r.status === 200) acked.add(w.body.clientId);
        } catch {
          // the server is gone: this one was not acknowledged
        }
        if (acked.size >= 100 && !killed) {
          killed = true;
          child?.kill("SIGKILL");
        }
      }
    }),
  );
  expect(killed).toBe(true);
  await exited;
  const ackedBeforeKill = new Set(acked);
  expect(ackedBeforeKill.size).toBeGreaterThanOrEqual(100);

  base = await startServer();
  const collected = await call(base, "GET", "studies/kill/collect", undefined, TOKEN);
  const subs = collected.json.submissions as { clipId: string; annotatorId: string }[];
  const pairs = subs.map((s) => `${s.annotatorId}|${s.clipId}`);
  expect(new Set(pairs).size).toBe(pairs.length); // none twice
  // Every acknowledged one is there: its participant's state lists its position as done.
  for (const p of people) {
    const state = await call(base, "GET", "p/kill/state", undefined, p.token);
    const done = new Set(state.json.done as number[]);
    for (const w of work.filter((x) => x.pid === p.pid && ackedBeforeKill.has(x.body.clientId))) {
      expect(done.has(w.body.position)).toBe(true);
    }
  }
  // The clients send everything again: acknowledged ones are replays, the rest are stored.
  let replays = 0;
  for (const w of work) {
    const r = await call(base, "POST", "p/kill/submissions", w.body, w.token);
    expect(r.status).toBe(200);
    if (r.json.replay === true) replays++;
  }
  expect(replays).toBeGreaterThanOrEqual(ackedBeforeKill.size);
  const finalSubs = (await call(base, "GET", "studies/kill/collect", undefined, TOKEN)).json
    .submissions as unknown[];
  expect(finalSubs).toHaveLength(300);
});
