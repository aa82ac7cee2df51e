// draws.wat assembled with wabt (WebAssembly's reference text assembler, vector instructions
// on): one home for `npm run build:wasm` (scripts/build-wasm.ts), which writes the bytes into
// drawsWasm.ts, and for tests/unit/drawsWasm.test.ts, which checks that they are still these.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import wabt from "wabt";

/** The bytes of src/domain/stats/draws.wat, validated. */
export async function assembleDraws(): Promise<Uint8Array> {
  const path = fileURLToPath(new URL("../src/domain/stats/draws.wat", import.meta.url));
  const module = (await wabt()).parseWat("draws.wat", readFileSync(path, "utf8"), { simd: true });
  try {
    module.validate();
    return new Uint8Array(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}
