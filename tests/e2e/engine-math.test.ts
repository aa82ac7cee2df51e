// The report computed in the browser's worker must equal `stats --json` to the bit, so the
// statistics take their transcendental functions from src/domain/util/math.ts (stdlib's
// pure-JavaScript ports) rather than the engine's Math, whose last bits differ between Node and
// Chromium. This checks that premise directly: the same 200,000 seeded arguments per function,
// evaluated in Node and in Chromium, give the same bits.
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser } from "./chromium.ts";
import { digests } from "./engine-math.entry.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const N = 200_000;

test("stdlib's ln, exp, log1p, pow, atanh and tanh give the same bits in Node and Chromium", async () => {
  const bundle = await build({
    entryPoints: ["tests/e2e/engine-math.entry.ts"],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "EngineMath",
    platform: "browser",
  });
  const page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
  const inBrowser = await page.evaluate(
    (n) =>
      (
        window as unknown as {
          EngineMath: { digests: (n: number) => Record<string, { ours: string; engine: string }> };
        }
      ).EngineMath.digests(n),
    N,
  );
  await page.close();
  const inNode = digests(N);
  const ours = (d: typeof inNode) =>
    Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.ours]));
  expect(Object.keys(inNode)).toEqual(["ln", "exp", "log1p", "pow", "atanh", "tanh"]);
  expect(ours(inBrowser)).toEqual(ours(inNode));
  // The engines' own functions, for the record (not a promise either engine makes).
  const differ = Object.keys(inNode).filter((k) => inNode[k]?.engine !== inBrowser[k]?.engine);
  console.log(
    `Math.* functions whose bits differ between Node and Chromium: ${differ.join(", ") || "none"}`,
  );
});
