// Paired-comparison results other tools wrote, read into an interchange file of the study they are
// imported into (docs/formats.md, "Comparison results from webMUSHRA and the P.808 toolkit"):
//
// - webMUSHRA's `paired_comparison.csv` (service/write.php): session_test_id, the participant
//   fields the test configured, trial_id, choice_reference, choice_non_reference, choice_answer,
//   choice_time (ms), choice_comment. Each trial plays the reference and one condition as A and B
//   and the listener picks one; webMUSHRA records "correct" when they picked the reference,
//   "incorrect" for the condition, "undecided" for its unforced option and "unknown" for no
//   answer. A row becomes a judgment of the pair (a: the reference's clip, b: the condition's)
//   with choice "a", "b" or "same"; "unknown" rows are left out, with a warning. The clips are
//   the study's clip whose sentence is the trial id and whose system is the stimulus id (or
//   whose id, or file name without extension, is the stimulus id). The annotator is the
//   participant fields' values (joined by " / "): a file without participant fields cannot
//   tell its listeners apart and is refused.
// - The P.808 toolkit's CCR votes per worker (`…_votes_per_worker_*.csv` from result_parser.py
//   --method ccr: HITId, workerid, assignment_id, assignmentstatus, file, short_file_name, vote,
//   question_type "CMOS", the condition keys): the toolkit keeps only sessions that passed its
//   data cleaning and turns every vote into the processed clip's quality against its reference,
//   whichever was played first. A row becomes a judgment of the pair (a: the study's reference
//   clip of the processed clip's sentence, b: the processed clip) with `score` the vote. The
//   order the two were played in is not in this file, so `shownFirst` stays empty.
//
// Anything wrong is refused whole, each problem naming its line (the header is line 1); new
// listeners are added as crowd annotators; pairs the study already has are reused.
import Papa from "papaparse";
import { type ParseResult, type Problem, parseAnnotationFile } from "../../interchange/schema.ts";
import type { AnnotationFile, Annotator, Clip, Judgment, Pair } from "../../interchange/types.ts";

export type ComparisonCsvKind = "webmushra" | "p808";

export const COMPARISON_CSV_NAMES: Record<ComparisonCsvKind, string> = {
  webmushra: "webMUSHRA paired comparison",
  p808: "P.808 toolkit CCR",
};

const WEBMUSHRA_COLUMNS = [
  "session_test_id",
  "trial_id",
  "choice_reference",
  "choice_non_reference",
  "choice_answer",
] as const;
const P808_COLUMNS = ["workerid", "file", "vote", "question_type"] as const;

function headerOf(text: string): string[] {
  const first = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return first.split(",").map((c) => c.trim().replace(/^"|"$/g, "").toLowerCase());
}

/** Which tool's comparison results the text's header names, or null. */
export function comparisonCsvKind(text: string): ComparisonCsvKind | null {
  const columns = new Set(headerOf(text));
  if (WEBMUSHRA_COLUMNS.every((c) => columns.has(c))) return "webmushra";
  if (P808_COLUMNS.every((c) => columns.has(c))) return "p808";
  return null;
}

type Row = Record<string, string | undefined>;

function stem(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  return base.replace(/\.[^.]+$/, "");
}

/** The rows of the CSV with lower-cased headers, or the problems reading it. */
function readRows(text: string): { rows: Row[]; fields: string[] } | { errors: Problem[] } {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  if (parsed.errors.length > 0) {
    return {
      errors: parsed.errors.map((e) => ({ path: `line ${(e.row ?? 0) + 2}`, message: e.message })),
    };
  }
  return { rows: parsed.data, fields: parsed.meta.fields ?? [] };
}

/** Builds the judgments into a file of the study, and checks it with the reader's rules. */
class Collector {
  readonly errors: Problem[] = [];
  readonly warnings: Problem[] = [];
  private readonly pairs: Pair[];
  private readonly pairAt = new Map<string, Pair>();
  private readonly known: Map<string, Annotator>;
  private readonly added = new Map<string, Annotator>();
  private readonly judgments: Judgment[] = [];
  private readonly firstLine = new Map<string, string>();

  constructor(
    private readonly study: AnnotationFile,
    private readonly prefix: string,
  ) {
    this.pairs = [...(study.pairs ?? [])];
    for (const p of this.pairs) {
      if (p.clipId === undefined) this.pairAt.set(`${p.a}\u0000${p.b}`, p);
    }
    this.known = new Map(study.annotators.map((a) => [a.id, a]));
  }

  fail(where: string, message: string): void {
    this.errors.push({ path: where, message });
  }

