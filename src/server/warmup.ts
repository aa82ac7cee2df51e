// Before the server opens: its own code made warm. A fresh server process compiles each of its
// functions (fastify's routing and hooks, the contract's checks, the services, the answers'
// JSON) the first time a request needs it, and a study's launch brings hundreds of
// participants in its first minute: the first ones paid for the compiling (docs/server.md,
// "Performance"). So, before listening, the server
// sends itself a few participants' visits (arrive, read the state, finish every clip, send one
// again) through its own request handling (fastify's inject: the same routes, hooks and
// handlers, no socket), on a study of its own that is deleted after, with everything that came
// with it. The database's side is warmed by warmConnections.ts.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AnnotationFile, Clip } from "../domain/interchange/types.ts";
import type { Store } from "./store.ts";
import { publishStudy } from "./studies.ts";

/** One request through the server's own handling: its status and JSON answer. */
export type InjectCall = (
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; json: Record<string, unknown> }>;

/** The header that marks the warm-up's own requests (its value: the process's random key). */
export const WARM_UP_HEADER = "x-redpen-warm-up";

/**
 * The warm-up's requests to the API through `app`'s own handling (inject): from loopback,
 * marked with `key` (which the rate limits leave out), and under the public origin's Host
 * (--public-origin), which every request must carry, when one is set.
 */
export function injectedCalls(
  app: FastifyInstance,
  key: string,
  publicOrigin: URL | undefined,
): InjectCall {
  return async (method, url, body, token) => {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      remoteAddress: "127.0.0.1",
      headers: {
        [WARM_UP_HEADER]: key,
        ...(publicOrigin ? { host: publicOrigin.host } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
}

/** Participants each warm-up sends, and the clips each finishes. */
export const WARM_UP = { participants: 16, clips: 10, together: 4 } as const;

function warmUpStudy(id: string): AnnotationFile {
  const clips: Clip[] = [];
  for (let s = 0; s < 12; s++) {
    for (const system of ["A", "B"]) {
      clips.push({
        id: `s${s}_${system}`,
        name: `s${s}_${system}.wav`,
        duration: 2,
        system,
        sentence: `s${s}`,
      });
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id, name: "Warm-up", binSeconds: 0.1 },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

/**
 * Sends WARM_UP.participants visits through `call` (WARM_UP.together at a time, so arrivals
 * also join together), then deletes the study. Returns the requests answered 200 and the time
 * taken. A failure is not fatal: the study is deleted and the server opens cold, as before.
 */
export async function warmUp(
  store: Store,
  call: InjectCall,
): Promise<{ requests: number; ms: number }> {
  const started = performance.now();
  const id = `warm-up-${randomBytes(8).toString("hex")}`;
  let requests = 0;
  const ok = async (...args: Parameters<InjectCall>) => {
    const answer = await call(...args);
    if (answer.status !== 200) throw new Error(`warm-up: ${args[0]} ${args[1]}: ${answer.status}`);
    requests++;
    return answer.json;
  };
  try {
    await publishStudy(store, {
      file: warmUpStudy(id),
      settings: { clipsPerParticipant: WARM_UP.clips, ratingsPerClip: 1000 },
      audio: {},
    });
    const path = `p/${id}`;
    for (let first = 0; first < WARM_UP.participants; first += WARM_UP.together) {
      await Promise.all(
        Array.from({ length: WARM_UP.together }, async (_, k) => {
          const who = { platform: "prolific", participantId: `warm-${first + k}` };
          const arrived = await ok("POST", `${path}/arrive`, who);
          const token = String(arrived.sessionToken);
          await ok("GET", `${path}/state`, undefined, token);
          for (let position = 1; position <= WARM_UP.clips; position++) {
            const clip = {
              clientId: `warm-${first + k}-${position}-0000`,
              position,
              spans: [{ start: 0.25, end: 0.75 }],
              heardToEnd: true,
              score: 3,
              playCount: 1,
              seconds: 10,
            };
            await ok("POST", `${path}/submissions`, clip, token);
            if (position === 1) await ok("POST", `${path}/submissions`, clip, token);
          }
          // Arriving again (a reload): the same participant.
          await ok("POST", `${path}/arrive`, who);
        }),
      );
    }
  } finally {
    await store.query("DELETE FROM studies WHERE id = $1", [id]);
  }
  return { requests, ms: performance.now() - started };
}
