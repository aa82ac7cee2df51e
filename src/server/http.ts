// The collection server's HTTP side (node:http, no framework: a route table of a dozen routes):
// the JSON API of docs/server.md, the built app with the fallback every client-side route
// needs, and the guards: researcher token, participant sessions, body size limits, per-address
// rate limits (requests, and arrivals apart), same-origin only (and the public origin's Host
// when one is set), and the app's Content-Security-Policy on every page.
//
// Every request body and address parameter is checked against the API contract
// (src/domain/api/requests.ts) before any SQL runs: a bad request is a 400 naming the field,
// a wrong method a 405, an unknown route a 404; a 500 is a bug, logged by request id without
// what the participant sent.
import { randomBytes } from "node:crypto";
import { createReadStream, realpathSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { CONTENT_SECURITY_POLICY } from "../domain/csp.ts";
import { RateLimiter } from "./rateLimit.ts";
import { type Route, routes } from "./routes.ts";
import { DEFAULT_SLOTS, ServiceError, validStudyId } from "./service.ts";
import type { Store } from "./store.ts";

export interface ServerOptions {
  store: Store;
  /** The built app (dist/); without it only the API is served. */
  appDir?: string | undefined;
  /** Requests per second each address may make on average, and in a burst. */
  rate?: { perSecond: number; burst: number };
  /** Arrivals (new sessions) per minute each address may make on average, and in a burst. */
  arrivalRate?: { perMinute: number; burst: number };
  /**
   * Other origins ("https://lab.example.org") where the researcher's app runs: they may call
   * the researcher endpoints (with the token) and /api/health. Participant endpoints answer
   * their own origin only.
   */
  researcherOrigins?: readonly string[];
  /**
   * Behind a reverse proxy: the client's address is the last one the proxy added to
   * X-Forwarded-For (the rate limits key on it), not the socket's (the proxy's).
   */
  trustProxy?: boolean;
  /**
   * The address participants use ("https://study.example.org"): requests whose Host (or
   * Origin) is another name are refused, so a page on a rebound DNS name cannot use the API.
   */
  publicOrigin?: string | undefined;
  /** Minutes without a submission before a participant's unfinished clips go to others. */
  slotTimeoutMinutes?: number;
  /** Where errors are logged (console.error by default). */
  log?: (line: string) => void;
}

const CORS_HEADERS = {
  "access-control-allow-methods": "GET, HEAD, PUT, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-max-age": "600",
  vary: "origin",
};

/** Every page: the app's policy, and no framing anywhere (clickjacking). */
const PAGE_POLICY = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

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
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...headers,
  });
  res.end(text);
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

/**
 * The file under `root` an address names, or null when it names none there. `root` is a real
 * path (no symlinks). The path is decoded once; anything that leaves the folder — `..` in any
 * encoding, an absolute path, a NUL, a backslash, a symlink pointing out — names nothing.
 */
export function staticFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === "..")) return null;
  const file = path.join(root, ...segments);
  let real: string;
  try {
    real = realpathSync(file);
    if (!statSync(real).isFile()) return null;
  } catch {
    return null;
  }
  const rel = path.relative(root, real);
  if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return null;
  return real;
}

