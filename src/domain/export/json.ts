// The whole study as an interchange file (docs/spec/interchange-format.md).
import { serializeAnnotationFile } from "../interchange/serialize.ts";
import type { AnnotationFile } from "../interchange/types.ts";

/** Pretty JSON, keys in the spec's order, trailing newline; re-imports to the same study. */
export function toInterchangeJson(file: AnnotationFile): string {
  return serializeAnnotationFile(file);
}
