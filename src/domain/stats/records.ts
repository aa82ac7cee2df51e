// Reading an interchange file's records into typed arrays for the one-pass analysis: clips on the
// µs bin grid, ids resolved to indexes, regions clamped and grouped by clip (sorted by annotator
// and start within a clip), submissions grouped by clip. Each phase is its own small function so
// that V8 optimizes it on its own (one huge function keeps being deoptimized on a first call).
import type { AnnotationFile, ResolvedRecords } from "../interchange/types.ts";
import { binCount, us } from "./time.ts";

/** How far ahead of the last match an id lookup looks before using an index, while it mostly hits. */
const GUESS_WINDOW = 64;
/** After this many misses, lookups look only two records ahead. */
const GUESS_MISSES = 1024;

export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Items grouped by a key: those of group g are order[offsets[g]] .. order[offsets[g+1] - 1]. */
export interface Grouped {
  offsets: Int32Array;
  order: Int32Array;
}

/** Counting sort of item indexes by key (0 <= key < groups), stable. */
export function groupBy(keys: Int32Array, groups: number): Grouped {
  const offsets = new Int32Array(groups + 1);
  for (let i = 0; i < keys.length; i++) (offsets[(keys[i] as number) + 1] as number)++;
  for (let g = 0; g < groups; g++)
    offsets[g + 1] = (offsets[g + 1] as number) + (offsets[g] as number);
  const next = offsets.slice(0, groups);
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const g = keys[i] as number;
    order[next[g] as number] = i;
    next[g] = (next[g] as number) + 1;
  }
  return { offsets, order };
}

/**
 * The items ordered by (major, minor, index), grouped by major: those of major level g are
 * order[offsets[g]] … order[offsets[g + 1] - 1]. Keys 0 … nMajor − 1 and 0 … nMinor − 1. One
 * stable counting sort by the pair (two passes over the items) while the pairs are not many more
 * than the items, else a stable counting sort by minor and then that order by major (the same
 * order, in six passes, without a count per pair).
 */
export function sortedBy(
  major: Int32Array,
  minor: Int32Array,
  nMajor: number,
  nMinor: number,
  /** Sort by pair (the default while nMajor · nMinor is at most 4n + 65,536; tests take both). */
  byPair = nMajor * nMinor <= 4 * major.length + 65_536,
): Grouped {
  const n = major.length;
  if (byPair) {
    const pairs = nMajor * nMinor;
    const next = new Int32Array(pairs + 1);
    for (let i = 0; i < n; i++) {
      const p = (major[i] as number) * nMinor + (minor[i] as number) + 1;
      next[p] = (next[p] as number) + 1;
    }
    for (let p = 0; p < pairs; p++) next[p + 1] = (next[p + 1] as number) + (next[p] as number);
    // Major level g starts where its first pair (g, 0) does.
    const offsets = new Int32Array(nMajor + 1);
    for (let g = 0; g <= nMajor; g++) offsets[g] = next[g * nMinor] as number;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const p = (major[i] as number) * nMinor + (minor[i] as number);
      const at = next[p] as number;
      order[at] = i;
      next[p] = at + 1;
    }
    return { offsets, order };
  }
  const byMinor = groupBy(minor.subarray(0, n), nMinor).order;
  const majorOfSorted = new Int32Array(n);
  for (let j = 0; j < n; j++) majorOfSorted[j] = major[byMinor[j] as number] as number;
  const { offsets, order: within } = groupBy(majorOfSorted, nMajor);
  const order = new Int32Array(n);
  for (let j = 0; j < n; j++) order[j] = byMinor[within[j] as number] as number;
  return { offsets, order };
}

/** Clip durations and bin counts on the grid of `binUs`. */
export function clipGrid(
  clips: AnnotationFile["clips"],
  binUs: number,
): { durUs: Float64Array; bins: Int32Array } {
  const C = clips.length;
  const durUs = new Float64Array(C);
  const bins = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const d = us((clips[c] as AnnotationFile["clips"][number]).duration);
    durUs[c] = d;
    bins[c] = d > 0 ? binCount(d, binUs) : 0;
  }
  return { durUs, bins };
}

/**
 * Resolves clip and annotator ids to indexes. Records of one clip or annotator tend to come
 * together, and often in clip order: a clip lookup looks at the last clip and a few after it
 * (clips without records are skipped) before an id index, which is built only when needed.
 */
export class IdLookup {
  private lastClip = 0;
  private clipMisses = 0;
  private clipIndexMap: Map<string, number> | undefined;
  private lastAnnotatorId: string | undefined;
  private lastAnnotator = -1;
  private readonly annotatorIndex = new Map<string, number>();
  /** Annotators of the file (indexes 0 … annotatorCount − 1). */
  readonly annotatorCount: number;