function serveApp(req: IncomingMessage, res: ServerResponse, root: string, pathname: string) {
  const found = staticFile(root, pathname);
  // Every route the app handles itself (/p/…, /annotate/…) gets index.html.
  const file = found ?? path.join(root, "index.html");
  const immutable = found !== null && pathname.startsWith("/assets/");
  const size = statSync(file).size;
  res.writeHead(200, {
    "content-type": STATIC_TYPES[path.extname(file)] ?? "application/octet-stream",
    "content-length": String(size),
    "content-security-policy": PAGE_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}

/** The route a path names, its parameters (decoded), and the methods it takes. */
function match(
  table: readonly Route[],
  segments: readonly string[],
): { byMethod: Map<string, Route>; params: Record<string, string> } | null {
  const byMethod = new Map<string, Route>();
  let params: Record<string, string> | null = null;
  for (const route of table) {
    if (route.path.length !== segments.length) continue;
    const found: Record<string, string> = {};
    const ok = route.path.every((part, i) => {
      const seg = segments[i] as string;
      if (part.startsWith(":")) {
        found[part.slice(1)] = seg;
        return seg !== "";
      }
      return part === seg;
    });
    if (!ok) continue;
    byMethod.set(route.method, route);
    params ??= found;
  }
  return params ? { byMethod, params } : null;
}

/** The client's address: the socket's, or behind a trusted proxy the one it forwarded. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a !== "");
    const last = forwarded[forwarded.length - 1];
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "?";
}

/** Builds the request handler and the server (not yet listening). */
export function createCollectionServer(options: ServerOptions): Server {
  const { store } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const limiter = new RateLimiter(options.rate?.perSecond ?? 50, options.rate?.burst ?? 200);
  const arrivals = new RateLimiter(
    (options.arrivalRate?.perMinute ?? 30) / 60,
    options.arrivalRate?.burst ?? 30,
  );
  const root = options.appDir ? realpathSync(path.resolve(options.appDir)) : undefined;
  const publicOrigin = options.publicOrigin ? new URL(options.publicOrigin) : undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://server.invalid");
    } catch {
      throw new ServiceError(400, "bad-url", "the address is not valid");
    }
    const { pathname } = url;
    const method = req.method ?? "GET";
    if (publicOrigin && req.headers.host !== publicOrigin.host) {
      throw new ServiceError(
        421,
        "wrong-host",
        `this server answers for ${publicOrigin.host} only`,
      );
    }
    if (!pathname.startsWith("/api/")) {
      if (method !== "GET" && method !== "HEAD")
        throw new ServiceError(405, "method", "only GET here", { allow: "GET, HEAD" });
      if (!root) throw new ServiceError(404, "no-app", "this server serves the API only");
      try {
        decodeURIComponent(pathname);
      } catch {
        throw new ServiceError(400, "bad-url", "the address is not validly %-encoded");
      }
      serveApp(req, res, root, pathname);
      return;
    }
    const address = clientAddress(req, options.trustProxy === true);
    const wait = limiter.take(address);
    if (wait > 0) {
      throw new ServiceError(
        429,
        "slow-down",
        "too many requests from this address; wait a moment",
        { "retry-after": String(wait) },
      );
    }
    // Same origin only, except the researcher's own app elsewhere (researcherOrigins) on the
    // researcher's endpoints: a page elsewhere may not call this API from a browser.
    const origin = req.headers.origin;
    const researcherRoute = /^\/api\/(studies|audio|health)(\/|$)/.test(pathname);
    const own = publicOrigin
      ? [publicOrigin.origin]
      : [`http://${req.headers.host}`, `https://${req.headers.host}`];
    if (origin && !own.includes(origin)) {
      if (!(researcherRoute && options.researcherOrigins?.includes(origin))) {
        throw new ServiceError(
          403,
          "foreign-origin",
          `requests from ${origin.slice(0, 200)} are not accepted`,
        );
      }
      res.setHeader("access-control-allow-origin", origin);
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
      if (method === "OPTIONS") {
        res.writeHead(204).end();
        return;
      }
    }
    let segments: string[];
    try {
      segments = pathname.split("/").slice(2).map(decodeURIComponent); // after "/api/"
    } catch {
      throw new ServiceError(400, "bad-url", "the address is not validly %-encoded");
    }
    const found = match(routes, segments);
    if (!found) throw new ServiceError(404, "no-route", `no API route ${method} ${pathname}`);
    const route = found.byMethod.get(method);
    if (!route) {
      const allow = [...found.byMethod.keys()].join(", ");
      throw new ServiceError(405, "method", `${pathname} takes ${allow}`, { allow });
    }
    if (found.params.studyId !== undefined) validStudyId(found.params.studyId);
    if (route.arrival) {
      const arrivalWait = arrivals.take(address);
      if (arrivalWait > 0) {
        throw new ServiceError(
          429,
          "slow-down",
          "too many arrivals from this address; wait a moment",
          { "retry-after": String(arrivalWait) },
        );
      }
    }
    await route.handle({
      req,
      res,
      store,
      params: found.params,
      slots: { slotTimeoutMinutes: options.slotTimeoutMinutes ?? DEFAULT_SLOTS.slotTimeoutMinutes },
      send: (s, b) => send(res, s, b),
    });
  };

  return createServer((req, res) => {
    const requestId = randomBytes(6).toString("hex");
    res.setHeader("x-request-id", requestId);
    handle(req, res).catch((error: unknown) => {
      if (error instanceof ServiceError) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        send(
          res,
          error.status,
          { error: { code: error.code, message: error.message } },
          error.headers,
        );
        return;
      }
      // Name the error and the request, never what was sent (ids, bodies, query parameters).
      const name = error instanceof Error ? error.name : typeof error;
      const code = (error as { code?: unknown } | null)?.code;
      log(
        `request ${requestId} ${req.method} failed: ${name}${typeof code === "string" ? ` (${code})` : ""}`,
      );
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, 500, {
        error: {
          code: "internal",
          message: `the server could not do this; see its log (request ${requestId})`,
        },
      });
    });
  });
}
