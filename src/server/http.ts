// The collection server's HTTP side, on fastify: the node:http server, and in order the plugins
// that each say one thing (docs/server.md, "The server's layers"):
// - errorReplies.ts: every refusal as `{ error: { code, message } }`, a 500 logged by request id
//   without what the client sent;
// - bodyParsers.ts: JSON as the contract reads it, any other body as bytes (audio);
// - requestIds.ts: every answer's `x-request-id`;
// - hostGuard.ts: the public origin's Host only (when one is set);
// - api.ts, under /api: apiHeaders.ts (never cached, sniffed or framed), sameOrigin.ts (same
//   origin only, CORS for the researcher's app elsewhere), addressLimits.ts (per-address rate
//   limits, requests and arrivals apart), the contract's endpoints (routes.ts: address
//   parameters, token, body size and schema, before any SQL), a 404 for any other path;
// - appFiles.ts: the built app's files and index.html, with its Content-Security-Policy
//   (pageHeaders.ts); a 405 for other methods.
// Before it listens, the server warms its own code through these layers (warmup.ts).
import { randomUUID } from "node:crypto";
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import Fastify, { type FastifyRequest } from "fastify";
import { errorMessage } from "../domain/util/errorText.ts";
import { collectionApi } from "./api.ts";
import { appFiles } from "./appFiles.ts";
import { bodyParsers } from "./bodyParsers.ts";
import { errorReplies } from "./errorReplies.ts";
import { hostGuard } from "./hostGuard.ts";
import { newRequestId, requestIdHeader } from "./requestIds.ts";
import { DEFAULT_SLOTS } from "./service.ts";
import type { Store } from "./store.ts";
import { injectedCalls, WARM_UP_HEADER, warmUp } from "./warmup.ts";

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

/**
 * Builds the server (not yet listening): a node:http server whose requests fastify answers
 * once its plugins are loaded (a request that comes sooner waits for that).
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
  const warming = (req: FastifyRequest) => req.headers[WARM_UP_HEADER] === warmKey;

  type Handle = (req: IncomingMessage, res: ServerResponse) => void;
  let fastifyHandle: Handle | undefined;
  let handle: Handle | undefined;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else void ready.then(() => handle?.(req, res));
  });
  const sendError = errorReplies(log);
  const app = Fastify({
    serverFactory: (h) => {
      fastifyHandle = h;
      return server;
    },
    // One hop: the proxy in front; the client is the last address it added to X-Forwarded-For.
    trustProxy: options.trustProxy === true ? (_address: string, hop: number) => hop === 0 : false,
    genReqId: newRequestId,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    logger: false,
    // A path's parameters are decoded by the router; a bad %-encoding is a 400 (errorReplies.ts).
    frameworkErrors: sendError,
    // A study id may be 200 characters, each up to 12 once %-encoded (the router's default
    // of 100 would make a long id an unknown route); the contract's schemas bound it after.
    routerOptions: { maxParamLength: 4096 },
  });

  // In this order, each a plugin of its own: what every request meets first, then the API
  // (its guards before its routes), then the app's pages.
  app.setErrorHandler(sendError);
  void app.register(bodyParsers);
  void app.register(requestIdHeader);
  void app.register(hostGuard, { publicOrigin });
  void app.register(collectionApi, {
    prefix: "/api",
    store,
    slots: { slotTimeoutMinutes: options.slotTimeoutMinutes ?? DEFAULT_SLOTS.slotTimeoutMinutes },
    publicOrigin,
    researcherOrigins: options.researcherOrigins,
    rate,
    arrivalRate,
    exempt: warming,
  });
  void app.register(appFiles, { root });

  const ready = Promise.resolve(app.ready()).then(() => {
    handle = fastifyHandle;
  });
  ready.catch((error: unknown) => {
    log(`the server could not start: ${errorMessage(error)}`);
  });
  const call = injectedCalls(app, warmKey, publicOrigin);
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