  constructor(
    private readonly clips: AnnotationFile["clips"],
    annotatorIds: readonly string[],
  ) {
    for (let a = 0; a < annotatorIds.length; a++)
      this.annotatorIndex.set(annotatorIds[a] as string, a);
    this.annotatorCount = annotatorIds.length;
  }

  /** Start guessing from the first clip again (a new array of records). */
  restart(): void {
    this.lastClip = 0;
  }

  clipOf(id: string, array: string, index: number): number {
    const c = this.clipIndex(id);
    if (c < 0) throw new Error(`${array}[${index}].clipId: "${id}" is not a clip of this file`);
    return c;
  }

  /** The clip's index, or -1 when no clip has this id. */
  clipIndex(id: string): number {
    const clips = this.clips;
    const stop = Math.min(
      clips.length,
      this.lastClip + (this.clipMisses < GUESS_MISSES ? GUESS_WINDOW : 2),
    );
    for (let k = this.lastClip; k < stop; k++) {
      if ((clips[k] as AnnotationFile["clips"][number]).id === id) {
        this.lastClip = k;
        return k;
      }
    }
    this.clipMisses++;
    if (this.clipIndexMap === undefined) {
      this.clipIndexMap = new Map();
      for (let k = 0; k < clips.length; k++)
        this.clipIndexMap.set((clips[k] as AnnotationFile["clips"][number]).id, k);
    }
    const c = this.clipIndexMap.get(id);
    if (c === undefined) return -1;
    this.lastClip = c;
    return c;
  }

  annotatorOf(id: string, array: string, index: number): number {
    if (id === this.lastAnnotatorId) return this.lastAnnotator;
    const a = this.annotatorIndex.get(id);
    if (a === undefined) {
      throw new Error(`${array}[${index}].annotatorId: "${id}" is not an annotator of this file`);
    }
    this.lastAnnotatorId = id;
    this.lastAnnotator = a;
    return a;
  }
}

/** Regions as typed arrays: clip, annotator, clamped start and end in µs; grouped by clip. */
export interface RegionTable extends Grouped {
  clip: Int32Array;
  annotator: Int32Array;
  start: Float64Array;
  end: Float64Array;
}

/** Clamps every region to its clip (s = us(start), e = min(us(end), D)) and groups them by clip. */
export function readRegions(
  regions: AnnotationFile["regions"],
  lookup: IdLookup,
  durUs: Float64Array,
): RegionTable {
  const R = regions.length;
  const clip = new Int32Array(R);
  const annotator = new Int32Array(R);
  const start = new Float64Array(R);
  const end = new Float64Array(R);
  lookup.restart();
  for (let i = 0; i < R; i++) {
    const r = regions[i] as AnnotationFile["regions"][number];
    const c = lookup.clipOf(r.clipId, "regions", i);
    clip[i] = c;
    annotator[i] = lookup.annotatorOf(r.annotatorId, "regions", i);
    start[i] = us(r.start);
    end[i] = Math.min(us(r.end), durUs[c] as number);
  }
  // Within a clip by (annotator, start, index). A crowd's clips have hundreds of regions each:
  // two counting sorts, by annotator and then by clip, leave only each annotator's few regions of
  // a clip to sort by start. Clips of a few regions each are sorted one by one, which costs less
  // than the counting sort's passes over every region.
  const inAnnotatorOrder = R >= MANY_REGIONS_PER_CLIP * durUs.length;
  const { offsets, order } = inAnnotatorOrder
    ? sortedBy(clip, annotator, durUs.length, lookup.annotatorCount)
    : groupBy(clip, durUs.length);
  sortWithinGroups(offsets, order, annotator, start, inAnnotatorOrder);
  return { clip, annotator, start, end, offsets, order };
}

/** Regions per clip, on average, from which readRegions sorts them by annotator first. */
const MANY_REGIONS_PER_CLIP = 32;

/**
 * Sorts each clip's regions by (annotator, start), stable: an insertion sort for a handful, else
 * a comparator sort; regions already in annotator order are sorted annotator by annotator.
 */
function sortWithinGroups(
  offsets: Int32Array,
  order: Int32Array,
  annotator: Int32Array,
  start: Float64Array,
  inAnnotatorOrder: boolean,
): void {
  const byAnnotatorThenStart = (x: number, y: number): number =>
    (annotator[x] as number) - (annotator[y] as number) ||
    (start[x] as number) - (start[y] as number);
  for (let g = 0; g + 1 < offsets.length; g++) {
    const lo = offsets[g] as number;
    const hi = offsets[g + 1] as number;
    if (hi - lo <= 32) insertionSort(order, lo, hi, annotator, start);
    else if (!inAnnotatorOrder) order.subarray(lo, hi).sort(byAnnotatorThenStart);
    else {
      // Each annotator's run by start: an insertion sort for a handful, else a comparator sort
      // (one annotator's thousands of regions on a clip, listed out of order, stay n log n).
      for (let from = lo; from < hi; ) {
        const a = annotator[order[from] as number] as number;
        let to = from + 1;
        while (to < hi && annotator[order[to] as number] === a) to++;
        if (to - from <= 32) insertionSort(order, from, to, annotator, start);
        else order.subarray(from, to).sort(byAnnotatorThenStart);
        from = to;
      }
    }
  }
}

