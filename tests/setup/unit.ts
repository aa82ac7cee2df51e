// Shared setup for the unit project: DOM matchers for component tests (DOM files opt in
// with `// @vitest-environment happy-dom`), a fresh fake IndexedDB per test file, and the database
// layer's messages connected to the notices store as the app does at start-up.
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure } from "@testing-library/dom";
import { connectDatabaseToUi } from "../../src/app/connect.ts";

connectDatabaseToUi();

// Under happy-dom a page's own origin is http://localhost:3000, where nothing listens. The
// study page probes its origin's /api/health (a collection server serving the app is the
// natural default server): the connection was refused, which the page ignores but happy-dom
// printed, 24 times a run. Here that origin answers 404, as any server that is not a
// collection server does (Vite's own); every other address is fetched as before.
const PAGE_ORIGIN = "http://localhost:3000/";
const realFetch = globalThis.fetch;
if (realFetch) {
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(PAGE_ORIGIN)) return Promise.resolve(new Response(null, { status: 404 }));
    return realFetch(input, init);
  };
}

// findBy… and waitFor poll until the state is there; their default of 1 s is a clock, which a
// busy machine overruns: `npm test` runs the unit tests two files at a time beside the server
// and browser tests, at a load average of 11 on 2 cores, where merging 120 clips into the fake
// IndexedDB took over 5 s. They still return as soon as the state appears, so this costs an idle
// machine nothing; it is only the cap on a wait for something that never comes (the test's own
// limit is 30 s).
configure({ asyncUtilTimeout: 20_000 });
