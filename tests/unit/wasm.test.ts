import { expect, test } from "vitest";
import { assembleWasm } from "../../scripts/assembleWasm.ts";
import { ANOVA_WASM } from "../../src/domain/stats/anovaWasm.ts";
import { DRAWS_WASM } from "../../src/domain/stats/drawsWasm.ts";
import { EM_WASM } from "../../src/domain/stats/emWasm.ts";
import { RECORDS_WASM } from "../../src/domain/stats/recordsWasm.ts";
import { UNMARKED_WASM } from "../../src/domain/stats/unmarkedWasm.ts";
import { WER_WASM } from "../../src/domain/stats/werWasm.ts";

for (const [name, committed] of [
  ["draws", DRAWS_WASM],
  ["anova", ANOVA_WASM],
  ["wer", WER_WASM],
  ["em", EM_WASM],
  ["unmarked", UNMARKED_WASM],
  ["records", RECORDS_WASM],
] as const) {
  test(`${name}Wasm.ts holds ${name}.wat as assembled (npm run build:wasm after any change)`, async () => {
    const bytes = await assembleWasm(name);
    expect(Buffer.from(bytes).toString("base64")).toBe(committed);
    expect(WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)).toBe(true);
  });
}
