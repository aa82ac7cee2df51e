import { expect, test } from "vitest";
import { assembleDraws } from "../../scripts/assembleDraws.ts";
import { DRAWS_WASM } from "../../src/domain/stats/drawsWasm.ts";

test("drawsWasm.ts holds draws.wat as assembled (npm run build:wasm after any change)", async () => {
  const bytes = await assembleDraws();
  expect(Buffer.from(bytes).toString("base64")).toBe(DRAWS_WASM);
  expect(WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)).toBe(true);
});