  /** The pair of two clips: the study's own when it has one, else a new one. */
  private pairOf(a: Clip, b: Clip, name: string): Pair {
    const key = `${a.id}\u0000${b.id}`;
    let pair = this.pairAt.get(key);
    if (pair === undefined) {
      const taken = new Set(this.pairs.map((p) => p.id));
      let id = `${this.prefix}:${name}`;
      for (let k = 2; taken.has(id); k++) id = `${this.prefix}:${name}#${k}`;
      pair = { id, a: a.id, b: b.id };
      this.pairs.push(pair);
      this.pairAt.set(key, pair);
    }
    return pair;
  }

  add(
    where: string,
    annotatorId: string,
    a: Clip,
    b: Clip,
    name: string,
    judged: Omit<Judgment, "pairId" | "annotatorId">,
  ): void {
    if (!this.known.has(annotatorId) && !this.added.has(annotatorId)) {
      this.added.set(annotatorId, { id: annotatorId, role: "crowd" });
    }
    const pair = this.pairOf(a, b, name);
    const key = `${pair.id}\u0000${annotatorId}`;
    const earlier = this.firstLine.get(key);
    if (earlier !== undefined) {
      this.fail(
        where,
        `a second judgment of clips "${a.id}" and "${b.id}" by "${annotatorId}" (the first: ${earlier})`,
      );
      return;
    }
    this.firstLine.set(key, where);
    this.judgments.push({ pairId: pair.id, annotatorId, ...judged });
  }

  result(): ParseResult {
    if (this.errors.length > 0) return { ok: false, errors: this.errors };
    if (this.judgments.length === 0) {
      return { ok: false, errors: [{ path: "", message: "has no judgments (only a header)" }] };
    }
    const study = this.study;
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: study.study,
      taxonomy: study.taxonomy,
      clips: study.clips,
      annotators: [...study.annotators, ...this.added.values()],
      submissions: [],
      regions: [],
      reasonLabels: [],
      pairs: this.pairs,
      judgments: this.judgments,
    };
    // The reader's rules (a score only in a CCR study, "same" only where offered, …) hold for
    // what comes in as for any file.
    const checked = parseAnnotationFile(file);
    if (!checked.ok) return checked;
    return { ok: true, file: checked.file, warnings: this.warnings };
  }
}

/** The study's clips by id, by file name without extension, and by sentence and system. */
function clipFinder(study: AnnotationFile) {
  const byId = new Map(study.clips.map((c) => [c.id, c]));
  const byStem = new Map<string, Clip[]>();
  const bySentenceSystem = new Map<string, Clip[]>();
  const push = (map: Map<string, Clip[]>, key: string, clip: Clip) => {
    const list = map.get(key) ?? [];
    list.push(clip);
    map.set(key, list);
  };
  for (const c of study.clips) {
    push(byStem, stem(c.name).toLowerCase(), c);
    if (c.sentence !== undefined && c.system !== undefined) {
      push(bySentenceSystem, `${c.sentence}\u0000${c.system}`, c);
    }
  }
  return { byId, byStem, bySentenceSystem };
}

function many(list: readonly Clip[]): string {
  return list
    .slice(0, 3)
    .map((c) => `"${c.id}"`)
    .join(", ");
}

/** webMUSHRA's paired_comparison.csv as judgments of `study`. */
function webMushraToFile(rows: Row[], fields: string[], study: AnnotationFile): ParseResult {
  const participantFields = fields.slice(
    fields.indexOf("session_test_id") + 1,
    fields.indexOf("trial_id"),
  );
  if (participantFields.length === 0) {
    return {
      ok: false,
      errors: [
        {
          path: "line 1",
          message:
            "no participant column between session_test_id and trial_id: webMUSHRA wrote no participant fields, so the listeners cannot be told apart (configure a participant field such as an id in the test's YAML)",
        },
      ],
    };
  }
  const find = clipFinder(study);
  const out = new Collector(study, "webmushra");
  const clipFor = (trial: string, stimulus: string, where: string): Clip | undefined => {
    const bySentence = find.bySentenceSystem.get(`${trial}\u0000${stimulus}`) ?? [];
    if (bySentence.length === 1) return bySentence[0];
    if (bySentence.length > 1) {
      out.fail(
        where,
        `trial "${trial}", stimulus "${stimulus}" matches ${bySentence.length} clips by sentence and system (${many(bySentence)})`,
      );
      return undefined;
    }
    const byId = find.byId.get(stimulus);
    if (byId) return byId;
    const byStem = find.byStem.get(stimulus.toLowerCase()) ?? [];
    if (byStem.length === 1) return byStem[0];
    out.fail(
      where,
      byStem.length > 1
        ? `stimulus "${stimulus}" matches ${byStem.length} clips by file name (${many(byStem)})`
        : `no clip of the study for trial "${trial}", stimulus "${stimulus}" (a clip whose sentence is the trial id and system the stimulus id, or whose id or file name is the stimulus id)`,
    );
    return undefined;
  };
  const CHOICES: Record<string, "a" | "b" | "same"> = {
    correct: "a",
    incorrect: "b",
    undecided: "same",
  };
  let unanswered = 0;
  for (const [i, row] of rows.entries()) {
    const where = `line ${i + 2}`;
    const annotatorId = participantFields
      .map((f) => (row[f] ?? "").trim())
      .filter((v) => v !== "")
      .join(" / ");
    const trial = (row.trial_id ?? "").trim();
    const reference = (row.choice_reference ?? "").trim();
    const condition = (row.choice_non_reference ?? "").trim();
    const answer = (row.choice_answer ?? "").trim().toLowerCase();
    if (annotatorId === "") {
      out.fail(where, "the participant fields are empty");
      continue;
    }
    if (trial === "" || reference === "" || condition === "") {
      out.fail(where, "trial_id, choice_reference and choice_non_reference are needed");
      continue;
    }
    if (answer === "unknown") {
      unanswered++;
      continue;
    }
    const choice = CHOICES[answer];
    if (choice === undefined) {
      out.fail(
        where,
        `choice_answer "${row.choice_answer ?? ""}" is not one of correct, incorrect, undecided, unknown`,
      );
      continue;
    }
    const a = clipFor(trial, reference, where);
    const b = clipFor(trial, condition, where);
    if (!a || !b) continue;
    if (a.id === b.id) {
      out.fail(where, `the reference and the condition are the same clip "${a.id}"`);
      continue;
    }
    const time = Number((row.choice_time ?? "").trim());
    out.add(where, annotatorId, a, b, `${trial}:${reference}:${condition}`, {
      choice,
      ...(row.choice_time !== undefined && row.choice_time.trim() !== "" && time >= 0
        ? { seconds: time / 1000 }
        : {}),
    });
  }
  if (unanswered > 0) {
    out.warnings.push({
      path: "",
      message: `${unanswered} row${unanswered === 1 ? "" : "s"} with choice_answer "unknown" (no answer given): left out`,
    });
  }
  return out.result();
}

