// `npm run serve -- --port PORT --data DIR [--app dist]`: the collection server. Storage is
// PGlite in DIR, or the PostgreSQL server at DATABASE_URL. The researcher's token comes from
// REDPEN_TOKEN, or is made on first start and printed once (only its hash is kept).
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { errorMessage } from "../domain/util/errorText.ts";
import { createCollectionServer, warmCollectionServer } from "./http.ts";
import { migrate } from "./migrations.ts";
import { ensureResearcherToken } from "./service.ts";
import { openStore } from "./store.ts";
import { warmConnections } from "./warmConnections.ts";

const USAGE =
  "usage: npm run serve -- --port PORT --data DIR [--app DIST_DIR] [--host HOST] [--rate REQUESTS_PER_SECOND_PER_ADDRESS] [--arrival-rate ARRIVALS_PER_MINUTE_PER_ADDRESS] [--slot-timeout MINUTES] [--trust-proxy] [--public-origin https://study.example.org] [--allow-origin https://lab.example.org ...] [--no-warm-up]";

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      data: { type: "string" },
      app: { type: "string", default: "dist" },
      rate: { type: "string", default: "50" },
      // New arrivals per minute per address (bursts of as many): fake ids cannot take the slots.
      "arrival-rate": { type: "string", default: "30" },
      // Behind a reverse proxy: the rate limits key on the address it forwards.
      "trust-proxy": { type: "boolean", default: false },
      // Minutes without a sign of life before a participant's unfinished clips go to others.
      "slot-timeout": { type: "string", default: "60" },
      // The address participants use: other Host names and Origins are refused.
      "public-origin": { type: "string" },
      // Where else the researcher's app runs (its study page publishes and collects): those
      // origins may call the researcher endpoints with the token. Participants: same origin only.
      "allow-origin": { type: "string", multiple: true, default: [] },
      // Before opening: a few participants' visits through the server's own code (warmup.ts).
      "warm-up": { type: "boolean", default: true },
      help: { type: "boolean" },
    },
    allowNegative: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (got ${values.port})\n${USAGE}`);
    process.exit(2);
  }
  if (!values.data && !process.env.DATABASE_URL) {
    console.error(`--data DIR is needed (or DATABASE_URL for a PostgreSQL server)\n${USAGE}`);
    process.exit(2);
  }
  const rate = Number(values.rate);
  if (!(rate > 0)) {
    console.error(`--rate must be a positive number (got ${values.rate})\n${USAGE}`);
    process.exit(2);
  }
  const arrivalRate = Number(values["arrival-rate"]);
  if (!(arrivalRate > 0)) {
    console.error(
      `--arrival-rate must be a positive number (got ${values["arrival-rate"]})\n${USAGE}`,
    );
    process.exit(2);
  }
  const slotTimeout = Number(values["slot-timeout"]);
  if (!Number.isInteger(slotTimeout) || slotTimeout < 1) {
    console.error(
      `--slot-timeout must be a whole number of minutes (got ${values["slot-timeout"]})\n${USAGE}`,
    );
    process.exit(2);
  }
  const publicOrigin = values["public-origin"];
  if (publicOrigin !== undefined) {
    let ok = false;
    try {
      const u = new URL(publicOrigin);
      ok =
        (u.protocol === "https:" || u.protocol === "http:") &&
        u.origin === publicOrigin.replace(/\/$/, "");
    } catch {
      ok = false;
    }
    if (!ok) {
      console.error(
        `--public-origin must be an origin such as https://study.example.org (got ${publicOrigin})\n${USAGE}`,
      );
      process.exit(2);
    }
  }
  const store = await openStore(path.resolve(values.data ?? "redpen-data"));
  await migrate(store);
  const made = await ensureResearcherToken(store, process.env.REDPEN_TOKEN);
  if (made) {
    console.log(`Researcher token (shown once; keep it): ${made}`);
  }
  // Every connection goes through a participant's calls once, rolled back, before the first
  // participants come (warmConnections.ts).
  await warmConnections(store);
  const appDir = existsSync(path.join(values.app, "index.html")) ? values.app : undefined;
  if (!appDir)
    console.warn(`No built app in ${values.app}/ (run npm run build): serving the API only.`);
  const server = createCollectionServer({
    store,
    appDir,
    rate: { perSecond: rate, burst: Math.max(1, rate * 4) },
    arrivalRate: { perMinute: arrivalRate, burst: Math.max(1, Math.round(arrivalRate)) },
    trustProxy: values["trust-proxy"],
    slotTimeoutMinutes: slotTimeout,
    publicOrigin,
    researcherOrigins: values["allow-origin"].flatMap((o) => o.split(",")).map((o) => o.trim()),
  });
  // Its own code warm before the first participant comes (warmup.ts); a failure only says so.
  if (values["warm-up"]) {
    try {
      const warmed = await warmCollectionServer(server);
      console.log(`Warmed up: ${warmed.requests} requests in ${Math.round(warmed.ms)} ms.`);
    } catch (error) {
      console.warn(`Not warmed up (${errorMessage(error)}): the first requests compile the code.`);
    }
  }
  server.listen(port, values.host, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    console.log(
      `RedPen collection server on http://${values.host}:${actual} (database: ${store.kind})`,
    );
  });
  const stop = () => {
    server.close(() => void store.close().then(() => process.exit(0)));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
