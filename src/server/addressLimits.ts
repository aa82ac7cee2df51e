// Per-address rate limits (the forwarded address behind a trusted proxy): every API request
// against one token bucket (@fastify/rate-limit with TokenBucketStore, rateLimit.ts), and
// arrivals — a new participant, a headphone check started — against a slower one of their own.
// Both refuse with 429 `slow-down` and Retry-After. The server's own warm-up requests
// (warmup.ts) are left out, so they neither wait nor spend what a real address may send.
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ServiceError } from "./errors.ts";
import { TokenBucketStore } from "./rateLimit.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts an arrival against the per-address arrival limit (429 when it is spent). */
    arrivalLimit(req: FastifyRequest): Promise<void>;
  }
}

export interface AddressLimitsOptions {
  /** Requests per second each address may make on average, and in a burst. */
  rate: { perSecond: number; burst: number };
  /** Arrivals per second each address may make on average, and in a burst. */
  arrivalRate: { perSecond: number; burst: number };
  /** Requests that no limit counts (the warm-up's). */
  exempt(req: FastifyRequest): boolean;
}

const NO_HEADERS = {
  "x-ratelimit-limit": false,
  "x-ratelimit-remaining": false,
  "x-ratelimit-reset": false,
} as const;

export const addressLimits = fp<AddressLimitsOptions>(
  async (api, { rate, arrivalRate, exempt }) => {
    await api.register(fastifyRateLimit, {
      store: TokenBucketStore,
      keyGenerator: (req: FastifyRequest) => req.ip,
      addHeadersOnExceeding: NO_HEADERS,
      addHeaders: { ...NO_HEADERS, "retry-after": true },
      allowList: exempt,
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
    api.decorate("arrivalLimit", async (req: FastifyRequest) => {
      if (exempt(req)) return;
      const r = await arrivals(req);
      if (!r.isAllowed && r.isExceeded) {
        throw new ServiceError(
          429,
          "slow-down",
          "too many arrivals from this address; wait a moment",
          { "retry-after": String(r.ttlInSeconds) },
        );
      }
    });
  },
  { name: "redpen-address-limits" },
);
