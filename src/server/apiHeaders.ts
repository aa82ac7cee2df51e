// The headers of every API answer, refusals included: JSON (or audio) that is never cached
// unless an endpoint says so, never sniffed as another type, and never framed.
import fp from "fastify-plugin";

export const API_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

/** Sets API_HEADERS on every answer of the scope it is registered in (the API's). */
export const apiHeaders = fp(
  async (api) => {
    api.addHook("onRequest", async (_req, reply) => {
      reply.headers(API_HEADERS);
    });
  },
  { name: "redpen-api-headers" },
);
