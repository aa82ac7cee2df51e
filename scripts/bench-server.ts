// `npm run bench:server`: how many finished clips per second the collection server takes, on
// PGlite and on PostgreSQL (a throwaway cluster), with simulated participants on loopback only,
// in bounded loops that stop by themselves. Prints submissions per second, p50/p99 latency,
// and rows lost or duplicated (must be 0). docs/server.md quotes the numbers.
// Usage: npx tsx scripts/bench-server.ts [--participants N] [--clients C]
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCollectionServer } from "../src/server/http.ts";
import { migrate } from "../src/server/migrations.ts";
import { ensureResearcherToken } from "../src/server/service.ts";
import { openPglite, openPostgres, type Store } from "../src/server/store.ts";
import { studyFile } from "../tests/server/fixtures.ts";
import { startPostgres } from "../tests/server/postgres.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PARTICIPANTS = flag("--participants", 200);
const CLIENTS = flag("--clients", 32);
const K = 10;
const TOKEN = "bench-token";

async function bench(name: string, store: Store) {
  await migrate(store);
  await ensureResearcherToken(store, TOKEN);
  const server: Server = createCollectionServer({
    store,
    rate: { perSecond: 1e6, burst: 1e6 },
    arrivalRate: { perMinute: 1e8, burst: 1e6 },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const call = async (method: string, route: string, body: unknown, auth?: string) => {
    const res = await fetch(`${base}/api/${route}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  try {
    const file = studyFile("bench", 60, ["A", "B", "C"]);
    const audio = Object.fromEntries(
      file.clips.map((c) => [
        c.id,
        { sha256: createHash("sha256").update(c.id).digest("hex"), mime: "audio/wav" },
      ]),
    );
    await call(
      "PUT",
      "studies/bench",
      { file, settings: { clipsPerParticipant: K, ratingsPerClip: 1000 }, audio },
      TOKEN,
    );
    const arriveStart = performance.now();
    const people = await Promise.all(
      Array.from({ length: PARTICIPANTS }, async (_, i) => {
        const a = await call("POST", "p/bench/arrive", {
          platform: "prolific",
          participantId: `b${i}`,
        });
        return a.json.sessionToken as string;
      }),
    );
    const arriveSeconds = (performance.now() - arriveStart) / 1000;
    const work = people.flatMap((token, i) =>
      Array.from({ length: K }, (_, j) => ({
        token,
        body: {
          clientId: `bench-${i}-${j}-000`,
          position: j + 1,
          spans: [{ start: 0.2, end: 0.9 }],
          heardToEnd: true,
          score: 3,
        },
      })),
    );
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < work.length) {
          const w = work[next++];
          if (!w) break;
          const t0 = performance.now();
          const r = await call("POST", "p/bench/submissions", w.body, w.token);
          latencies.push(performance.now() - t0);
          if (r.status !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const collected = await call("GET", "studies/bench/collect", undefined, TOKEN);
    const subs = collected.json.submissions as { clipId: string; annotatorId: string }[];
    const unique = new Set(subs.map((s) => `${s.annotatorId}|${s.clipId}`)).size;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(
      `${name.padEnd(10)} ${PARTICIPANTS} arrivals in ${arriveSeconds.toFixed(2)} s; ` +
        `${work.length} submissions by ${CLIENTS} clients: ${(work.length / seconds).toFixed(0)}/s, ` +
        `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; ` +
        `failed ${failures}, lost ${work.length - unique}, duplicated ${subs.length - unique}`,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-bench-server-"));
  try {
    await bench("PGlite", await openPglite(path.join(dir, "db")));
    const cluster = await startPostgres();
    try {
      await bench("PostgreSQL", await openPostgres(cluster.url, 16));
    } finally {
      cluster.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
