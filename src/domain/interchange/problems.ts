// Collecting the problems found while reading an interchange file: each names a JSON path
// (`regions[3].end`), they come out in document order, and at most PROBLEM_LIMIT are listed
// before one closing "… and N more problems" line.

export type Problem = { path: string; message: string };

/**
 * One problem as a person reads it, wherever it is shown (command line, import card):
 * "annotator-w3.json: regions[3].end: must be greater than start (2)".
 */
export function problemLine(fileName: string, problem: Problem): string {
  return problem.path
    ? `${fileName}: ${problem.path}: ${problem.message}`
    : `${fileName}: ${problem.message}`;
}

/** How many problems are listed before the rest are summed up in one line. */
export const PROBLEM_LIMIT = 100;

/** The arrays of an interchange file, in the order the file lists them. */
export const SECTIONS = [
  "taxonomy",
  "clips",
  "annotators",
  "submissions",
  "regions",
  "reasonLabels",
] as const;

/** The arrays a file may leave out (a comparison test's), in the order the file lists them. */
export const OPTIONAL_SECTIONS = ["pairs", "judgments"] as const;

/** The top-level keys in the order the file lists them; problems are sorted by it. */
const SECTION_ORDER = [
  "",
  "format",
  "version",
  "exportedAt",
  "study",
  ...SECTIONS,
  ...OPTIONAL_SECTIONS,
] as const;

function sectionRank(section: string): number {
  const i = (SECTION_ORDER as readonly string[]).indexOf(section);
  return i < 0 ? SECTION_ORDER.length : i;
}

/** `["regions", 3, "end"]` → `regions[3].end`; `[]` → `""`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key)))
      out += out === "" ? String(key) : `.${String(key)}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** A short, readable rendering of a value for messages: strings quoted and cut at 40 chars. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": {
      const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return JSON.stringify(cut);
    }
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

interface Entry {
  problem: Problem;
  section: number;
  index: number;
  /** 0 for structural problems, 1 for cross-field ones: structure first at the same record. */
  source: number;
  seq: number;
}

/**
 * Gathers problems from several sources (each already in document order within a section)
 * and hands back the first PROBLEM_LIMIT in document order, plus a count of the rest.
 * Each (section, source) keeps at most PROBLEM_LIMIT entries: that is enough, because the
 * first PROBLEM_LIMIT overall can never include a later entry of an ordered source.
 */
export class ProblemList {
  private entries: Entry[] = [];
  private kept = new Map<string, number>();
  private seq = 0;
  total = 0;

  add(path: readonly PropertyKey[], message: string, source: 0 | 1): void {
    this.total++;
    const section = typeof path[0] === "string" ? path[0] : "";
    const bucket = `${section}\u0000${source}`;
    const count = this.kept.get(bucket) ?? 0;
    if (count >= PROBLEM_LIMIT) return;
    this.kept.set(bucket, count + 1);
    const index = typeof path[1] === "number" ? path[1] : -1;
    this.entries.push({
      problem: { path: formatPath(path), message },
      section: sectionRank(section),
      index,
      source,
      seq: this.seq++,
    });
  }

  get empty(): boolean {
    return this.total === 0;
  }

  /** The listed problems in document order, with the "… and N more problems" line if needed. */
  list(noun = "problem"): Problem[] {
    const sorted = [...this.entries].sort(
      (x, y) => x.section - y.section || x.index - y.index || x.source - y.source || x.seq - y.seq,
    );
    const shown = sorted.slice(0, PROBLEM_LIMIT).map((e) => e.problem);
    const more = this.total - shown.length;
    if (more > 0) {
      shown.push({ path: "", message: `… and ${more} more ${noun}${more === 1 ? "" : "s"}` });
    }
    return shown;
  }
}
