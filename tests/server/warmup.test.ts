// The server warms its own code before it opens (src/server/warmup.ts): a few participants'
// visits through its own request handling, on a study deleted after. Nothing of it stays, and
// it spends none of the rate limits a real address has (here the defaults: 30 arrivals).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createCollectionServer, warmCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import type { Store } from "../../src/server/store.ts";
import { WARM_UP } from "../../src/server/warmup.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-warmup-"));
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the warm-up answers every visit, then leaves nothing in the database or the limits", async () => {
  const logged: string[] = [];
  const server = createCollectionServer({ store, log: (line) => logged.push(line) });
  const warmed = await warmCollectionServer(server);
  // Per participant: arrive, state, every clip, the first clip again, arrive again.
  expect(warmed.requests).toBe(WARM_UP.participants * (WARM_UP.clips + 4));
  expect(logged).toEqual([]);
  for (const table of [
    "studies",
    "clips",
    "participants",
    "sessions",
    "assignments",
    "submissions",
  ]) {
    const [row] = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(row?.n, table).toBe(0);
  }
  // The limits are a real address's own: the server then opens with all 30 arrivals to give.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${base}/api/p/none/arrive`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ platform: "link", participantId: `x${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true); // no such study, not limited
    expect(statuses[30]).toBe(429);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("behind --public-origin too: the warm-up names the public host", async () => {
  const server = createCollectionServer({ store, publicOrigin: "https://study.example.org" });
  const warmed = await warmCollectionServer(server);
  expect(warmed.requests).toBe(WARM_UP.participants * (WARM_UP.clips + 4));
});
