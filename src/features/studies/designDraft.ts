// The comparison's design and the pre-test as the New study and Edit settings forms hold them
// (ComparisonDesignFields, PretestFields), and what saving them stores: the study's pairs[]
// (domain/tasks/compare/pairs.ts) and its `comparison`, `qualification` and `collection` keys.
// Edit settings keeps what the researcher does not change: the current pairs ("Keep the
// current pairs"), and the pre-test's pairs while its size stays the same.
import { studyCollectionOf } from "../../domain/api/requests.ts";
import type { Clip, Pair, StudyTask } from "../../domain/interchange/types.ts";
import {
  constructPairs,
  DEFAULT_PRETEST_PAIRS,
  type PairConstruction,
  pretestPairs,
  qualificationFor,
  splitPairs,
} from "../../domain/tasks/compare/pairs.ts";
import {
  comparisonOf,
  comparisonSettings,
  pretestOf,
  type ScaleChoice,
  scaleChoiceOf,
} from "../../domain/tasks/compare/settings.ts";
import { type RegionView, viewPairs } from "../../domain/tasks/compare/views.ts";

export type ClipFacts = Pick<Clip, "id" | "name" | "system" | "sentence" | "isReference">;

export type ConstructionChoice = "keep" | "all-systems" | "against" | "csv" | "views";

/** The region preference test's choices ("views"): whose regions, which model, which clips. */
export interface ViewsDraft {
  regions: RegionView;
  model: string;
  /** Every clip with both, or `count` of them. */
  clips: "all" | "count";
  count: string;
}

export interface ComparisonDraft {
  construction: ConstructionChoice;
  /** The system the others are paired against ("against"). */
  against: string;
  /** The uploaded pair,a,b CSV ("csv"). */
  csv: { name: string; text: string } | null;
  /** Listeners' regions against a model's saliency ("views"; New study from a marked study). */
  views: ViewsDraft;
  scale: ScaleChoice;
  question: string;
  /** Pairs per participant (`collection.clipsPerParticipant`), as typed. */
  perParticipant: string;
  /** Judgments per pair, R (`collection.ratingsPerClip`), as typed. */
  perItem: string;
}

export interface PretestDraft {
  on: boolean;
  count: string;
  passAccuracy: string;
  /** False: record the pre-test only (nobody screened out). */
  screenOut: boolean;
}

export type DesignField =
  | "pairs"
  | "perParticipant"
  | "perItem"
  | "count"
  | "passAccuracy"
  | "pretest";

/** The drafts for a study (New study: `extra` {} and no pairs). */
export function designDrafts(
  extra: Readonly<Record<string, unknown>>,
  pairs: readonly Pair[],
): { comparison: ComparisonDraft; pretest: PretestDraft } {
  const c = comparisonOf(extra);
  const collection = studyCollectionOf(extra as Record<string, unknown>);
  const main = splitPairs(pairs, extra.qualification).main;
  const p = pretestOf(extra);
  return {
    comparison: {
      construction: main.length > 0 ? "keep" : "all-systems",
      against: "",
      csv: null,
      views: { regions: "union", model: "", clips: "all", count: "10" },
      scale: scaleChoiceOf(c),
      question: c.question ?? "",
      perParticipant: String(collection.clipsPerParticipant ?? 10),
      perItem: String(collection.ratingsPerClip ?? 3),
    },
    pretest: {
      on: p !== null,
      count: String(p?.pairs.length ?? DEFAULT_PRETEST_PAIRS),
      passAccuracy: String(p?.passAccuracy ?? 0.7),
      screenOut: p?.screenOut ?? true,
    },
  };
}

function wholeNumber(text: string, max: number): number | string {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(n) && n >= 1 && n <= max
    ? n
    : `must be a whole number from 1 to ${max}`;
}

export type DesignOutcome =
  | {
      ok: true;
      /** The study's pairs: the main ones, then the pre-test's. */
      pairs: Pair[];
      main: Pair[];
      pretest: Pair[];
      /** The study's keys after the change. */
      extra: Record<string, unknown>;
      /** Said to the researcher (fewer pre-test pairs than asked for). */
      notes: string[];
    }
  | { ok: false; problems: Partial<Record<DesignField, string>> };

/**
 * What saving the drafts stores for a study of `task` with these clips: its pairs and keys.
 * `existing` are the study's pairs now (none in New study), `extra` its keys.
 */
