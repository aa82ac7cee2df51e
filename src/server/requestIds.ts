// Every request's id: 12 random hex digits, sent back as `x-request-id` on every answer, so a
// 500's message and its log line (errorReplies.ts) name the same request.
import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";

/**
 * A request's id (fastify's `genReqId`): a UUID's first 12 hex digits, which are random (Node
 * draws UUIDs from a cached pool of random bytes, where randomBytes asks OpenSSL every time).
 */
export function newRequestId(): string {
  return randomUUID().replaceAll("-", "").slice(0, 12);
}

/** Every answer, refusals included, carries its request's id. */
export const requestIdHeader = fp(
  async (app) => {
    app.addHook("onRequest", async (req, reply) => {
      reply.header("x-request-id", req.id);
    });
  },
  { name: "redpen-request-id" },
);
