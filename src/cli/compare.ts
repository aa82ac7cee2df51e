// `compare A.json B.json … [--label NAME …] [--by FIELD] [--json] [--latex]`: the MOS of several
// conditions side by side (docs/spec/statistics.md, "Comparing conditions"): several studies,
// each one condition, or one study's listener groups (--by platform | arm | screening:TEST |
// an intake field). Prints the readable tables, the JSON object of the spec, or a LaTeX table.

import type { AnnotationFile } from "../domain/interchange/types.ts";
import {
  conditionsCsv,
  conditionsJson,
  conditionsLatex,
  conditionsText,
} from "../domain/report/conditions.ts";
import {
  type Condition,
  ConditionsError,
  compareConditions,
  conditionsByGroup,
  conditionsOfStudies,
} from "../domain/stats/conditions.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { type CliIO, load } from "./studyFile.ts";

export const COMPARE_USAGE = `Usage: redpen compare A.json B.json … [--label NAME …] [--by FIELD] [--json | --latex | --csv]
       redpen compare STUDY.json --by platform|arm|screening:TEST|FIELD [--json | --latex | --csv]
`;

interface CompareArgs {
  files: string[];
  labels: string[];
  by: string | undefined;
  format: "text" | "json" | "latex" | "csv";
}

class CompareUsage extends Error {}

function parse(argv: readonly string[]): CompareArgs {
  const args: CompareArgs = { files: [], labels: [], by: undefined, format: "text" };
  const formats: string[] = [];
  const value = (name: string, i: number): string => {
    const v = argv[i];
    if (v === undefined) throw new CompareUsage(`${name} needs a value`);
    return v;
  };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      args.files.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "--label") args.labels.push(value("--label", ++i));
    else if (arg.startsWith("--label=")) args.labels.push(arg.slice("--label=".length));
    else if (arg === "--by" || arg.startsWith("--by=")) {
      if (args.by !== undefined) throw new CompareUsage("--by is given twice");
      args.by = arg === "--by" ? value("--by", ++i) : arg.slice("--by=".length);
    } else if (arg === "--json" || arg === "--latex" || arg === "--csv") formats.push(arg);
    else if (arg.startsWith("-") && arg !== "-") throw new CompareUsage(`unknown option ${arg}`);
    else args.files.push(arg);
  }
  if (formats.length > 1) throw new CompareUsage(`choose one of ${formats.join(" and ")}`);
  const blank = args.labels.findIndex((l) => l.trim() === "");
  if (blank >= 0) throw new CompareUsage(`--label number ${blank + 1} is empty: give a name`);
  if (formats[0] !== undefined) args.format = formats[0].slice(2) as CompareArgs["format"];
  if (args.by !== undefined) {
    if (args.files.length !== 1) {
      throw new CompareUsage(
        `--by groups one study's listeners: give one file (got ${args.files.length})`,
      );
    }
    if (args.labels.length > 0) {
      throw new CompareUsage(
        "--label names studies; with --by the groups are named by their values",
      );
    }
  } else if (args.labels.length > 0 && args.labels.length !== args.files.length) {
    throw new CompareUsage(
      `${args.labels.length} --label for ${args.files.length} ${args.files.length === 1 ? "study" : "studies"}: give one --label per study, in the same order`,
    );
  }
  return args;
}

/** Runs `compare`; returns the exit code. Nothing is printed on stdout unless it succeeds. */
export function runCompareCli(argv: readonly string[], io: CliIO): number {
  let args: CompareArgs;
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof CompareUsage)) throw error;
    io.stderr(`redpen: compare: ${error.message}\n\n${COMPARE_USAGE}`);
    return EXIT_USAGE;
  }
  if (args.files.length === 0) {
    io.stderr(`redpen: compare: fewer than two conditions: no study given\n\n${COMPARE_USAGE}`);
    return EXIT_USAGE;
  }
  const files: AnnotationFile[] = [];
  for (const name of args.files) {
    const file = load(name, io);
    if (file === undefined) return EXIT_USAGE;
    files.push(file);
  }
  let conditions: Condition[];
  try {
    conditions =
      args.by !== undefined
        ? conditionsByGroup(files[0] as AnnotationFile, args.by, args.files[0] as string)
        : conditionsOfStudies(
            files.map((file, i) => ({
              file,
              source: args.files[i] as string,
              ...(args.labels[i] === undefined ? {} : { label: args.labels[i] }),
            })),
          );
  } catch (error) {
    if (!(error instanceof ConditionsError)) throw error;
    io.stderr(`redpen: compare: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const result = compareConditions(conditions);
  const print = {
    text: conditionsText,
    json: conditionsJson,
    latex: conditionsLatex,
    csv: conditionsCsv,
  }[args.format];
  io.stdout(print(result));
  return EXIT_OK;
}
