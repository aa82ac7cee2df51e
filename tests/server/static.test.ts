// The server serves the built app: every client-side route (/p/…, /annotate/…) gets
// index.html, files under /assets/ are cached for good, every page carries the app's
// Content-Security-Policy, and nothing outside the app's folder can be read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../src/domain/security/csp.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "redpen-static-"));
const app = path.join(dir, "app");
let store: Store;
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(path.join(app, "assets"), { recursive: true });
  writeFileSync(path.join(app, "index.html"), "<!doctype html><title>RedPen</title>");
  writeFileSync(path.join(app, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(path.join(dir, "secret.txt"), "not for the web");
  // A sibling whose name starts with the app folder's (as --app …/app --data …/app-data did):
  // a plain prefix test let /..%2fapp-data/… through.
  mkdirSync(path.join(dir, "app-data", "pg_wal"), { recursive: true });
  writeFileSync(path.join(dir, "app-data", "pg_wal", "000000010000000000000001"), "WAL: PID-1");
  symlinkSync(path.join(dir, "app-data"), path.join(app, "linked"));
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  server = createCollectionServer({ store, appDir: app });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test("client-side routes get index.html with the CSP; assets are cached for good", async () => {
  for (const route of [
    "/",
    "/p/study-1?PROLIFIC_PID=abc",
    "/annotate/demo?annotator=w1&role=crowd",
    "/studies/x%2Fy",
  ]) {
    const res = await fetch(`${base}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(
      `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
    );
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toBe("<!doctype html><title>RedPen</title>");
  }
  const asset = await fetch(`${base}/assets/index-abc123.js`);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
});

test("nothing outside the app's folder; only GET; unknown API routes say so", async () => {
  for (const route of ["/..%2Fsecret.txt", "/assets/..%2F..%2Fsecret.txt"]) {
    const text = await (await fetch(`${base}${route}`)).text();
    expect(text).not.toContain("not for the web");
  }
  expect((await fetch(`${base}/`, { method: "POST" })).status).toBe(405);
  expect((await fetch(`${base}/p/%E0%A4%A`)).status).toBe(400);
  const api = await fetch(`${base}/api/nothing`);
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({
    error: { code: "no-route", message: "no API route GET /api/nothing" },
  });
});

test("the researcher's app on an allowed origin may call researcher endpoints, not participants'", async () => {
  const other = createCollectionServer({
    store,
    researcherOrigins: ["https://lab.example.org"],
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  const address = other.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const preflight = await fetch(`${url}/api/studies/x`, {
      method: "OPTIONS",
      headers: {
        origin: "https://lab.example.org",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization, content-type, if-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://lab.example.org");
    // If-Match: a publish names the version it read (docs/server.md, "A live study's settings").
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "authorization, content-type, if-match",
    );
    // Allowed to ask; the token is still needed.
    const noToken = await fetch(`${url}/api/studies/x/progress`, {
      headers: { origin: "https://lab.example.org" },
    });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("access-control-allow-origin")).toBe("https://lab.example.org");
    // Participants' endpoints and other origins: refused.
    const participant = await fetch(`${url}/api/p/x/arrive`, {
      method: "POST",
      headers: { origin: "https://lab.example.org", "content-type": "application/json" },
      body: "{}",
    });
    expect(participant.status).toBe(403);
    const elsewhere = await fetch(`${url}/api/studies/x/progress`, {
      headers: { origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});

/** A GET with the path exactly as written (fetch would normalize the dots away). */
function rawGet(route: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: route, method: "GET" },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("no encoding of .. reaches a sibling folder named like the app's, nor a symlink out", async () => {
  const wal = "app-data/pg_wal/000000010000000000000001";
  const tries = [
    `/../${wal}`,
    `/..%2f${wal}`,
    `/..%2F${wal}`,
    `/%2e%2e/${wal}`,
    `/%2E%2E%2F${wal}`,
    `/.%2e/${wal}`,
    `/%2e./${wal}`,
    `/..%5c${wal.replaceAll("/", "%5c")}`,
    `/..\\${wal.replaceAll("/", "\\")}`,
    `/%252e%252e%252f${wal}`,
    `/..%252f${wal}`,
    `/..%252F..%252F${wal}`,
    `/%2e%2e%5c${wal}`,
    `/%c0%ae%c0%ae/${wal}`,
    `/%c0%ae%c0%ae%c0%af${wal}`,
    `/%e0%80%ae%e0%80%ae/${wal}`,
    `/..%e0%80%af${wal}`,
    `/..;/${wal}`,
    `/assets/..%2f..%2f${wal}`,
    `/assets/%2e%2e/%2e%2e/${wal}`,
    `/..%c0%af${wal}`,
    `/..%00/${wal}`,
    `/./..%2f${wal}`,
    `//..%2f${wal}`,
    `/..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2f${dir.slice(1)}/${wal}`,
    `/${encodeURIComponent(path.join(dir, wal))}`,
    "/linked/pg_wal/000000010000000000000001",
    "/..%2fsecret.txt",
    "/..%2fapp/index.html%2f..%2f..%2fsecret.txt",
  ];
  for (const route of tries) {
    const res = await rawGet(route);
    expect(res.body, route).not.toContain("WAL: PID-1");
    expect(res.body, route).not.toContain("not for the web");
    // Either the app's page (an unknown path) or a refusal; never a 500.
    expect([200, 400], route).toContain(res.status);
    if (res.status === 200) expect(res.body, route).toBe("<!doctype html><title>RedPen</title>");
  }
  // A real file under a folder whose name merely starts with ".." is still served.
  mkdirSync(path.join(app, "..x"), { recursive: true });
  writeFileSync(path.join(app, "..x", "ok.txt"), "fine");
  expect((await rawGet("/..x/ok.txt")).body).toBe("fine");
});