export function designOf(input: {
  task: StudyTask;
  clips: readonly ClipFacts[];
  extra: Readonly<Record<string, unknown>>;
  existing: readonly Pair[];
  comparison: ComparisonDraft;
  pretest: PretestDraft;
  /** The marked study the clips come from (New study): the views' regions and saliency. */
  source?: ViewSource;
}): DesignOutcome {
  const { task, clips, extra, existing, comparison: d, pretest: t, source } = input;
  const problems: Partial<Record<DesignField, string>> = {};
  const before = splitPairs(existing, extra.qualification);
  const taken = new Set<string>();
  let main: Pair[] = before.main;
  const next: Record<string, unknown> = { ...extra };
  if (task === "compare") {
    if (d.construction === "views") {
      const made = viewsOf(d.views, source, taken);
      if (typeof made === "string") problems.pairs = made;
      else main = made;
    } else if (d.construction !== "keep") {
      const construction: PairConstruction | string =
        d.construction === "all-systems"
          ? { kind: "all-systems" }
          : d.construction === "against"
            ? d.against === ""
              ? "choose the system the others are paired against"
              : { kind: "against", system: d.against }
            : d.csv === null
              ? "choose a pair,a,b CSV file"
              : { kind: "csv", text: d.csv.text, fileName: d.csv.name };
      if (typeof construction === "string") problems.pairs = construction;
      else {
        const made = constructPairs(construction, clips, taken);
        if (made.ok) main = made.pairs;
        else problems.pairs = made.problems.join("\n");
      }
    }
    const k = wholeNumber(d.perParticipant, 1000);
    const r = wholeNumber(d.perItem, 1000);
    if (typeof k === "string") problems.perParticipant = k;
    if (typeof r === "string") problems.perItem = r;
    if (typeof k === "number" && typeof r === "number")
      next.collection = {
        ...(typeof extra.collection === "object" && extra.collection !== null
          ? extra.collection
          : {}),
        clipsPerParticipant: k,
        ratingsPerClip: r,
      };
    next.comparison = comparisonSettings(d.scale, d.question, extra.comparison);
  }
  for (const p of main) taken.add(p.id);
  let pretest: Pair[] = [];
  const notes: string[] = [];
  if (t.on) {
    const count = wholeNumber(t.count, 1000);
    const accuracy = Number(t.passAccuracy.trim());
    if (t.passAccuracy.trim() === "" || !(accuracy >= 0 && accuracy <= 1))
      problems.passAccuracy = "must be a number from 0 to 1, e.g. 0.7";
    if (typeof count === "string") problems.count = count;
    else if (count === before.pretest.length && before.pretest.every((p) => !taken.has(p.id)))
      pretest = before.pretest;
    else {
      const made = pretestPairs(clips, { count }, taken);
      if (made.ok) {
        pretest = made.pairs;
        if (made.note) notes.push(`Pre-test: ${made.note}.`);
      } else problems.pretest = made.problem;
    }
    if (!problems.passAccuracy)
      next.qualification = qualificationFor(pretest, {
        passAccuracy: accuracy,
        screenOut: t.screenOut,
      });
  } else delete next.qualification;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, pairs: [...main, ...pretest], main, pretest, extra: next, notes };
}

/** The source study a region preference test is made from, as viewPairs reads it. */
export type ViewSource = Parameters<typeof viewPairs>[0];

/** The view pairs the "views" draft makes, or what is wrong. */
function viewsOf(
  v: ViewsDraft,
  source: ViewSource | undefined,
  taken: Set<string>,
): Pair[] | string {
  if (source === undefined)
    return "the views come from a study with listeners' regions and a model's saliency: choose it under Clips";
  if (v.model === "") return "choose the model whose saliency the listeners' regions face";
  let count: number | undefined;
  if (v.clips === "count") {
    const n = wholeNumber(v.count, 100000);
    if (typeof n === "string") return `the number of clips ${n}`;
    count = n;
  }
  const made = viewPairs(source, {
    regions: v.regions,
    model: v.model,
    ...(count !== undefined ? { count } : {}),
  });
  if (!made.ok) return made.problem;
  for (const p of made.pairs) taken.add(p.id);
  return made.pairs;
}

/** The keys the design sets (`comparison`, `qualification`, `collection`), from `design` into `extra`. */
export function withDesign(
  extra: Record<string, unknown>,
  design: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = { ...extra };
  for (const key of ["comparison", "qualification", "collection"]) {
    if (design[key] === undefined) delete out[key];
    else out[key] = design[key];
  }
  return out;
}
