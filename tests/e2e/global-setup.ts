// Serves the production build (`dist/`, made by `npm run test:e2e` before vitest starts; or the
// folder in $E2E_DIST) with Vite's preview server on a free loopback port, and hands its URL to
// the browser tests.
import { existsSync } from "node:fs";
import type { PreviewServer } from "vite";
import { preview } from "vite";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium.ts";

let server: PreviewServer | undefined;

export async function setup(project: TestProject) {
  findChromium(); // fail fast, before building anything else, when Chromium is missing
  const outDir = process.env.E2E_DIST || "dist";
  if (!existsSync(`${outDir}/index.html`)) {
    throw new Error(
      `${outDir}/ is missing: run the browser tests with \`npm run test:e2e\` (it builds first).`,
    );
  }
  server = await preview({
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
    logLevel: "error",
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview did not report a URL");
  project.provide("baseUrl", url.replace(/\/$/, ""));
}

export async function teardown() {
  await server?.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
