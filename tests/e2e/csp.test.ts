// The built app carries its Content-Security-Policy, no source maps, and nothing on any
// screen is blocked by the policy: every `securitypolicyviolation` event and console error is
// collected while the demo study is opened on home, its study page, the crowd and expert
// screens (audio decoded and drawn) and the analysis.
import { readdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../src/domain/security/csp.ts";
import { launchBrowser, watchErrors } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dist = process.env.E2E_DIST || "dist";

test("the build has the policy as a meta tag before any script, and no source maps", () => {
  const html = readFileSync(`${dist}/index.html`, "utf8");
  const meta = html.indexOf('http-equiv="Content-Security-Policy"');
  expect(meta).toBeGreaterThan(-1);
  expect(meta).toBeLessThan(html.indexOf("<script"));
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
  const files = readdirSync(`${dist}/assets`);
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
  expect(files.some((f) => /^index-.*\.js$/.test(f))).toBe(true);
});

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test("no screen is blocked by the policy", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const violations = await watchViolations(page);
  const base = inject("baseUrl");
  const found: string[] = [];

  await page.goto(base);
  expect(
    await page.evaluate(
      () =>
        document
          .querySelector('meta[http-equiv="Content-Security-Policy"]')
          ?.getAttribute("content") ?? null,
    ),
  ).toBe(CONTENT_SECURITY_POLICY);
  await page.getByRole("link", { name: /demo/i }).first().waitFor();
  found.push(...(await violations()));

  await page.goto(`${base}/studies/demo`);
  await page.getByRole("heading", { name: /demo/i }).first().waitFor();
  found.push(...(await violations()));

  for (const role of ["crowd", "expert"]) {
    await page.goto(`${base}/annotate/demo?annotator=csp-${role}&role=${role}`);
    await page
      .locator('section[aria-label="Waveform"][aria-busy="false"] canvas')
      .first()
      .waitFor();
    found.push(...(await violations()));
  }

  await page.goto(`${base}/studies/demo/analysis`);
  await page.getByRole("heading", { name: "No annotations yet" }).waitFor();
  found.push(...(await violations()));

  expect(found).toEqual([]);
  expect(errors.filter((e) => !/persistent storage/i.test(e))).toEqual([]);
});

test("the policy allows neither eval nor compiling WebAssembly (the app uses neither)", async () => {
  const page = await browser.newPage();
  await page.goto(inject("baseUrl"));
  // Code that page.evaluate runs is exempt from the policy (DevTools evaluates it), so the
  // check runs in a worker made from a blob, which inherits the page's policy. The module is
  // the smallest valid one: its header alone.
  const outcome = await page.evaluate(
    () =>
      new Promise<{ compiled: string; evaluated: string }>((resolve) => {
        const code = `
          let compiled;
          try {
            compiled = String(new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0)) instanceof WebAssembly.Module);
          } catch (e) { compiled = e.name; }
          let evaluated;
          try { evaluated = String(eval("1 + 1")); } catch (e) { evaluated = e.name; }
          postMessage({ compiled, evaluated });`;
        const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
        const worker = new Worker(url);
        worker.onmessage = (event) => resolve(event.data);
      }),
  );
  expect(outcome).toEqual({ compiled: "CompileError", evaluated: "EvalError" });
  await page.close();
});
