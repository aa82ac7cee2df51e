import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { CONTENT_SECURITY_POLICY } from "./src/domain/security/csp.ts";

/** Puts the Content-Security-Policy into the built index.html (not the dev server's). */
function contentSecurityPolicy(): Plugin {
  return {
    name: "redpen-csp",
    apply: "build",
    transformIndexHtml: () => [
      {
        tag: "meta",
        attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY },
        injectTo: "head-prepend",
      },
    ],
  };
}

/**
 * Static hosts that serve a `404.html` for unknown paths (GitHub Pages, many others) then
 * start the app on any deep link (/annotate/…): the build writes index.html there too.
 */
function spaFallbackPage(): Plugin {
  let outDir = "dist";
  return {
    name: "redpen-404",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const index = path.join(outDir, "index.html");
      if (existsSync(index)) copyFileSync(index, path.join(outDir, "404.html"));
    },
  };
}

/** The sub-path the app is served under: BASE_PATH=/redpen/ npm run build. */
function basePath(): string {
  const base = process.env.BASE_PATH ?? "/";
  if (!/^\/([^?#]*\/)?$/.test(base)) {
    throw new Error(`BASE_PATH must start and end with "/" (got "${base}"), e.g. /redpen/`);
  }
  return base;
}

export default defineConfig({
  base: basePath(),
  plugins: [react(), tailwindcss(), contentSecurityPolicy(), spaFallbackPage()],
  worker: { format: "es" },
  resolve: {
    alias: {
      // stdlib's generator probe uses eval, which the policy forbids (src/app/shims/…).
      "@stdlib/assert-has-generator-support": path.resolve("src/app/shims/hasGeneratorSupport.cjs"),
    },
  },
  // Source maps only when asked for (SOURCEMAP=1 npm run build): a deployed study should not
  // publish its source tree.
  build: { target: "es2022", sourcemap: process.env.SOURCEMAP === "1" },
});
