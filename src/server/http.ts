// The collection server's HTTP side, on fastify: the JSON API of docs/server.md (every route
// registered from the contract's table, routes.ts), the built app with the fallback every
// client-side route needs (@fastify/static streams the files), and the guards: researcher token,
// participant sessions, body size limits, per-address rate limits (@fastify/rate-limit, requests
// and arrivals apart), same-origin only (and the public origin's Host when one is set), and the
// app's Content-Security-Policy on every page.
//
// Every request body and address parameter is checked against the API contract
// (src/domain/api/requests.ts) before any SQL runs: a bad request is a 400 naming the field,
// a wrong method a 405, an unknown route a 404; a 500 is a bug, logged by request id without
// what the participant sent.
import { randomUUID } from "node:crypto";
import { realpathSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import { CONTENT_SECURITY_POLICY } from "../domain/security/csp.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import { TokenBucketStore } from "./rateLimit.ts";
import { registerEndpoints } from "./routes.ts";
import { DEFAULT_SLOTS, ServiceError } from "./service.ts";
import type { Store } from "./store.ts";
import { type InjectCall, warmUp } from "./warmup.ts";

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
  "access-control-allow-headers": "authorization, content-type, if-match",
  "access-control-max-age": "600",
  vary: "origin",
};

/** Every API answer: JSON (or audio), never cached unless said, never framed. */
const API_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

/** Every page: the app's policy, and no framing anywhere (clickjacking). */
const PAGE_POLICY = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

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

/** The error's answer: a refusal as it is, fastify's own (size, encoding) named, else a 500. */
function refusal(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error;
  const e = error as Partial<FastifyError> | null;
  switch (e?.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ServiceError(413, "too-large", "the request is larger than this endpoint takes");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ServiceError(415, "not-json", "send the body as application/json");
    case "FST_ERR_BAD_URL":
      return new ServiceError(400, "bad-url", "the address is not validly %-encoded");
  }
  if (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new ServiceError(e.statusCode, "bad-request", String(e.message).slice(0, 200));
  }
  return null;
}

/** A JSON body as the contract reads it: nothing is `{}` is not; a parse error says where. */
function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ServiceError(
      400,
      "bad-json",
      `the body is not valid JSON: ${e instanceof RangeError ? "it nests too deeply" : (e as Error).message.slice(0, 200)}`,
    );
  }
}

/**
 * Builds the server (not yet listening): a node:http server whose requests fastify answers
 * once its plugins are loaded (a request that comes sooner waits for that, a few ms at start).
 */
