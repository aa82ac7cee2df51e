import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { CONTENT_SECURITY_POLICY } from "./src/domain/csp.ts";

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

export default defineConfig({
  plugins: [react(), tailwindcss(), contentSecurityPolicy()],
  worker: { format: "es" },
  // Source maps only when asked for (SOURCEMAP=1 npm run build): a deployed study should not
  // publish its source tree.
  build: { target: "es2022", sourcemap: process.env.SOURCEMAP === "1" },
});
