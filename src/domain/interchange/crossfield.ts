// The interchange format's rules that span fields and records (docs/spec/interchange-format.md,
// "Reading rules"): unique ids, one submission per (clip, annotator), one reason label per
// (region, annotator), every reference resolving, 0 <= start < end, reasons non-empty and
// without repeats. They run on the raw input, in one pass per array, so they are reported
// together with the structural problems even when the structure is broken elsewhere; a
// record whose fields have the wrong type is skipped here (the structural step reported it),
// and references into an array that is not an array at all are not checked.
import { checkComparison } from "./comparison.ts";
import { IdIndex, PairIndex } from "./indexes.ts";
import type { ProblemList } from "./problems.ts";
import { spanFit } from "./spanFit.ts";

type Rec = Record<string, unknown>;

export function isRecord(v: unknown): v is Rec {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function nonEmpty(v: unknown): v is string {
  return typeof v === "string" && v.length > 0;
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

const quote = (s: string) => JSON.stringify(s);

/** What the output step needs: the regions that reach past their clip's duration. */
export interface CrossFieldFindings {
  /** Regions that start inside their clip and end past it: (index in regions, duration). */
  clamps: [number, number][];
  /**
   * Regions that start at or past their clip's end: (index in regions, duration). Clamping
   * would leave them empty (statistics.md: "if e <= s it is empty"), so they are kept as they
   * are, with a warning, and mark nothing.
   */
  outside: [number, number][];
  /** Each submission's clip and annotator as indexes into clips and annotators (-1 or -2: unresolved). */
  submissionClip: Int32Array;
  submissionAnnotator: Int32Array;
}

/** Ids of one array, duplicates reported. Undefined when the array is missing or not one. */
function indexIds(section: string, items: unknown, problems: ProblemList): IdIndex | undefined {
  if (!Array.isArray(items)) return undefined;
  const index = new IdIndex();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isRecord(item) || !nonEmpty(item.id)) continue;
    const first = index.add(item.id, i);
    if (first !== undefined) {
      problems.add(
        [section, i, "id"],
        `duplicate id ${quote(item.id)} (first at ${section}[${first}])`,
        1,
      );
    }
  }
  return index;
}

/**
 * Resolves a reference to the index of the record it names: -1 if it names none (reported),
 * -2 if it cannot be checked (not a non-empty string, or no target array).
 */
function resolve(
  ids: IdIndex | undefined,
  value: unknown,
  section: string,
  index: number,
  field: string,
  what: string,
  problems: ProblemList,
): number {
  if (ids === undefined || !nonEmpty(value)) return -2;
  const at = ids.get(value);
  if (at !== undefined) return at;
  problems.add([section, index, field], `no ${what} with id ${quote(value)}`, 1);
  return -1;
}

/**
 * Repeated (x, y) pairs: resolved ones by index through PairIndex, the rest (references that
 * do not resolve, already reported) by their text.
 */
class PairCheck {
  private readonly resolved: PairIndex;
  private readonly text = new Map<string, number>();

  constructor(records: number, xCount: number, yCount: number) {
    this.resolved = new PairIndex(records, Math.max(1, xCount), Math.max(1, yCount));
  }

  firstAt(index: number, x: number, y: number, xs: string, ys: string): number | undefined {
    if (x >= 0 && y >= 0) return this.resolved.firstAt(index, x, y);
    const key = `${xs}\u0000${ys}`;
    const at = this.text.get(key);
    if (at === undefined) this.text.set(key, index);
    return at;
  }
}

function checkSubmissions(
  submissions: unknown[],
  clipIds: IdIndex | undefined,
  annotatorIds: IdIndex | undefined,
  clipCount: number,
  annotatorCount: number,
  problems: ProblemList,
  findings: CrossFieldFindings,
): void {
  const pairs = new PairCheck(submissions.length, clipCount, annotatorCount);
  const clipOf = new Int32Array(submissions.length).fill(-2);
  const annotatorOf = new Int32Array(submissions.length).fill(-2);
  findings.submissionClip = clipOf;
  findings.submissionAnnotator = annotatorOf;
  for (let i = 0; i < submissions.length; i++) {
    const s: unknown = submissions[i];
    if (!isRecord(s)) continue;
    const { clipId, annotatorId } = s;
    const c = resolve(clipIds, clipId, "submissions", i, "clipId", "clip", problems);
    const a = resolve(
      annotatorIds,
      annotatorId,
      "submissions",
      i,
      "annotatorId",
      "annotator",
      problems,
    );
    clipOf[i] = c;
    annotatorOf[i] = a;
    if (!nonEmpty(clipId) || !nonEmpty(annotatorId)) continue;
    const first = pairs.firstAt(i, c, a, clipId, annotatorId);
    if (first !== undefined) {
      problems.add(
        ["submissions", i],
        `duplicate submission for clip ${quote(clipId)} by annotator ${quote(annotatorId)} (first at submissions[${first}])`,
        1,
      );
    }
  }
}

