import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import wabt from "wabt";
import { DRAWS_WASM } from "../../src/domain/stats/drawsWasm.ts";

test("drawsWasm.ts holds draws.wat as assembled (npm run build:wasm after any change)", async () => {
  const source = readFileSync(
    fileURLToPath(new URL("../../src/domain/stats/draws.wat", import.meta.url)),
    "utf8",
  );
  const module = (await wabt()).parseWat("draws.wat", source, { simd: true });
  module.validate();
  const { buffer } = module.toBinary({});
  module.destroy();
  expect(Buffer.from(buffer).toString("base64")).toBe(DRAWS_WASM);
  expect(WebAssembly.validate(new Uint8Array(buffer))).toBe(true);
});
