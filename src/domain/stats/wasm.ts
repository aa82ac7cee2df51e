// One home for making the statistics' WebAssembly kernels (draws.wat, anova.wat, wer.wat,
// em.wat, unmarked.wat, records.wat): each is compiled synchronously, once per thread, on first
// use; null where WebAssembly is missing, its vector instructions are, or a
// Content-Security-Policy forbids compiling it (every caller then computes the same numbers in
// JavaScript).

/** A kernel's instance, made on first use; `use(false)` (tests) leaves it out. */
export interface WasmKernel<T> {
  /** The kernel's exports, or null where it can't run (or is left out). */
  get(): T | null;
  /** For tests: use the kernel where it can run (`use`), or never; whether it was in use before. */
  use(use: boolean): boolean;
}

/** A kernel made from `base64` bytes with `imports` (given the instance's memory once made). */
export function wasmKernel<T>(
  base64: string,
  imports?: (memory: () => WebAssembly.Memory) => WebAssembly.Imports,
): WasmKernel<T> {
  let kernel: T | null | undefined;
  const get = (): T | null => {
    if (kernel !== undefined) return kernel;
    kernel = null;
    try {
      if (typeof WebAssembly === "object") {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        let memory: WebAssembly.Memory | undefined;
        const instance = new WebAssembly.Instance(
          new WebAssembly.Module(bytes),
          imports?.(() => memory as WebAssembly.Memory),
        );
        memory = instance.exports.memory as WebAssembly.Memory;
        kernel = instance.exports as unknown as T;
      }
    } catch {
      kernel = null;
    }
    return kernel;
  };
  return {
    get,
    use(use: boolean): boolean {
      const before = get() !== null;
      kernel = use ? undefined : null;
      return before;
    },
  };
}

/** Grows `memory` to at least `bytes`. */
export function reserve(memory: WebAssembly.Memory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (have < bytes) memory.grow(Math.ceil((bytes - have) / 65536));
}
