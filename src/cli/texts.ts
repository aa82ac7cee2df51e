// The participant's pages' language from the command line (docs/languages.md):
//   texts --language TAG [STUDY.json]    the language's catalogue (with the study's own texts
//                                        over it) as the JSON file a translator fills in
//   publish … --language TAG --texts FILE.json
//                                        the study published in that language, with the texts
import { messagesOf } from "../domain/i18n/allCatalogues.ts";
import { textsProblems } from "../domain/i18n/catalogue.ts";
import {
  canonicalTag,
  languageOf,
  languageProblem,
  participantTextsOf,
} from "../domain/i18n/languages.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";

/**
 * The study with `--language` and `--texts` applied: the language set, the file's texts over
 * the study's own (only those that differ from the catalogue are kept). Throws an Error whose
 * message names each problem (`FILE: key: …`).
 */
export function withLanguageOptions(
  file: AnnotationFile,
  options: { language?: string | undefined; texts?: string | undefined },
  readFile: (path: string) => string,
): AnnotationFile {
  const study = { ...file.study } as Record<string, unknown>;
  if (options.language !== undefined) {
    const problem = languageProblem(options.language);
    if (problem) throw new Error(`--language: ${problem}`);
    const tag = canonicalTag(options.language) as string;
    if (tag === "en") delete study.language;
    else study.language = tag;
  }
  if (options.texts !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(readFile(options.texts));
    } catch (e) {
      throw new Error(`--texts ${options.texts}: ${(e as Error).message}`);
    }
    const problems = textsProblems(value);
    if (problems.length > 0)
      throw new Error(problems.map((p) => `${options.texts}: ${p}`).join("\n"));
    const catalogue: Record<string, string> = messagesOf(languageOf(study));
    const own = { ...participantTextsOf(study) };
    for (const [key, text] of Object.entries(value as Record<string, string>)) {
      if (catalogue[key] === text) delete own[key];
      else own[key] = text;
    }
    if (Object.keys(own).length > 0) study.participantTexts = own;
    else delete study.participantTexts;
  }
  return { ...file, study: study as AnnotationFile["study"] };
}

/** The file `texts` prints: the language's messages with the study's texts over them. */
export function textsFile(tag: string, study?: Record<string, unknown>): string {
  const messages = { ...messagesOf(tag), ...(study ? participantTextsOf(study) : {}) };
  return `${JSON.stringify(messages, null, 2)}\n`;
}

/** `texts --language TAG [STUDY.json]`: prints the catalogue file; returns the exit code. */
export function runTextsCli(
  argv: readonly string[],
  io: {
    stdout(text: string): void;
    stderr(text: string): void;
    readFile(path: string): string;
  },
): number {
  const [, ...rest] = argv;
  let language: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === "--language") language = rest[++i];
    else if (arg.startsWith("--language=")) language = arg.slice("--language=".length);
    else if (arg.startsWith("-")) {
      io.stderr(`redpen: texts: unknown option ${arg}\n`);
      return 2;
    } else files.push(arg);
  }
  if (files.length > 1) {
    io.stderr("redpen: texts takes at most one study file\n");
    return 2;
  }
  let study: Record<string, unknown> | undefined;
  if (files[0] !== undefined) {
    try {
      study = (JSON.parse(io.readFile(files[0])) as { study?: Record<string, unknown> }).study;
    } catch (e) {
      io.stderr(`${files[0]}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const tag = language ?? (study ? languageOf(study) : undefined);
  if (tag === undefined) {
    io.stderr("redpen: texts needs --language TAG (or a study file whose language to use)\n");
    return 2;
  }
  const problem = languageProblem(tag);
  if (problem) {
    io.stderr(`redpen: texts: --language: ${problem}\n`);
    return 2;
  }
  io.stdout(textsFile(canonicalTag(tag) as string, study));
  return 0;
}
