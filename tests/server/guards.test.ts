// The guards around the API behind a reverse proxy and on the open internet: the rate limit
// keys on the forwarded address only with --trust-proxy and says when to come back
// (Retry-After); arrivals have a limit of their own; --public-origin refuses other Host names
// (DNS rebinding) and other Origins; a 500 is logged by request id without what was sent.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import type { Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness } from "./harness.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function get(base: string, route: string, headers: Record<string, string>) {
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: route, method: "GET", headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

// A token each 100 s: a bucket cannot refill between two requests however slow the machine
// (with one a second, two requests over a second apart on a loaded machine were both let in).
const SLOW = { perSecond: 0.01, burst: 1 };

test("behind a proxy each forwarded address has its own bucket; 429 says Retry-After", async () => {
  h = await startHarness({ rate: SLOW, trustProxy: true });
  const as = (ip: string) =>
    h?.api("GET", "health", undefined, undefined, { "x-forwarded-for": `203.0.113.9, ${ip}` });
  expect((await as("198.51.100.1"))?.status).toBe(200);
  const limited = await as("198.51.100.1");
  expect(limited?.status).toBe(429);
  // The next token comes in 100 s less what has refilled since the first request.
  const retryAfter = Number(limited?.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(90);
  expect(retryAfter).toBeLessThanOrEqual(100);
  expect((await as("198.51.100.2"))?.status).toBe(200);
});

test("without --trust-proxy a forwarded address is ignored: the socket's is the key", async () => {
  h = await startHarness({ rate: SLOW });
  const as = (ip: string) =>
    h?.api("GET", "health", undefined, undefined, { "x-forwarded-for": ip });
  expect((await as("198.51.100.1"))?.status).toBe(200);
  expect((await as("198.51.100.2"))?.status).toBe(429);
});

test("arrivals are limited per address apart from other requests", async () => {
  // One arrival every 100 s (0.6 a minute), two at once: the refill between the requests is
  // negligible however slow the machine (at 6 a minute, two seconds between the first and the
  // third arrival at load 12 made the wait 9 s, not 10).
  h = await startHarness({ arrivalRate: { perMinute: 0.6, burst: 2 } });
  await h.publish(studyFile("few", 3, ["A"]), { clipsPerParticipant: 2 });
  const arrive = (n: number) =>
    h?.api("POST", "p/few/arrive", { platform: "link", participantId: `fake-${n}` });
  expect((await arrive(1))?.status).toBe(200);
  expect((await arrive(2))?.status).toBe(200);
  const third = await arrive(3);
  expect(third?.status).toBe(429);
  // The next arrival in 100 s less what has refilled since the first.
  const retryAfter = Number(third?.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(90);
  expect(retryAfter).toBeLessThanOrEqual(100);
  expect((await h.api("GET", "p/few"))?.status).toBe(200); // reading is not arriving
});

test("--public-origin: another Host name (DNS rebinding) or Origin is refused", async () => {
  h = await startHarness({ publicOrigin: "https://study.example.org" });
  expect((await get(h.base, "/api/health", {})).status).toBe(421); // Host 127.0.0.1:port
  expect((await get(h.base, "/api/health", { host: "rebound.example" })).status).toBe(421);
  expect((await get(h.base, "/api/health", { host: "study.example.org" })).status).toBe(200);
  const foreign = await get(h.base, "/api/health", {
    host: "study.example.org",
    origin: "https://evil.example",
  });
  expect(foreign.status).toBe(403);
  const own = await get(h.base, "/api/health", {
    host: "study.example.org",
    origin: "https://study.example.org",
  });
  expect(own.status).toBe(200);
});

test("a 500 is logged by request id and error name, never with ids or bodies", async () => {
  const logged: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-guards-"));
  const real = await openMigratedPglite(path.join(dir, "db"));
  let broken = false;
  const store: Store = {
    kind: real.kind,
    connections: real.connections,
    query: (text, params) => real.query(text, params),
    transaction: (work) =>
      broken
        ? Promise.reject(new Error("duplicate key (platform_participant)=(PID-SECRET-1)"))
        : real.transaction(work),
    rolledBack: (work) => real.rolledBack(work),
    close: () => real.close(),
  };
  h = await startHarness({ log: (line) => logged.push(line) }, store);
  await h.publish(studyFile("logs", 3, ["A"]));
  broken = true;
  const res = await h.api("POST", "p/logs/arrive", {
    platform: "prolific",
    participantId: "PID-SECRET-1",
    sessionId: "SESSION-SECRET",
  });
  expect(res.status).toBe(500);
  const id = res.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f]{12}$/);
  expect(res.json.error?.message).toBe(`the server could not do this; see its log (request ${id})`);
  expect(logged).toEqual([`request ${id} POST failed: Error`]);
  await h.close();
  h = undefined;
  await real.close();
  rmSync(dir, { recursive: true, force: true });
});
