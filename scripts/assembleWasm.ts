// The statistics' WebAssembly kernels (src/domain/stats/*.wat) assembled with wabt
// (WebAssembly's reference text assembler; vector and bulk-memory instructions on): one home
// for `npm run build:wasm` (scripts/build-wasm.ts), which writes each module's bytes into its
// *Wasm.ts, and for tests/unit/wasm.test.ts, which checks that they are still these.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import wabt from "wabt";

/** Each kernel: its source, and the module and constant its bytes are written to. */
export const KERNELS = [
  { name: "draws", constant: "DRAWS_WASM" },
  { name: "anova", constant: "ANOVA_WASM" },
  { name: "wer", constant: "WER_WASM" },
  { name: "em", constant: "EM_WASM" },
  { name: "unmarked", constant: "UNMARKED_WASM" },
  { name: "records", constant: "RECORDS_WASM" },
] as const;

/** The bytes of src/domain/stats/NAME.wat, validated. */
export async function assembleWasm(name: string): Promise<Uint8Array> {
  const path = fileURLToPath(new URL(`../src/domain/stats/${name}.wat`, import.meta.url));
  const module = (await wabt()).parseWat(`${name}.wat`, readFileSync(path, "utf8"), {
    simd: true,
    bulk_memory: true,
  });
  try {
    module.validate();
    return new Uint8Array(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}
