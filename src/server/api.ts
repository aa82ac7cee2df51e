// The JSON API under /api, in the order a request meets it: the API's headers, the same-origin
// check (CORS for the researcher's app elsewhere), the per-address rate limits, then the
// contract's endpoints (routes.ts); any other path under /api is a 404 `no-route`.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AddressLimitsOptions, addressLimits } from "./addressLimits.ts";
import { apiHeaders } from "./apiHeaders.ts";
import { ServiceError } from "./errors.ts";
import { registerEndpoints } from "./routes.ts";
import { type SameOriginOptions, sameOrigin } from "./sameOrigin.ts";
import type { SlotDefaults } from "./service.ts";
import type { Store } from "./store.ts";

export type ApiOptions = SameOriginOptions &
  AddressLimitsOptions & { store: Store; slots: SlotDefaults };

/** Registered with `{ prefix: "/api" }`: its hooks stay inside the API (encapsulated). */
export async function collectionApi(api: FastifyInstance, options: ApiOptions) {
  const { publicOrigin, researcherOrigins, rate, arrivalRate, exempt } = options;
  await api.register(apiHeaders);
  await api.register(sameOrigin, { publicOrigin, researcherOrigins });
  await api.register(addressLimits, { rate, arrivalRate, exempt });
  registerEndpoints(api, {
    store: options.store,
    slots: options.slots,
    arrivalLimit: api.arrivalLimit,
  });
  api.all("/*", async (req: FastifyRequest) => {
    throw new ServiceError(
      404,
      "no-route",
      `no API route ${req.method} ${req.url.split("?")[0]?.slice(0, 300)}`,
    );
  });
}
