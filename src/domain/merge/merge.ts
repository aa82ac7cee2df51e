// Planning an import: which records of the incoming interchange files are new, which are
// already stored unchanged, and which clash with a stored (or an earlier incoming) record of
// the same id. Pure: the database layer (src/db/studyFiles.ts) loads the stored study as an
// interchange file, calls planMerge, lets the person choose, then writes resolveMerge's result.
//
// Rules (docs/formats.md, "Import and merge"):
// - Records merge by key: study id, taxonomy id, clip id, annotator id, (clipId, annotatorId)
//   for submissions, region id, (regionId, annotatorId) for reason labels, pair id, and
//   (pairId, annotatorId) for a comparison's judgments.
// - Content is compared deep-equal, ignoring key order, keys whose value is undefined, the
//   defaults `isReference: false` / `requireRating: false`, and the order of a label's reasons.
//   A file's study without `requireRating` takes the stored setting.
// - A record already stored with different content, or met in two incoming files with
//   different content, is a conflict. The version that is stored (or, if none, the one from the
//   file listed first) is "current"; choosing "incoming" replaces it.
// - Reason labels follow their region: a label is kept only if it was made on the version of
//   the region that stays. Keeping a region's stored version drops the incoming labels made on
//   the incoming version; taking the incoming version replaces the stored labels on it.
// - A file that carries an annotator's submission for a clip carries all their regions on it.
//   A stored region of that clip and annotator that no incoming file has is "left out": the
//   annotator deleted it after an earlier export. Left-out regions stay unless the person
//   chooses to remove them (MISSING_REGIONS_KEY: "incoming"); removing one removes the stored
//   reason labels on it too.

import type {
  AnnotationFile,
  Annotator,
  Clip,
  Judgment,
  Pair,
  ReasonLabel,
  Region,
  Study,
  Submission,
  TaxonomyEntry,
} from "../interchange/types.ts";
import { idRecord, ownValue } from "../util/idRecord.ts";

export type EntityKind =
  | "study"
  | "taxonomy"
  | "clip"
  | "annotator"
  | "submission"
  | "region"
  | "reasonLabel"
  | "pair"
  | "judgment";

export const ENTITY_KINDS: readonly EntityKind[] = [
  "study",
  "taxonomy",
  "clip",
  "annotator",
  "submission",
  "region",
  "reasonLabel",
  "pair",
  "judgment",
];

export interface EntityTypes {
  study: Study;
  taxonomy: TaxonomyEntry;
  clip: Clip;
  annotator: Annotator;
  submission: Submission;
  region: Region;
  reasonLabel: ReasonLabel;
  pair: Pair;
  judgment: Judgment;
}

export type EntityValue = EntityTypes[EntityKind];

/** One version of a record: from the database ("stored") or from a named incoming file. */
export interface Version<T> {
  stored: boolean;
  /** "stored" or the incoming file's name. */
  source: string;
  value: T;
  /** Reason labels only: the content of the region, as the label's source has it. */
  basis?: string;
}

export type Choice = "keep" | "incoming";

export interface Conflict {
  /** Unique within the plan; the key of `choices`. */
  key: string;
  kind: EntityKind;
  /** The record's key for people: "r1", "c001 / w17". */
  id: string;
  current: Version<EntityValue>;
  incoming: Version<EntityValue>;
  /** A reason label made on a different version of its region: it follows that region's choice. */
  followsRegion?: string;
}

/** A stored region that the incoming files leave out (see the rules above). */
export interface MissingRegion {
  region: Region;
  /** The first incoming file that carries its clip's submission by its annotator. */
  source: string;
  /** The annotators of the stored reason labels on it (removed with it). */
  labelledBy: string[];
}

/** The choice key for the left-out regions: "incoming" removes them, as the files have it. */
export const MISSING_REGIONS_KEY = "regions:left-out";

export interface EntityPlan<T> {
  new: Version<T>[];
  unchanged: T[];
  conflicts: Conflict[];
}

export interface Counts {
  new: number;
  unchanged: number;
  conflicts: number;
}

