// Reading the picked files as interchange files: each is parsed and validated whole by the
// schema; a file that breaks a rule is refused with its problems, named by JSON path. Files of
// other tools (Praat TextGrid, Audacity labels, ELAN, Label Studio: domain/formats/) become
// spans of the study they are imported into, when there is one (the study page's import card).
// (No React here: the import worker imports this module.)
import { foreignResult } from "../domain/formats/read.ts";
import { type ParseResult, parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";

export interface LoadedFile {
  name: string;
  result: ParseResult;
}

/** Two picked files with the same name (from different folders) become "a.json", "a.json (2)". */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name} (${n})`;
    used.add(candidate);
    return candidate;
  });
}

/**
 * Reads every file, then parses and validates each (`onChecking(count)` is called between the
 * two). Runs in the import worker (src/workers/importHandler.ts): File.text() and the parse of
 * a large study must not block the page. `study`, when given, is the stored
 * study that files of other tools are imported into.
 */
export async function readAnnotationFiles(
  files: readonly File[],
  onChecking?: (count: number) => void,
  study?: AnnotationFile,
): Promise<LoadedFile[]> {
  const names = uniqueNames(files.map((f) => f.name));
  const texts = await Promise.all(
    files.map(
      async (file): Promise<{ text: string } | { foreign: ParseResult } | { error: string }> => {
        try {
          const bytes = new Uint8Array(await file.arrayBuffer());
          const foreign = foreignResult(bytes, file.name, study);
          if (foreign) return { foreign };
          return { text: new TextDecoder().decode(bytes) };
        } catch (error) {
          return { error: String(error) };
        }
      },
    ),
  );
  onChecking?.(files.length);
  return files.map((file, i) => {
    const name = names[i] ?? file.name;
    const read = texts[i];
    if (!read || "error" in read) {
      return {
        name,
        result: {
          ok: false as const,
          errors: [{ path: "", message: `could not be read (${read?.error ?? "no text"})` }],
        },
      };
    }
    if ("foreign" in read) return { name, result: read.foreign };
    return { name, result: parseAnnotationText(read.text, file.name) };
  });
}
