// The collection server's HTTP side (node:http, no framework: a dozen routes): the JSON API of
// docs/server.md, the built app with the fallback every client-side route needs, and the
// guards: researcher token, participant sessions, body size limits, a per-address rate limit,
// same-origin only, and the app's Content-Security-Policy on every page.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { CONTENT_SECURITY_POLICY } from "../domain/csp.ts";
import {
  arrive,
  collect,
  createExpert,
  expertAudio,
  expertOf,
  expertWork,
  hasAudio,
  isResearcher,
  participantAudio,
  participantState,
  progress,
  publishStudy,
  putAudio,
  returnStudy,
  ServiceError,
  sessionParticipant,
  setExpertReasons,
  studyAbout,
  submit,
} from "./service.ts";
import type { Store } from "./store.ts";

export interface ServerOptions {
  store: Store;
  /** The built app (dist/); without it only the API is served. */
  appDir?: string | undefined;
  /** Requests per second each address may make on average, and in a burst. */
  rate?: { perSecond: number; burst: number };
  /**
   * Other origins ("https://lab.example.org") where the researcher's app runs: they may call
   * the researcher endpoints (with the token) and /api/health. Participant endpoints answer
   * their own origin only.
   */
  researcherOrigins?: readonly string[];
}

const CORS_HEADERS = {
  "access-control-allow-methods": "GET, HEAD, PUT, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-max-age": "600",
  vary: "origin",
};

const MB = 1024 * 1024;
const LIMITS = { json: 256 * 1024, study: 64 * MB, audio: 64 * MB };

class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}
  allow(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear(); // bounded memory
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  res.end(text);
}