export interface MergePlan {
  studyId: string;
  /** The study's name as it will show: stored name, else the first file's. */
  studyName: string;
  studyExists: boolean;
  sources: string[];
  entities: { [K in EntityKind]: EntityPlan<EntityTypes[K]> };
  /** Every conflict, in entity order. */
  conflicts: Conflict[];
  /** For each reason label key, the region contents its incoming versions were made on. */
  incomingLabelBases: Record<string, string[]>;
  /** Stored reason labels on regions that are in conflict (they may be replaced). */
  storedLabelsOnConflictedRegions: Version<ReasonLabel>[];
  /** The stored study's taxonomy, in its order (entries are replaced in place). */
  storedTaxonomy: TaxonomyEntry[];
  /** Stored regions the incoming files leave out, in stored order. */
  missingRegions: MissingRegion[];
  summary: Counts & { byKind: Record<EntityKind, Counts> };
  /**
   * The stored study with the settings it was published with, when an incoming study that is
   * otherwise unchanged carries other ones (a collected file's `study.collection`): the
   * server's record, taken without a conflict.
   */
  studyCollection?: Study;
}

// ---------------------------------------------------------------------------------------------
// Keys and content comparison

export function entityKey<K extends EntityKind>(kind: K, value: EntityTypes[K]): string {
  switch (kind) {
    case "submission": {
      const s = value as Submission;
      return `${s.clipId} / ${s.annotatorId}`;
    }
    case "reasonLabel": {
      const l = value as ReasonLabel;
      return `${l.regionId} / ${l.annotatorId}`;
    }
    case "judgment": {
      const j = value as Judgment;
      return `${j.pairId} / ${j.annotatorId}`;
    }
    default:
      return (value as { id: string }).id;
  }
}

function listOf<K extends EntityKind>(file: AnnotationFile, kind: K): EntityTypes[K][] {
  const lists: { [P in EntityKind]: EntityTypes[P][] } = {
    study: [file.study],
    taxonomy: file.taxonomy,
    clip: file.clips,
    annotator: file.annotators,
    submission: file.submissions,
    region: file.regions,
    reasonLabel: file.reasonLabels,
    pair: file.pairs ?? [],
    judgment: file.judgments ?? [],
  };
  return lists[kind];
}

/** JSON with object keys sorted and undefined-valued keys dropped. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The record's content as compared: defaults dropped, reasons as a set. */
export function contentOf(kind: EntityKind, value: EntityValue): string {
  const copy: Record<string, unknown> = { ...(value as object) };
  if (kind === "clip" && copy.isReference === false) delete copy.isReference;
  if (kind === "study" && copy.requireRating === false) delete copy.requireRating;
  // The server's record of how the study was published (a collected file's `study.collection`)
  // is no edit of the study: collecting it is not a conflict with the study as stored.
  if (kind === "study") delete copy.collection;
  if (kind === "reasonLabel" && Array.isArray(copy.reasons)) {
    copy.reasons = [...(copy.reasons as string[])].sort();
  }
  return canonicalJson(copy);
}

export function sameContent(kind: EntityKind, a: EntityValue, b: EntityValue): boolean {
  return contentOf(kind, a) === contentOf(kind, b);
}

// ---------------------------------------------------------------------------------------------
// Planning

/**
 * A file whose study omits `requireRating` has no opinion on it (annotators' files need not
 * carry study settings): it takes the stored setting instead of clashing with it.
 */
function withStoredSetting(
  kind: EntityKind,
  value: EntityValue,
  stored: EntityValue | undefined,
): EntityValue {
  if (kind !== "study" || stored === undefined || "requireRating" in value) return value;
  const setting = (stored as Study).requireRating;
  return setting === undefined ? value : { ...(value as Study), requireRating: setting };
}

/** Groups incoming files by their study id, keeping the order files were given in. */
export function groupByStudy<T extends { file: AnnotationFile }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.file.study.id) ?? [];
    list.push(item);
    groups.set(item.file.study.id, list);
  }
  return groups;
}

function emptyEntities(): MergePlan["entities"] {
  return {
    study: { new: [], unchanged: [], conflicts: [] },
    taxonomy: { new: [], unchanged: [], conflicts: [] },
    clip: { new: [], unchanged: [], conflicts: [] },
    annotator: { new: [], unchanged: [], conflicts: [] },
    submission: { new: [], unchanged: [], conflicts: [] },
    region: { new: [], unchanged: [], conflicts: [] },
    reasonLabel: { new: [], unchanged: [], conflicts: [] },
    pair: { new: [], unchanged: [], conflicts: [] },
    judgment: { new: [], unchanged: [], conflicts: [] },
  };
}