function checkRegions(
  regions: unknown[],
  clips: unknown[],
  clipIds: IdIndex | undefined,
  annotatorIds: IdIndex | undefined,
  problems: ProblemList,
  { clamps, outside }: CrossFieldFindings,
): IdIndex {
  const regionIds = new IdIndex();
  for (let i = 0; i < regions.length; i++) {
    const r: unknown = regions[i];
    if (!isRecord(r)) continue;
    const { id, clipId, start, end } = r;
    if (nonEmpty(id)) {
      const first = regionIds.add(id, i);
      if (first !== undefined) {
        problems.add(
          ["regions", i, "id"],
          `duplicate id ${quote(id)} (first at regions[${first}])`,
          1,
        );
      }
    }
    const c = resolve(clipIds, clipId, "regions", i, "clipId", "clip", problems);
    resolve(annotatorIds, r.annotatorId, "regions", i, "annotatorId", "annotator", problems);
    if (!isFiniteNumber(start) || !isFiniteNumber(end) || start < 0) continue;
    if (end <= start) {
      problems.add(["regions", i, "end"], `must be greater than start (${start})`, 1);
      continue;
    }
    const clip: unknown = c >= 0 ? clips[c] : undefined;
    const duration = isRecord(clip) ? clip.duration : undefined;
    if (!isFiniteNumber(duration) || duration <= 0) continue;
    // An end past the clip is clamped to it; a region starting at or past the clip's end is
    // valid but empty after clamping: kept unchanged (so it reads back the same), warned about.
    const fit = spanFit({ start, end }, duration);
    if (fit === "outside") outside.push([i, duration]);
    else if (fit === "clamped") clamps.push([i, duration]);
  }
  return regionIds;
}

function checkReasons(
  reasons: unknown[],
  i: number,
  taxonomyIds: IdIndex | undefined,
  problems: ProblemList,
): void {
  if (reasons.length === 0) {
    problems.add(["reasonLabels", i, "reasons"], "must list at least one reason", 1);
    return;
  }
  for (let j = 0; j < reasons.length; j++) {
    const reason: unknown = reasons[j];
    if (!nonEmpty(reason)) continue;
    const first = reasons.indexOf(reason);
    if (first < j) {
      problems.add(
        ["reasonLabels", i, "reasons", j],
        `duplicate reason ${quote(reason)} (first at reasons[${first}])`,
        1,
      );
    } else if (taxonomyIds !== undefined && !taxonomyIds.has(reason)) {
      problems.add(
        ["reasonLabels", i, "reasons", j],
        `no taxonomy entry with id ${quote(reason)}`,
        1,
      );
    }
  }
}

function checkReasonLabels(
  labels: unknown[],
  regionIds: IdIndex | undefined,
  annotatorIds: IdIndex | undefined,
  taxonomyIds: IdIndex | undefined,
  regionCount: number,
  annotatorCount: number,
  problems: ProblemList,
): void {
  const pairs = new PairCheck(labels.length, regionCount, annotatorCount);
  for (let i = 0; i < labels.length; i++) {
    const l: unknown = labels[i];
    if (!isRecord(l)) continue;
    const { regionId, annotatorId, reasons } = l;
    const r = resolve(regionIds, regionId, "reasonLabels", i, "regionId", "region", problems);
    const a = resolve(
      annotatorIds,
      annotatorId,
      "reasonLabels",
      i,
      "annotatorId",
      "annotator",
      problems,
    );
    if (nonEmpty(regionId) && nonEmpty(annotatorId)) {
      const first = pairs.firstAt(i, r, a, regionId, annotatorId);
      if (first !== undefined) {
        problems.add(
          ["reasonLabels", i],
          `duplicate label of region ${quote(regionId)} by annotator ${quote(annotatorId)} (first at reasonLabels[${first}])`,
          1,
        );
      }
    }
    if (Array.isArray(reasons)) checkReasons(reasons, i, taxonomyIds, problems);
  }
}

/** Checks every cross-field rule on the raw input, adding what it finds to `problems`. */
export function checkCrossField(data: Rec, problems: ProblemList): CrossFieldFindings {
  const taxonomyIds = indexIds("taxonomy", data.taxonomy, problems);
  const clipIds = indexIds("clips", data.clips, problems);
  const annotatorIds = indexIds("annotators", data.annotators, problems);
  const { submissions, regions, reasonLabels } = data;
  const clips = Array.isArray(data.clips) ? data.clips : [];
  const annotatorCount = Array.isArray(data.annotators) ? data.annotators.length : 0;
  const findings: CrossFieldFindings = {
    clamps: [],
    outside: [],
    submissionClip: new Int32Array(0),
    submissionAnnotator: new Int32Array(0),
  };
  if (Array.isArray(submissions)) {
    checkSubmissions(
      submissions,
      clipIds,
      annotatorIds,
      clips.length,
      annotatorCount,
      problems,
      findings,
    );
  }
  let regionIds: IdIndex | undefined;
  if (Array.isArray(regions)) {
    regionIds = checkRegions(regions, clips, clipIds, annotatorIds, problems, findings);
  }
  if (Array.isArray(reasonLabels)) {
    const regionCount = Array.isArray(regions) ? regions.length : 0;
    checkReasonLabels(
      reasonLabels,
      regionIds,
      annotatorIds,
      taxonomyIds,
      regionCount,
      annotatorCount,
      problems,
    );
  }
  checkComparison(data, clipIds, annotatorIds, problems);
  return findings;
}
