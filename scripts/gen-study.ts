// Writes a deterministic synthetic study in the interchange format:
//   npx tsx scripts/gen-study.ts --clips 100000 --annotators 3 --out bench-data/study.json
// Options: --clips N (default 20), --annotators A per clip (default 3), --pool P crowd workers
// in all (default 4 × A), --seed S (default 1), --out FILE (default: standard output).
// Browser benchmarks import `generateStudy` from here (or from src/domain/interchange/generate.ts).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type GenerateOptions, generateStudy } from "../src/domain/interchange/generate.ts";
import { serializeAnnotationFile } from "../src/domain/schema.ts";

export { type GenerateOptions, generateStudy };

/** The study as interchange-format text (one record per line; same options, same bytes). */
export function generateStudyText(options: GenerateOptions): string {
  return serializeAnnotationFile(generateStudy(options), { layout: "lines" });
}

function positiveInt(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 1) {
    throw new Error(`${flag} needs a positive integer (got ${value ?? "nothing"})`);
  }
  return n;
}

/** Parses the command line; throws with a readable message on bad arguments. */
export function parseGenArgs(argv: readonly string[]): GenerateOptions & { out?: string } {
  const options: GenerateOptions & { out?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    i++;
    switch (flag) {
      case "--clips":
        options.clips = positiveInt(flag, value);
        break;
      case "--annotators":
        options.annotators = positiveInt(flag, value);
        break;
      case "--pool":
        options.pool = positiveInt(flag, value);
        break;
      case "--seed":
        options.seed = positiveInt(flag, value);
        break;
      case "--out":
        if (value === undefined) throw new Error("--out needs a file name");
        options.out = value;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  if ((options.pool ?? Number.POSITIVE_INFINITY) < (options.annotators ?? 3)) {
    throw new Error("--pool must be at least --annotators");
  }
  return options;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { out, ...options } = parseGenArgs(process.argv.slice(2));
    const text = generateStudyText(options);
    if (out === undefined) process.stdout.write(text);
    else {
      writeFileSync(out, text);
      process.stderr.write(`wrote ${out} (${(text.length / 1e6).toFixed(1)} MB)\n`);
    }
  } catch (error) {
    process.stderr.write(`gen-study: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