/**
 * Compares the incoming files of one study with what is stored of it (`existing`, undefined
 * when the study is not stored). `sourceNames[i]` names `incoming[i]` (default "file 1", …).
 * Throws when the files are not all of one study (group them with groupByStudy first).
 */
export function planMerge(
  existing: AnnotationFile | undefined,
  incoming: AnnotationFile[],
  sourceNames: string[] = [],
): MergePlan {
  const first = incoming[0];
  if (!first) throw new Error("planMerge: no incoming file");
  const studyId = first.study.id;
  for (const file of [existing, ...incoming]) {
    if (file && file.study.id !== studyId) {
      throw new Error(
        `planMerge: files of different studies ("${studyId}" and "${file.study.id}")`,
      );
    }
  }
  const names = incoming.map((_, i) => sourceNames[i] ?? `file ${i + 1}`);
  const entities = emptyEntities();
  let studyCollection: Study | undefined;
  const incomingLabelBases = idRecord<string[]>();

  // The region each label's source has, to tell which labels belong to which region version.
  const regionMaps = new Map<AnnotationFile, Map<string, Region>>();
  const basisOf = (file: AnnotationFile, label: ReasonLabel): string => {
    let map = regionMaps.get(file);
    if (!map) {
      map = new Map(file.regions.map((r) => [r.id, r]));
      regionMaps.set(file, map);
    }
    const region = map.get(label.regionId);
    return region ? contentOf("region", region) : "";
  };

  for (const kind of ENTITY_KINDS) {
    const plan = entities[kind] as EntityPlan<EntityValue>;
    const stored = new Map<string, EntityValue>();
    if (existing) for (const v of listOf(existing, kind)) stored.set(entityKey(kind, v), v);
    const seen = new Map<string, { base: Version<EntityValue>; conflicts: Conflict[] }>();

    incoming.forEach((file, fileIndex) => {
      const source = names[fileIndex] ?? "";
      for (const raw of listOf(file, kind) as EntityValue[]) {
        const key = entityKey(kind, raw);
        const value = withStoredSetting(kind, raw, stored.get(key));
        const version: Version<EntityValue> = { stored: false, source, value };
        if (kind === "reasonLabel") {
          version.basis = basisOf(file, value as ReasonLabel);
          const bases = ownValue(incomingLabelBases, key) ?? [];
          if (!bases.includes(version.basis)) bases.push(version.basis);
          incomingLabelBases[key] = bases;
        }
        let entry = seen.get(key);
        if (!entry) {
          const storedValue = stored.get(key);
          if (storedValue === undefined) {
            entry = { base: version, conflicts: [] };
            plan.new.push(version);
            seen.set(key, entry);
            continue;
          }
          const base: Version<EntityValue> = { stored: true, source: "stored", value: storedValue };
          if (kind === "reasonLabel" && existing) {
            base.basis = basisOf(existing, storedValue as ReasonLabel);
          }
          entry = { base, conflicts: [] };
          seen.set(key, entry);
          if (sameContent(kind, storedValue, value)) {
            plan.unchanged.push(value);
            const published = (value as Study).collection;
            if (
              kind === "study" &&
              published !== undefined &&
              canonicalJson(published) !== canonicalJson((storedValue as Study).collection)
            )
              studyCollection = { ...(storedValue as Study), collection: published };
            continue;
          }
        } else if (sameContent(kind, entry.base.value, value)) {
          continue;
        }
        if (entry.conflicts.some((c) => sameContent(kind, c.incoming.value, value))) continue;
        const conflict: Conflict = {
          key: `${kind}:${key}${entry.conflicts.length ? `#${entry.conflicts.length + 1}` : ""}`,
          kind,
          id: key,
          current: entry.base,
          incoming: version,
        };
        entry.conflicts.push(conflict);
        plan.conflicts.push(conflict);
      }
    });
  }

  // Labels whose two versions were made on different versions of their region follow it.
  const regionConflicts = new Map<string, Conflict[]>();
  for (const c of entities.region.conflicts) {
    const list = regionConflicts.get(c.id) ?? [];
    list.push(c);
    regionConflicts.set(c.id, list);
  }
  for (const c of entities.reasonLabel.conflicts) {
    const regionId = (c.incoming.value as ReasonLabel).regionId;
    const owner = regionConflicts.get(regionId)?.[0];
    if (owner && c.current.basis !== c.incoming.basis) c.followsRegion = owner.key;
  }
  const storedLabelsOnConflictedRegions: Version<ReasonLabel>[] = existing
    ? existing.reasonLabels
        .filter((l) => regionConflicts.get(l.regionId)?.some((c) => c.current.stored))
        .map((l) => ({
          stored: true,
          source: "stored",
          value: l,
          basis: basisOf(existing, l),
        }))
    : [];

  const missingRegions = existing ? leftOutRegions(existing, incoming, names) : [];

  const byKind = {} as Record<EntityKind, Counts>;
  const summary = { new: 0, unchanged: 0, conflicts: 0, byKind };
  const conflicts: Conflict[] = [];
  for (const kind of ENTITY_KINDS) {
    const p = entities[kind];
    byKind[kind] = {
      new: p.new.length,
      unchanged: p.unchanged.length,
      conflicts: p.conflicts.length,
    };
    summary.new += p.new.length;
    summary.unchanged += p.unchanged.length;
    summary.conflicts += p.conflicts.length;
    conflicts.push(...p.conflicts);
  }

  return {
    studyId,
    studyName: existing?.study.name ?? first.study.name,
    studyExists: existing !== undefined,
    sources: names,
    entities,
    conflicts,
    incomingLabelBases,
    storedLabelsOnConflictedRegions,
    storedTaxonomy: existing ? existing.taxonomy : [],
    missingRegions,
    summary,
    ...(studyCollection ? { studyCollection } : {}),
  };
}