function fail(res: ServerResponse, error: unknown) {
  if (error instanceof URIError) {
    send(res, 400, { error: { code: "bad-url", message: "the address is not validly %-encoded" } });
    return;
  }
  if (error instanceof ServiceError) {
    send(res, error.status, { error: { code: error.code, message: error.message } });
    return;
  }
  console.error(error);
  send(res, 500, {
    error: { code: "internal", message: "the server could not do this; see its log" },
  });
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit)
    throw new ServiceError(413, "too-large", `the request is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new ServiceError(413, "too-large", `the request is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson<T>(req: IncomingMessage, limit = LIMITS.json): Promise<T> {
  const type = String(req.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) {
    throw new ServiceError(415, "not-json", "send the body as application/json");
  }
  const text = (await readBody(req, limit)).toString("utf8");
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw new ServiceError(400, "bad-json", `the body is not valid JSON: ${(e as Error).message}`);
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : undefined;
}

const STATIC_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wav": "audio/wav",
  ".tsv": "text/tab-separated-values; charset=utf-8",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

function serveApp(req: IncomingMessage, res: ServerResponse, appDir: string, pathname: string) {
  const root = path.resolve(appDir);
  let file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
  if (!file.startsWith(root)) file = path.join(root, "index.html");
  const isFile = existsSync(file) && statSync(file).isFile();
  // Every route the app handles itself (/p/…, /annotate/…) gets index.html.
  if (!isFile) file = path.join(root, "index.html");
  const body = readFileSync(file);
  const immutable = isFile && pathname.startsWith("/assets/");
  res.writeHead(200, {
    "content-type": STATIC_TYPES[path.extname(file)] ?? "application/octet-stream",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A clip's audio, cached for good (it is stored by its SHA-256, which is the ETag). */
function sendAudio(
  req: IncomingMessage,
  res: ServerResponse,
  audio: { mime: string; bytes: Uint8Array; sha256: string },
) {
  const etag = `"${audio.sha256}"`;
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  res.writeHead(200, {
    "content-type": audio.mime,
    "cache-control": "private, max-age=31536000, immutable",
    etag,
    "x-content-type-options": "nosniff",
  });
  res.end(Buffer.from(audio.bytes));
}

/** Builds the request handler and the server (not yet listening). */
export function createCollectionServer(options: ServerOptions): Server {
  const { store } = options;
  const limiter = new RateLimiter(options.rate?.perSecond ?? 50, options.rate?.burst ?? 200);

  const researcher = async (req: IncomingMessage) => {
    if (!(await isResearcher(store, bearer(req)))) {
      throw new ServiceError(
        401,
        "not-researcher",
        "this needs the researcher's token (Authorization: Bearer …)",
      );
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://server.invalid");
    const { pathname } = url;
    const method = req.method ?? "GET";
    const address = req.socket.remoteAddress ?? "?";
    if (!pathname.startsWith("/api/")) {
      if (method !== "GET" && method !== "HEAD")
        throw new ServiceError(405, "method", "only GET here");
      if (!options.appDir) throw new ServiceError(404, "no-app", "this server serves the API only");
      serveApp(req, res, options.appDir, pathname);
      return;
    }
    if (!limiter.allow(address)) {
      throw new ServiceError(
        429,
        "slow-down",
        "too many requests from this address; wait a moment",
      );
    }
    // Same origin only, except the researcher's own app elsewhere (researcherOrigins) on the
    // researcher's endpoints: a page elsewhere may not call this API from a browser.
    const origin = req.headers.origin;
    const researcherRoute = /^\/api\/(studies|audio|health)(\/|$)/.test(pathname);
    if (
      origin &&
      origin !== `http://${req.headers.host}` &&
      origin !== `https://${req.headers.host}`
    ) {
      if (!(researcherRoute && options.researcherOrigins?.includes(origin))) {
        throw new ServiceError(403, "foreign-origin", `requests from ${origin} are not accepted`);
      }
      res.setHeader("access-control-allow-origin", origin);
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
      if (method === "OPTIONS") {
        res.writeHead(204).end();
        return;
      }
    }
    const parts = pathname.split("/").slice(2).map(decodeURIComponent); // after "/api/"
    if (method === "GET" && parts[0] === "health" && parts.length === 1) {
      send(res, 200, { ok: true, database: store.kind });
      return;
    }
    // Researcher: studies and audio.
    if (parts[0] === "studies" && parts[1]) {
      await researcher(req);
      const studyId = parts[1];
      if (method === "PUT" && parts.length === 2) {
        const body = await readJson<Parameters<typeof publishStudy>[1]>(req, LIMITS.study);
        const file = body?.file as { study?: { id?: unknown } } | undefined;
        if (file?.study?.id !== studyId) {
          throw new ServiceError(
            400,
            "bad-study",
            `the file's study.id must be "${studyId}", the id in the address`,
          );
        }
        send(res, 200, await publishStudy(store, body));
        return;
      }
      if (method === "GET" && parts[2] === "collect") {
        send(res, 200, await collect(store, studyId));
        return;
      }
      if (method === "GET" && parts[2] === "progress") {
        send(res, 200, await progress(store, studyId));
        return;
      }
      if (method === "POST" && parts[2] === "experts" && parts.length === 3) {
        const body = await readJson<{ expertId?: unknown }>(req);
        send(res, 200, await createExpert(store, studyId, String(body?.expertId ?? "")));
        return;
      }
    }
    // Experts, with the token of their link.
    if (parts[0] === "x" && parts[1]) {
      const studyId = parts[1];
      const expertId = await expertOf(store, studyId, bearer(req));
      if (method === "GET" && parts[2] === "work" && parts.length === 3) {
        send(res, 200, await expertWork(store, studyId, expertId));
        return;
      }
      if (method === "GET" && parts[2] === "clips" && parts[4] === "audio" && parts.length === 5) {
        sendAudio(req, res, await expertAudio(store, studyId, parts[3] ?? ""));
        return;
      }
      if (method === "PUT" && parts[2] === "labels" && parts[3] && parts.length === 4) {
        send(
          res,
          200,
          await setExpertReasons(store, studyId, expertId, parts[3], await readJson(req)),
        );
        return;
      }
    }
    if (parts[0] === "audio" && parts[1]) {
      await researcher(req);
      const hash = parts[1];
      if (method === "HEAD") {
        res.writeHead((await hasAudio(store, hash)) ? 200 : 404).end();
        return;
      }
      if (method === "PUT") {
        const bytes = await readBody(req, LIMITS.audio);
        await putAudio(
          store,
          hash,
          String(req.headers["content-type"] ?? ""),
          new Uint8Array(bytes),
        );
        send(res, 200, { sha256: hash, stored: true });
        return;
      }
    }
    // Participants.
    if (parts[0] === "p" && parts[1]) {
      const studyId = parts[1];
      if (method === "GET" && parts.length === 2) {
        send(res, 200, await studyAbout(store, studyId));
        return;
      }
      if (method === "POST" && parts[2] === "arrive" && parts.length === 3) {
        send(res, 200, await arrive(store, studyId, await readJson(req)));
        return;
      }
      const participant = await sessionParticipant(store, studyId, bearer(req));
      if (method === "GET" && parts[2] === "state" && parts.length === 3) {
        send(res, 200, await participantState(store, studyId, participant));
        return;
      }
      if (method === "POST" && parts[2] === "submissions" && parts.length === 3) {
        send(res, 200, await submit(store, studyId, participant, await readJson(req)));
        return;
      }
      if (method === "POST" && parts[2] === "return" && parts.length === 3) {
        await returnStudy(store, studyId, participant);
        send(res, 200, await participantState(store, studyId, participant));
        return;
      }
      if (method === "GET" && parts[2] === "clips" && parts[4] === "audio" && parts.length === 5) {
        sendAudio(req, res, await participantAudio(store, studyId, participant, Number(parts[3])));
        return;
      }
    }
    throw new ServiceError(404, "no-route", `no API route ${method} ${pathname}`);
  };

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      fail(res, error);
    });
  });
}
