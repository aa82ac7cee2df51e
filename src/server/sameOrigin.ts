// Who may call the API from a browser: pages of this server's own origin, and on the
// researcher's endpoints (studies, audio, health) the researcher's app at the origins named
// with --researcher-origin, with the CORS headers (and the preflight's 204) they need. A page
// anywhere else is refused before anything runs: 403 `foreign-origin`.
import fp from "fastify-plugin";
import { ServiceError } from "./errors.ts";

const CORS_HEADERS = {
  "access-control-allow-methods": "GET, HEAD, PUT, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, if-match",
  "access-control-max-age": "600",
  vary: "origin",
};

/** The paths (under /api) the researcher's app on another origin may call. */
const RESEARCHER_ROUTE = /^\/api\/(studies|audio|health)(\/|$|\?)/;

export interface SameOriginOptions {
  /** The address participants use; without it, the request's own Host is the origin. */
  publicOrigin: URL | undefined;
  /** Other origins where the researcher's app runs. */
  researcherOrigins: readonly string[] | undefined;
}

export const sameOrigin = fp<SameOriginOptions>(
  async (api, { publicOrigin, researcherOrigins }) => {
    api.addHook("onRequest", async (req, reply) => {
      const origin = req.headers.origin;
      if (!origin) return;
      const own = publicOrigin
        ? [publicOrigin.origin]
        : [`http://${req.headers.host}`, `https://${req.headers.host}`];
      if (own.includes(origin)) return;
      if (!(RESEARCHER_ROUTE.test(req.url) && researcherOrigins?.includes(origin))) {
        throw new ServiceError(
          403,
          "foreign-origin",
          `requests from ${origin.slice(0, 200)} are not accepted`,
        );
      }
      reply.header("access-control-allow-origin", origin).headers(CORS_HEADERS);
      if (req.method === "OPTIONS") return reply.code(204).send();
    });
  },
  { name: "redpen-same-origin" },
);