/** Stored regions whose clip and annotator have a submission in an incoming file, but which no incoming file has. */
function leftOutRegions(
  existing: AnnotationFile,
  incoming: AnnotationFile[],
  names: string[],
): MissingRegion[] {
  const pair = (clipId: string, annotatorId: string) => `${clipId}\u0000${annotatorId}`;
  const submittedIn = new Map<string, string>();
  const incomingRegions = new Set<string>();
  incoming.forEach((file, i) => {
    for (const s of file.submissions) {
      const key = pair(s.clipId, s.annotatorId);
      if (!submittedIn.has(key)) submittedIn.set(key, names[i] ?? "");
    }
    for (const r of file.regions) incomingRegions.add(r.id);
  });
  if (submittedIn.size === 0) return [];
  const labelledBy = new Map<string, string[]>();
  for (const l of existing.reasonLabels) {
    const list = labelledBy.get(l.regionId) ?? [];
    list.push(l.annotatorId);
    labelledBy.set(l.regionId, list);
  }
  const out: MissingRegion[] = [];
  for (const region of existing.regions) {
    const source = submittedIn.get(pair(region.clipId, region.annotatorId));
    if (source === undefined || incomingRegions.has(region.id)) continue;
    out.push({ region, source, labelledBy: labelledBy.get(region.id) ?? [] });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Resolving the person's choices into the records to write

export type Choices = Record<string, Choice>;

/** What applyMerge writes: records to put (new or replaced), labels to delete. */
export interface MergeResolution {
  studyId: string;
  studyExists: boolean;
  /** The study header to store; undefined when the stored one stays as it is. */
  study: Study | undefined;
  /** The study's whole taxonomy after the merge; undefined when it does not change. */
  taxonomy: TaxonomyEntry[] | undefined;
  /** Taxonomy entries added or replaced. */
  taxonomyChanges: number;
  clips: Clip[];
  annotators: Annotator[];
  submissions: Submission[];
  regions: Region[];
  reasonLabels: ReasonLabel[];
  /** A comparison's pairs and judgments added or replaced. */
  pairs: Pair[];
  judgments: Judgment[];
  deleteReasonLabels: { regionId: string; annotatorId: string }[];
  /** Ids of stored regions to delete (left out by the files, and chosen to go). */
  deleteRegions: string[];
  /** Incoming labels not written because their region's other version stays. */
  droppedReasonLabels: Version<ReasonLabel>[];
}

/** The version of each record that stays, given the choices (missing choice = "keep"). */
function finalVersions(
  plan: MergePlan,
  kind: EntityKind,
  choices: Choices,
): Map<string, { version: Version<EntityValue>; changed: boolean }> {
  const p = plan.entities[kind] as EntityPlan<EntityValue>;
  const result = new Map<string, { version: Version<EntityValue>; changed: boolean }>();
  for (const v of p.new) result.set(entityKey(kind, v.value), { version: v, changed: true });
  for (const c of p.conflicts) {
    if (!result.has(c.id)) result.set(c.id, { version: c.current, changed: !c.current.stored });
    if (ownValue(choices, c.key) === "incoming")
      result.set(c.id, { version: c.incoming, changed: true });
  }
  return result;
}

const labelKey = (l: ReasonLabel): string => entityKey("reasonLabel", l);

/**
 * The person's choices in the preview: for conflicts, `byKey` overrides `all` ("All stored" /
 * "All incoming"); `removeMissing` removes the stored regions the files leave out (default:
 * keep). This and the two functions below are the one home of the choice rule: the preview
 * shows `chosenFor`, the merge takes `expandChoices`.
 */
export interface ConflictChoices {
  all: Choice;
  byKey: Choices;
  removeMissing?: boolean;
}

/** The choice for a conflict: its own, its region's (labels that follow one), or "All". */
export function chosenFor(
  conflict: { key: string; followsRegion?: string | undefined },
  choices: ConflictChoices,
): Choice {
  return ownValue(choices.byKey, conflict.followsRegion ?? conflict.key) ?? choices.all;
}

/**
 * The choices the merge rules take: every conflict's own choice, "All …" filled in, and the
 * left-out regions' choice.
 */
export function expandChoices(plan: MergePlan, choices: ConflictChoices): Choices {
  const out: Choices = idRecord();
  for (const c of plan.conflicts) {
    if (c.followsRegion) continue; // follows its region's choice (effectiveChoice)
    const choice = chosenFor(c, choices);
    if (choice === "incoming") out[c.key] = choice;
  }
  if (choices.removeMissing === true) out[MISSING_REGIONS_KEY] = "incoming";
  return out;
}

/** What a merge did, as the store reports it and the preview shows it. */
export interface MergeOutcome {
  studyId: string;
  /** The study was created by this merge. */
  created: boolean;
  /** Records added, replaced or removed (0: the import changed nothing). */
  changed: number;
  /** Incoming reason labels left out because their region's stored version stayed. */
  droppedLabels: number;
  /** Stored regions removed because the files left them out (and the person chose so). */
  removedRegions: number;
  /** The study's clips that have no audio stored after the merge. */
  clipsWithoutAudio: number;
}

/** The effective choice of a conflict (labels that follow a region take the region's). */
export function effectiveChoice(conflict: Conflict, choices: Choices): Choice {
  return ownValue(choices, conflict.followsRegion ?? conflict.key) ?? "keep";
}

export function resolveMerge(plan: MergePlan, choices: Choices): MergeResolution {
  const pick = <K extends EntityKind>(kind: K): EntityTypes[K][] => {
    const out: EntityTypes[K][] = [];
    for (const { version, changed } of finalVersions(plan, kind, choices).values()) {
      if (changed) out.push(version.value as EntityTypes[K]);
    }
    return out;
  };

  // Study header.
  const studyFinal = [...finalVersions(plan, "study", choices).values()][0];
  const study = studyFinal?.changed ? (studyFinal.version.value as Study) : plan.studyCollection;

  // Taxonomy: the stored order, entries replaced in place, new ones appended.
  const taxonomyChanges = pick("taxonomy");
  let taxonomy: TaxonomyEntry[] | undefined;
  if (taxonomyChanges.length > 0 || !plan.studyExists) {
    const byId = new Map<string, TaxonomyEntry>(plan.storedTaxonomy.map((t) => [t.id, t]));
    for (const t of taxonomyChanges) byId.set(t.id, t);
    const order = plan.storedTaxonomy.map((t) => t.id);
    for (const v of plan.entities.taxonomy.new) order.push(v.value.id);
    taxonomy = order.flatMap((id) => byId.get(id) ?? []);
  }

  // Regions, then labels made on the version of their region that stays.
  const regionFinal = finalVersions(plan, "region", choices);
  const finalRegionContent = (regionId: string): string | undefined => {
    const f = regionFinal.get(regionId);
    return f ? contentOf("region", f.version.value) : undefined;
  };
  const labelPlan = plan.entities.reasonLabel;
  const fits = (v: Version<EntityValue>): boolean => {
    const want = finalRegionContent((v.value as ReasonLabel).regionId);
    return want === undefined || v.basis === want;
  };
  const reasonLabels: ReasonLabel[] = [];
  const droppedReasonLabels: Version<ReasonLabel>[] = [];
  const deleteReasonLabels: { regionId: string; annotatorId: string }[] = [];
  const decided = new Set<string>();
  for (const v of labelPlan.new) {
    if (labelPlan.conflicts.some((c) => c.id === labelKey(v.value))) continue;
    decided.add(labelKey(v.value));
    if (fits(v)) reasonLabels.push(v.value);
    else droppedReasonLabels.push(v);
  }
  const labelConflictsById = new Map<string, Conflict[]>();
  for (const c of labelPlan.conflicts) {
    const list = labelConflictsById.get(c.id) ?? [];
    list.push(c);
    labelConflictsById.set(c.id, list);
  }
  for (const [id, list] of labelConflictsById) {
    decided.add(id);
    const base = list[0]?.current;
    if (!base) continue;
    // Candidates in order of preference: the chosen incoming versions (last wins), then base.
    const candidates: Version<EntityValue>[] = [base];
    for (const c of list)
      if (effectiveChoice(c, choices) === "incoming") candidates.push(c.incoming);
    const others = list.map((c) => c.incoming).filter((v) => !candidates.includes(v));
    const ordered = [...candidates.reverse(), ...others];
    const winner = ordered.find(fits);
    for (const v of [base, ...list.map((c) => c.incoming)]) {
      if (v !== winner && !v.stored && !fits(v))
        droppedReasonLabels.push(v as Version<ReasonLabel>);
    }
    if (winner && !winner.stored) reasonLabels.push(winner.value as ReasonLabel);
    if (!winner && base.stored) {
      const l = base.value as ReasonLabel;
      deleteReasonLabels.push({ regionId: l.regionId, annotatorId: l.annotatorId });
    }
  }
  // Stored labels made on a stored region version that is replaced: removed, unless an
  // incoming label for the same (region, annotator) was written above.
  for (const v of plan.storedLabelsOnConflictedRegions) {
    const key = labelKey(v.value);
    if (decided.has(key) || fits(v)) continue;
    const want = finalRegionContent(v.value.regionId);
    if (want !== undefined && ownValue(plan.incomingLabelBases, key)?.includes(want)) continue;
    deleteReasonLabels.push({ regionId: v.value.regionId, annotatorId: v.value.annotatorId });
  }

  // Left-out regions, when the person chose to remove them, go with their labels.
  const deleteRegions: string[] = [];
  if (ownValue(choices, MISSING_REGIONS_KEY) === "incoming") {
    for (const m of plan.missingRegions) {
      deleteRegions.push(m.region.id);
      for (const annotatorId of m.labelledBy) {
        deleteReasonLabels.push({ regionId: m.region.id, annotatorId });
      }
    }
  }

  return {
    studyId: plan.studyId,
    studyExists: plan.studyExists,
    study,
    taxonomy,
    taxonomyChanges: taxonomyChanges.length,
    clips: pick("clip"),
    annotators: pick("annotator"),
    submissions: pick("submission"),
    regions: pick("region"),
    reasonLabels,
    pairs: pick("pair"),
    judgments: pick("judgment"),
    deleteReasonLabels,
    deleteRegions,
    droppedReasonLabels,
  };
}

/** Number of records a resolution writes or deletes (0: the import changes nothing). */
export function resolutionSize(r: MergeResolution): number {
  return (
    (r.study ? 1 : 0) +
    r.taxonomyChanges +
    r.clips.length +
    r.annotators.length +
    r.submissions.length +
    r.regions.length +
    r.reasonLabels.length +
    r.pairs.length +
    r.judgments.length +
    r.deleteReasonLabels.length +
    r.deleteRegions.length
  );
}