export function createCollectionServer(options: ServerOptions): Server {
  const { store } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const root = options.appDir ? realpathSync(path.resolve(options.appDir)) : undefined;
  const publicOrigin = options.publicOrigin ? new URL(options.publicOrigin) : undefined;
  const rate = { perSecond: options.rate?.perSecond ?? 50, burst: options.rate?.burst ?? 200 };
  const arrivalRate = {
    perSecond: (options.arrivalRate?.perMinute ?? 30) / 60,
    burst: options.arrivalRate?.burst ?? 30,
  };

  // The warm-up's requests (warmup.ts) carry this process's own random key: the rate limits
  // leave them out, so they neither wait nor spend what a real address may send.
  const warmKey = randomUUID();
  const warming = (req: FastifyRequest) => req.headers["x-redpen-warm-up"] === warmKey;

  type Handle = (req: IncomingMessage, res: ServerResponse) => void;
  let fastifyHandle: Handle | undefined;
  let handle: Handle | undefined;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else void ready.then(() => handle?.(req, res));
  });
  const app = Fastify({
    serverFactory: (h) => {
      fastifyHandle = h;
      return server;
    },
    // One hop: the proxy in front; the client is the last address it added to X-Forwarded-For.
    trustProxy: options.trustProxy === true ? (_address: string, hop: number) => hop === 0 : false,
    // 12 random hex digits (a UUID's first 12 are random; Node draws UUIDs from a cached pool
    // of random bytes, where randomBytes asks OpenSSL on every request).
    genReqId: () => randomUUID().replaceAll("-", "").slice(0, 12),
    exposeHeadRoutes: false,
    return503OnClosing: false,
    logger: false,
    // A path's parameters are decoded by the router; a bad %-encoding is a 400 (refusal()).
    frameworkErrors: (error, req, reply) => sendError(error, req, reply),
    // A study id may be 200 characters, each up to 12 once %-encoded (the router's default
    // of 100 would make a long id an unknown route); the contract's schemas bound it after.
    routerOptions: { maxParamLength: 4096 },
  });

  function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const known = refusal(error);
    if (known) {
      if (reply.sent) return;
      return reply
        .code(known.status)
        .headers({ ...API_HEADERS, ...known.headers })
        .type("application/json; charset=utf-8")
        .send({ error: { code: known.code, message: known.message } });
    }
    // Name the error and the request, never what was sent (ids, bodies, query parameters).
    const name = error instanceof Error ? error.name : typeof error;
    const code = (error as { code?: unknown } | null)?.code;
    log(
      `request ${request.id} ${request.method} failed: ${name}${typeof code === "string" ? ` (${code})` : ""}`,
    );
    if (reply.sent) {
      reply.raw.destroy();
      return;
    }
    return reply
      .code(500)
      .headers(API_HEADERS)
      .type("application/json; charset=utf-8")
      .send({
        error: {
          code: "internal",
          message: `the server could not do this; see its log (request ${request.id})`,
        },
      });
  }
  app.setErrorHandler(sendError);

  // JSON as the contract reads it (our own parse errors); any other body as bytes (audio).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, text, done) => {
    try {
      done(null, parseJson(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, bytes, done) => done(null, bytes));

  // Every request: its id, and the public origin's Host only.
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
    if (publicOrigin && req.headers.host !== publicOrigin.host) {
      throw new ServiceError(
        421,
        "wrong-host",
        `this server answers for ${publicOrigin.host} only`,
      );
    }
  });

  void app.register(
    async (api) => {
      api.addHook("onRequest", async (req, reply) => {
        reply.headers(API_HEADERS);
        // Same origin only, except the researcher's own app elsewhere (researcherOrigins) on the
        // researcher's endpoints: a page elsewhere may not call this API from a browser.
        const origin = req.headers.origin;
        if (!origin) return;
        const own = publicOrigin
          ? [publicOrigin.origin]
          : [`http://${req.headers.host}`, `https://${req.headers.host}`];
        if (own.includes(origin)) return;
        const researcherRoute = /^\/api\/(studies|audio|health)(\/|$|\?)/.test(req.url);
        if (!(researcherRoute && options.researcherOrigins?.includes(origin))) {
          throw new ServiceError(
            403,
            "foreign-origin",
            `requests from ${origin.slice(0, 200)} are not accepted`,
          );
        }
        reply.header("access-control-allow-origin", origin).headers(CORS_HEADERS);
        if (req.method === "OPTIONS") return reply.code(204).send();
      });
      // Per address (the forwarded one behind a trusted proxy): requests, and arrivals apart.
      const limit = {
        store: TokenBucketStore,
        keyGenerator: (req: FastifyRequest) => req.ip,
        addHeadersOnExceeding: {
          "x-ratelimit-limit": false,
          "x-ratelimit-remaining": false,
          "x-ratelimit-reset": false,
        },
        addHeaders: {
          "x-ratelimit-limit": false,
          "x-ratelimit-remaining": false,
          "x-ratelimit-reset": false,
          "retry-after": true,
        },
      } as const;
      await api.register(fastifyRateLimit, {
        ...limit,
        allowList: warming,
        global: true,
        max: rate.burst,
        timeWindow: (rate.burst / rate.perSecond) * 1000,
        errorResponseBuilder: () =>
          new ServiceError(429, "slow-down", "too many requests from this address; wait a moment"),
      });
      const arrivals = api.createRateLimit({
        max: arrivalRate.burst,
        timeWindow: (arrivalRate.burst / arrivalRate.perSecond) * 1000,
      });
      registerEndpoints(api, {
        store,
        slots: {
          slotTimeoutMinutes: options.slotTimeoutMinutes ?? DEFAULT_SLOTS.slotTimeoutMinutes,
        },
        arrivalLimit: async (req) => {
          if (warming(req)) return;
          const r = await arrivals(req);
          if (!r.isAllowed && r.isExceeded) {
            throw new ServiceError(
              429,
              "slow-down",
              "too many arrivals from this address; wait a moment",
              { "retry-after": String(r.ttlInSeconds) },
            );
          }
        },
      });
      api.all("/*", async (req) => {
        throw new ServiceError(
          404,
          "no-route",
          `no API route ${req.method} ${req.url.split("?")[0]?.slice(0, 300)}`,
        );
      });
    },
    { prefix: "/api" },
  );

  // The app: its files streamed from its folder only, and index.html for every other path.
  if (root) {
    void app.register(fastifyStatic, {
      root,
      serve: false,
      cacheControl: false,
      etag: false,
      contentType: false,
      lastModified: false,
      dotfiles: "allow",
    });
  }
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (req, reply) => {
      if (!root) throw new ServiceError(404, "no-app", "this server serves the API only");
      const pathname = req.url.split("?")[0] as string;
      try {
        decodeURIComponent(pathname);
      } catch {
        throw new ServiceError(400, "bad-url", "the address is not validly %-encoded");
      }
      const found = staticFile(root, pathname);
      const file = found ?? path.join(root, "index.html");
      const immutable = found !== null && pathname.startsWith("/assets/");
      reply.headers({
        "content-type": STATIC_TYPES[path.extname(file)] ?? "application/octet-stream",
        "content-security-policy": PAGE_POLICY,
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
      return reply.sendFile(path.relative(root, file).split(path.sep).join("/"));
    },
  });
  app.route({
    method: ["PUT", "POST", "DELETE", "PATCH", "OPTIONS"],
    url: "/*",
    handler: async () => {
      throw new ServiceError(405, "method", "only GET here", { allow: "GET, HEAD" });
    },
  });

  const ready = Promise.resolve(app.ready()).then(() => {
    handle = fastifyHandle;
  });
  ready.catch((error: unknown) => {
    log(`the server could not start: ${errorMessage(error)}`);
  });
  const call: InjectCall = async (method, url, body, token) => {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      remoteAddress: "127.0.0.1",
      headers: {
        "x-redpen-warm-up": warmKey,
        // The name participants use (--public-origin), which every request must carry.
        ...(publicOrigin ? { host: publicOrigin.host } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  warmers.set(server, () => ready.then(() => warmUp(store, call)));
  return server;
}

const warmers = new WeakMap<Server, () => Promise<{ requests: number; ms: number }>>();

/**
 * Makes a server from createCollectionServer warm before it listens: a few participants' visits
 * through its own request handling, on a study deleted after (warmup.ts).
 */
export function warmCollectionServer(server: Server): Promise<{ requests: number; ms: number }> {
  const warm = warmers.get(server);
  if (!warm) throw new Error("not a collection server");
  return warm();
}