/** order[lo … hi − 1] by (annotator, start), stable. */
function insertionSort(
  order: Int32Array,
  lo: number,
  hi: number,
  annotator: Int32Array,
  start: Float64Array,
): void {
  for (let j = lo + 1; j < hi; j++) {
    const idx = order[j] as number;
    const a = annotator[idx] as number;
    const s = start[idx] as number;
    let k = j - 1;
    while (k >= lo) {
      const other = order[k] as number;
      const oa = annotator[other] as number;
      if (oa < a || (oa === a && (start[other] as number) <= s)) break;
      order[k + 1] = other;
      k--;
    }
    order[k + 1] = idx;
  }
}

/** Submissions grouped by clip, with each clip's sum and count of submission scores. */
export interface SubmissionTable extends Grouped {
  annotator: Int32Array;
  scoreSum: Float64Array;
  scoreCount: Int32Array;
}

/**
 * The submissions grouped by clip, each one's annotator and each clip's scores; with `resolved`
 * (the reading's resolution of this file, resolvedFor), their clips and annotators as reading
 * found them, without looking the ids up again.
 */
export function readSubmissions(
  submissions: AnnotationFile["submissions"],
  lookup: IdLookup,
  clipCount: number,
  resolved?: ResolvedRecords,
): SubmissionTable {
  const S = submissions.length;
  const clip = resolved === undefined ? new Int32Array(S) : resolved.submissionClip;
  const annotator = new Int32Array(S);
  const scoreSum = new Float64Array(clipCount);
  const scoreCount = new Int32Array(clipCount);
  lookup.restart();
  // With `resolved`: the file's annotators by position, as indexes of the lookup's (sorted) ids,
  // and each submission's annotator by position (one pass over the submissions either way).
  const at =
    resolved === undefined
      ? null
      : Int32Array.from(resolved.annotators, (a) => lookup.annotatorOf(a.id, "annotators", 0));
  const of = resolved?.submissionAnnotator;
  for (let i = 0; i < S; i++) {
    const s = submissions[i] as AnnotationFile["submissions"][number];
    if (at === null || of === undefined) {
      clip[i] = lookup.clipOf(s.clipId, "submissions", i);
      annotator[i] = lookup.annotatorOf(s.annotatorId, "submissions", i);
    } else {
      annotator[i] = at[of[i] as number] as number;
    }
    const c = clip[i] as number;
    if (s.score !== undefined) {
      scoreSum[c] = (scoreSum[c] as number) + s.score;
      scoreCount[c] = (scoreCount[c] as number) + 1;
    }
  }
  const { offsets, order } = groupBy(clip, clipCount);
  return { annotator, scoreSum, scoreCount, offsets, order };
}

/**
 * Index of a region by id. Reason labels usually come in the order of their regions (an exported
 * study lists both by region id): look ahead of the last match first, and build an index of all
 * region ids only when a label is not there.
 */
export class RegionLookup {
  private cursor = 0;
  private misses = 0;
  private index: Map<string, number> | undefined;

  constructor(private readonly regions: AnnotationFile["regions"]) {}

  regionOf(id: string): number | undefined {
    const regions = this.regions;
    const stop = Math.min(
      regions.length,
      this.cursor + (this.misses < GUESS_MISSES ? GUESS_WINDOW : 2),
    );
    for (let i = this.cursor; i < stop; i++) {
      if ((regions[i] as AnnotationFile["regions"][number]).id === id) {
        this.cursor = i;
        return i;
      }
    }
    this.misses++;
    if (this.index === undefined) {
      this.index = new Map();
      for (let i = 0; i < regions.length; i++)
        this.index.set((regions[i] as AnnotationFile["regions"][number]).id, i);
    }
    const i = this.index.get(id);
    if (i !== undefined) this.cursor = i;
    return i;
  }
}

/** `records` when it was made for `file`'s own arrays, else undefined. */
export function resolvedFor(
  file: AnnotationFile,
  records: ResolvedRecords | undefined,
): ResolvedRecords | undefined {
  return records !== undefined &&
    records.clips === file.clips &&
    records.annotators === file.annotators &&
    records.submissions === file.submissions
    ? records
    : undefined;
}
