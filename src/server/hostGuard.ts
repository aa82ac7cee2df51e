// With a public origin set (--public-origin), every request must name its host: a page on a
// rebound DNS name (DNS rebinding) reaches this server under another Host and is refused.
import fp from "fastify-plugin";
import { ServiceError } from "./errors.ts";

/** Refuses (421 `wrong-host`) every request whose Host is not the public origin's. */
export const hostGuard = fp<{ publicOrigin: URL | undefined }>(
  async (app, { publicOrigin }) => {
    if (!publicOrigin) return;
    app.addHook("onRequest", async (req) => {
      if (req.headers.host !== publicOrigin.host) {
        throw new ServiceError(
          421,
          "wrong-host",
          `this server answers for ${publicOrigin.host} only`,
        );
      }
    });
  },
  { name: "redpen-host-guard" },
);
