// What each endpoint of the API contract (src/domain/api/endpoints.ts) does on this server:
// who it lets in, which body it reads, which service it calls. The table's paths and methods
// route the requests (http.ts); the services check the bodies against the contract's schemas.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ENDPOINTS, type EndpointName } from "../domain/api/endpoints.ts";
import { PositionParamsSchema, ScreeningSoundParamsSchema } from "../domain/api/requests.ts";
import { bearer, readBody, readJson, sendAudio } from "./io.ts";
import { screeningSound } from "./screening.ts";
import {
  arrive,
  collect,
  createExpert,
  expertAudio,
  expertOf,
  expertWork,
  hasAudio,
  isResearcher,
  loadStudy,
  participantAudio,
  participantState,
  progress,
  publishedStudy,
  publishStudy,
  putAudio,
  returnStudy,
  ServiceError,
  type SlotDefaults,
  sessionParticipant,
  setExpertReasons,
  studyAbout,
  submit,
  valid,
  withdrawParticipant,
} from "./service.ts";
import type { Store } from "./store.ts";

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  store: Store;
  params: Record<string, string>;
  /** The server's defaults for what a study's settings leave out (--slot-timeout). */
  slots: SlotDefaults;
  send(status: number, body: unknown): void;
}

export interface Route {
  name: EndpointName;
  method: string;
  path: readonly string[];
  /** Counted against the per-address arrival limit too. */
  arrival: boolean;
  handle(ctx: RouteContext): Promise<void>;
}

async function researcher(ctx: RouteContext) {
  if (!(await isResearcher(ctx.store, bearer(ctx.req)))) {
    throw new ServiceError(
      401,
      "not-researcher",
      "this needs the researcher's token (Authorization: Bearer …)",
    );
  }
}

const param = (ctx: RouteContext, name: string) => ctx.params[name] as string;

/** A clip position in an address: digits only (`1.5`, `abc`, `2**31` are refused). */
function position(ctx: RouteContext): number {
  const raw = param(ctx, "position");
  const position = /^[0-9]{1,16}$/.test(raw) ? Number(raw) : raw;
  return valid(PositionParamsSchema, { position }, "bad-position").position;
}

const json = (ctx: RouteContext, name: EndpointName) => {
  const e = ENDPOINTS[name] as { limit?: number };
  return readJson(ctx.req, e.limit ?? 256 * 1024);
};

const HANDLERS: Record<EndpointName, (ctx: RouteContext) => Promise<void>> = {
  health: async (ctx) => ctx.send(200, { ok: true, database: ctx.store.kind }),
  publish: async (ctx) => {
    await researcher(ctx);
    const studyId = param(ctx, "studyId");
    const body = (await json(ctx, "publish")) as { file?: { study?: { id?: unknown } } } | null;
    if (body?.file?.study?.id !== studyId) {
      throw new ServiceError(
        400,
        "bad-study",
        `file.study.id: must be "${studyId}", the id in the address`,
      );
    }
    ctx.send(200, await publishStudy(ctx.store, body));
  },
  published: async (ctx) => {
    await researcher(ctx);
    ctx.send(200, await publishedStudy(ctx.store, param(ctx, "studyId")));
  },
  withdraw: async (ctx) => {
    await researcher(ctx);
    const body = await json(ctx, "withdraw");
    ctx.send(200, await withdrawParticipant(ctx.store, param(ctx, "studyId"), body));
  },
  collect: async (ctx) => {
    await researcher(ctx);
    ctx.send(200, await collect(ctx.store, param(ctx, "studyId")));
  },
  progress: async (ctx) => {
    await researcher(ctx);
    ctx.send(200, await progress(ctx.store, param(ctx, "studyId")));
  },
  createExpert: async (ctx) => {
    await researcher(ctx);
    ctx.send(
      200,
      await createExpert(ctx.store, param(ctx, "studyId"), await json(ctx, "createExpert")),
    );
  },
  hasAudio: async (ctx) => {
    await researcher(ctx);
    ctx.res.writeHead((await hasAudio(ctx.store, param(ctx, "sha256"))) ? 200 : 404).end();
  },
  putAudio: async (ctx) => {
    await researcher(ctx);
    const hash = param(ctx, "sha256");
    const bytes = await readBody(ctx.req, ENDPOINTS.putAudio.limit);
    await putAudio(
      ctx.store,
      hash,
      String(ctx.req.headers["content-type"] ?? "").slice(0, 200),
      new Uint8Array(bytes),
    );
    ctx.send(200, { sha256: hash, stored: true });
  },
  expertWork: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const expertId = await expertOf(ctx.store, studyId, bearer(ctx.req));
    ctx.send(200, await expertWork(ctx.store, studyId, expertId));
  },
  expertAudio: async (ctx) => {
    const studyId = param(ctx, "studyId");
    await expertOf(ctx.store, studyId, bearer(ctx.req));
    sendAudio(ctx.req, ctx.res, await expertAudio(ctx.store, studyId, param(ctx, "clipId")));
  },
  expertLabels: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const expertId = await expertOf(ctx.store, studyId, bearer(ctx.req));
    const body = await json(ctx, "expertLabels");
    ctx.send(
      200,
      await setExpertReasons(ctx.store, studyId, expertId, param(ctx, "regionId"), body),
    );
  },
  about: async (ctx) => ctx.send(200, await studyAbout(ctx.store, param(ctx, "studyId"))),
  screeningSound: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const digits = (name: string) => {
      const raw = param(ctx, name);
      return /^[0-9]{1,16}$/.test(raw) ? Number(raw) : raw;
    };
    const { round, sound } = valid(
      ScreeningSoundParamsSchema,
      { round: digits("round"), sound: digits("sound") },
      "bad-screening",
    );
    const body = await json(ctx, "screeningSound");
    const { file } = await loadStudy(ctx.store, studyId);
    const wav = await screeningSound(ctx.store, studyId, file, body, round, sound);
    ctx.res.writeHead(200, {
      "content-type": "audio/wav",
      "content-length": String(wav.length),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    ctx.res.end(Buffer.from(wav));
  },
  arrive: async (ctx) =>
    ctx.send(
      200,
      await arrive(ctx.store, param(ctx, "studyId"), await json(ctx, "arrive"), ctx.slots),
    ),
  state: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const participant = await sessionParticipant(ctx.store, studyId, bearer(ctx.req));
    ctx.send(200, await participantState(ctx.store, studyId, participant));
  },
  submit: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const participant = await sessionParticipant(ctx.store, studyId, bearer(ctx.req));
    ctx.send(200, await submit(ctx.store, studyId, participant, await json(ctx, "submit")));
  },
  returnStudy: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const participant = await sessionParticipant(ctx.store, studyId, bearer(ctx.req));
    await returnStudy(ctx.store, studyId, participant);
    ctx.send(200, await participantState(ctx.store, studyId, participant));
  },
  participantAudio: async (ctx) => {
    const studyId = param(ctx, "studyId");
    const participant = await sessionParticipant(ctx.store, studyId, bearer(ctx.req));
    const at = position(ctx);
    sendAudio(ctx.req, ctx.res, await participantAudio(ctx.store, studyId, participant, at));
  },
};

/** The route table, in the contract's order. */
export const routes: readonly Route[] = (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => ({
  name,
  method: ENDPOINTS[name].method,
  path: ENDPOINTS[name].path.split("/"),
  arrival: name === "arrive",
  handle: HANDLERS[name],
}));
