// Writes a deterministic synthetic study in the interchange format:
//   npx tsx scripts/gen-study.ts --clips 100000 --annotators 3 --out bench-data/study.json
// Options: --clips N (default 20), --annotators A per clip (default 3), --pool P crowd annotators
// in all (default 4 × A), --seed S (default 1), --out FILE (default: standard output).
// Browser benchmarks import `generateStudy` from here (or from src/domain/interchange/generate.ts).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type GenerateOptions, generateStudy } from "../src/domain/interchange/generate.ts";
import { serializeAnnotationFile } from "../src/domain/interchange/schema.ts";

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

export const GEN_USAGE = `Usage: npx tsx scripts/gen-study.ts [options]
Writes a deterministic synthetic study in the interchange format (one record per line).
  --clips N        clips (default 20)
  --annotators A   crowd annotators per clip (default 3)
  --pool P         crowd annotators in all (default 4 × A; at least A)
  --seed S         the generator's seed (default 1): the same options, the same bytes
  --out FILE       where to write it (default: standard output)
  --help           this text
`;

/** Parses the command line; throws with a readable message on bad arguments. */
export function parseGenArgs(
  argv: readonly string[],
): GenerateOptions & { out?: string; help?: true } {
  const options: GenerateOptions & { out?: string; help?: true } = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--help" || flag === "-h") {
      options.help = true;
      continue;
    }
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
    const { out, help, ...options } = parseGenArgs(process.argv.slice(2));
    if (help) {
      process.stdout.write(GEN_USAGE);
      process.exit(0);
    }
    const text = generateStudyText(options);
    if (out === undefined) process.stdout.write(text);
    else {
      writeFileSync(out, text);
      process.stderr.write(`wrote ${out} (${(text.length / 1e6).toFixed(1)} MB)\n`);
    }
  } catch (error) {
    process.stderr.write(
      `gen-study: ${error instanceof Error ? error.message : String(error)} (--help lists the options)\n`,
    );
    process.exitCode = 2;
  }
}
