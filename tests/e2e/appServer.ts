// The collection server a browser test runs against: PGlite in a temporary folder (migrated from
// the template, the researcher's token set when one is given), serving the built app (dist/, or
// the folder in $E2E_DIST) on a free loopback port, with rate limits no test reaches; and
// browsers in persistent profiles of their own in that folder, closed with it.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "../server/pgliteTemplate.ts";
import { launchPersistent } from "./chromium.ts";

/** A temporary folder (`prefix` + random) and a migrated database in it. */
export interface TestStore {
  /** The test's folder: the database, browser profiles and any file the test writes. */
  dir: string;
  store: Store;
}

export interface AppServer extends TestStore {
  /** The server's address, `http://127.0.0.1:<port>`. */
  base: string;
  /** A browser whose profile `name` lives in the test's folder; closed with the server. */
  browserIn(name: string): Promise<{ context: BrowserContext; page: Page }>;
  /** Closes the browsers opened by browserIn, the server and the database; removes the folder. */
  close(): Promise<void>;
}

/** A migrated PGlite database in a new temporary folder, with the researcher's token if given. */
export async function testStore(prefix: string, token?: string): Promise<TestStore> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  if (token !== undefined) await ensureResearcherToken(store, token);
  return { dir, store };
}

/** Serves the built app and the API from `store`, listening on a free loopback port. */
export async function serveApp({ dir, store }: TestStore): Promise<AppServer> {
  const server: Server = createCollectionServer({
    store,
    appDir: process.env.E2E_DIST || "dist",
    rate: { perSecond: 1000, burst: 4000 },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const open: BrowserContext[] = [];
  return {
    dir,
    store,
    base,
    async browserIn(name) {
      const context = await launchPersistent(path.join(dir, name));
      open.push(context);
      return { context, page: context.pages()[0] ?? (await context.newPage()) };
    },
    async close() {
      for (const c of open) await c.close().catch(() => undefined);
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
