// Reading the picked files as interchange files: each is parsed and validated whole by the
// schema; a file that breaks a rule is refused with its problems, named by JSON path.
import { type ParseResult, parseAnnotationText } from "../../domain/schema.ts";

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

export async function readAnnotationFiles(files: readonly File[]): Promise<LoadedFile[]> {
  const names = uniqueNames(files.map((f) => f.name));
  return Promise.all(
    files.map(async (file, i) => {
      const name = names[i] ?? file.name;
      let text: string;
      try {
        text = await file.text();
      } catch (error) {
        return {
          name,
          result: {
            ok: false as const,
            errors: [{ path: "", message: `could not be read (${String(error)})` }],
          },
        };
      }
      return { name, result: parseAnnotationText(text, file.name) };
    }),
  );
}

/** "annotator-w3.json: regions[3].end: must be greater than start". */
export function problemLine(fileName: string, problem: { path: string; message: string }): string {
  return problem.path
    ? `${fileName}: ${problem.path}: ${problem.message}`
    : `${fileName}: ${problem.message}`;
}