/** The P.808 toolkit's CCR votes per worker as judgments of `study`. */
function p808ToFile(rows: Row[], study: AnnotationFile): ParseResult {
  const find = clipFinder(study);
  const out = new Collector(study, "p808");
  const references = new Map<string, Clip[]>();
  for (const c of study.clips) {
    if (c.isReference !== true || c.sentence === undefined) continue;
    const list = references.get(c.sentence) ?? [];
    list.push(c);
    references.set(c.sentence, list);
  }
  for (const [i, row] of rows.entries()) {
    const where = `line ${i + 2}`;
    const worker = (row.workerid ?? "").trim();
    const type = (row.question_type ?? "").trim();
    const url = (row.short_file_name ?? row.file ?? "").trim();
    const voteText = (row.vote ?? "").trim();
    if (worker === "") {
      out.fail(where, "workerid is empty");
      continue;
    }
    if (type.toUpperCase() !== "CMOS") {
      out.fail(
        where,
        `question_type "${type}" is not a CCR vote ("CMOS"): import the toolkit's CCR results (result_parser.py --method ccr)`,
      );
      continue;
    }
    const vote = Number(voteText);
    if (voteText === "" || !Number.isInteger(vote) || vote < -3 || vote > 3) {
      out.fail(where, `vote "${voteText}" is not an integer from -3 to 3`);
      continue;
    }
    const name = stem(url).toLowerCase();
    const matches = find.byStem.get(name) ?? [];
    if (matches.length !== 1) {
      out.fail(
        where,
        matches.length > 1
          ? `file "${url}" matches ${matches.length} clips by file name (${many(matches)})`
          : `file "${url}" is not a clip of the study (by file name)`,
      );
      continue;
    }
    const processed = matches[0] as Clip;
    if (processed.sentence === undefined) {
      out.fail(
        where,
        `clip "${processed.id}" has no sentence, so its reference cannot be found (the reference is the study's reference clip of the same sentence)`,
      );
      continue;
    }
    const refs = references.get(processed.sentence) ?? [];
    if (refs.length !== 1) {
      out.fail(
        where,
        refs.length === 0
          ? `sentence "${processed.sentence}" has no reference clip (isReference) in the study to compare clip "${processed.id}" with`
          : `sentence "${processed.sentence}" has ${refs.length} reference clips (${many(refs)}): which one clip "${processed.id}" was compared with is not in the file`,
      );
      continue;
    }
    const reference = refs[0] as Clip;
    out.add(where, worker, reference, processed, `${reference.id}:${processed.id}`, {
      score: vote,
    });
  }
  return out.result();
}

/** A comparison CSV of another tool as an interchange file of `study` (or every problem, by line). */
export function comparisonCsvToFile(
  text: string,
  study: AnnotationFile,
  kind: ComparisonCsvKind,
): ParseResult {
  const read = readRows(text);
  if ("errors" in read) return { ok: false, errors: read.errors };
  return kind === "webmushra"
    ? webMushraToFile(read.rows, read.fields, study)
    : p808ToFile(read.rows, study);
}
