// The region preference test (the RedPen paper's Table 3; issue 41): from a marked study with a
// model's saliency, view pairs that show one clip twice, once with the listeners' regions
// (`regions:union` or `regions:overlap`) highlighted and once with the model's most salient
// bins (`saliency:<model>`), run as a paired comparison. Pure: New study and `cli new --from`
// call these, and the new study carries what the server needs to highlight each side (the
// clips' crowd spans and the saliency records, viewRecords).

import type {
  AnnotationFile,
  Annotator,
  Pair,
  Region,
  SaliencyRecord,
  Submission,
} from "../../interchange/types.ts";
import { saliencyModels } from "../../stats/saliency.ts";
import { us } from "../../stats/time.ts";
import { crowdBins, viewPairBins } from "../../stats/views.ts";
import { seededRandom } from "../../util/random.ts";

export type RegionView = "union" | "overlap";

/** The listeners' side of the test, the model, and how many clips (absent: every clip). */
export interface ViewPairChoice {
  regions: RegionView;
  model: string;
  count?: number;
  seed?: string;
}

/** The seed of the choice of clips when fewer than all are asked for. */
export const VIEW_SEED = "redpen-views";

type SourceFile = Pick<
  AnnotationFile,
  "study" | "clips" | "annotators" | "submissions" | "regions" | "saliency"
>;

/** The bin width of a study file (its `binSeconds`, 0.1 s when absent), in µs. */
function binUsOf(file: SourceFile): number {
  return us(file.study.binSeconds ?? 0.1);
}

/**
 * What the study offers a region preference test: its models (code-unit order) and, per model
 * and region view, how many clips have that model's saliency and a non-empty view.
 */
export function viewPairOptions(file: SourceFile): {
  models: string[];
  clips: Record<string, Record<RegionView, number>>;
} {
  const models = saliencyModels(file as AnnotationFile);
  const clips: Record<string, Record<RegionView, number>> = {};
  for (const model of models) clips[model] = { union: 0, overlap: 0 };
  const binUs = binUsOf(file);
  const byId = new Map(file.clips.map((c) => [c.id, c]));
  for (const r of file.saliency ?? []) {
    const clip = byId.get(r.clipId);
    const counts = clips[r.model];
    if (clip === undefined || counts === undefined) continue;
    const crowd = crowdBins(file, clip.id, us(clip.duration), binUs);
    if (crowd.union.length > 0) counts.union++;
    if (crowd.overlap.length > 0) counts.overlap++;
  }
  return { models, clips };
}

export type ViewPairsResult =
  | { ok: true; pairs: Pair[]; available: number; note?: string }
  | { ok: false; problem: string };

/**
 * One view pair per clip that has the model's saliency and whose listeners' view highlights at
 * least one bin: `a` the listeners' view, `b` the model's, id `<clip>:regions:<view>~saliency:
 * <model>`, in the study's clip order. With `count`, that many of those clips, drawn by a seeded
 * shuffle (the same study and seed, the same clips), still in clip order.
 */
export function viewPairs(
  file: SourceFile,
  choice: ViewPairChoice,
  taken = new Set<string>(),
): ViewPairsResult {
  const { model, regions } = choice;
  const models = saliencyModels(file as AnnotationFile);
  if (models.length === 0)
    return {
      ok: false,
      problem:
        "the study has no model saliency: import a model's saliency (a CSV or .npy files) into it first",
    };
  if (!models.includes(model))
    return {
      ok: false,
      problem: `no saliency of model "${model}" in the study (its models: ${models.join(", ")})`,
    };
  if (choice.count !== undefined && !(Number.isInteger(choice.count) && choice.count >= 1))
    return {
      ok: false,
      problem: `the number of clips must be a whole number of 1 or more (got ${choice.count})`,
    };
  const withSaliency = new Set(
    (file.saliency ?? []).filter((r) => r.model === model).map((r) => r.clipId),
  );
  const binUs = binUsOf(file);
  const a = `regions:${regions}`;
  const b = `saliency:${model}`;
  const eligible = file.clips.filter(
    (c) => withSaliency.has(c.id) && viewPairBins(file, { clipId: c.id, a, b }, binUs).ok,
  );
  if (eligible.length === 0)
    return {
      ok: false,
      problem: `no clip has both model "${model}"'s saliency and ${
        regions === "overlap"
          ? "a bin every crowd annotator of the clip marked (choose the union instead)"
          : "a region marked by a crowd annotator"
      }`,
    };
  let chosen = eligible;
  if (choice.count !== undefined && choice.count < eligible.length) {
    const random = seededRandom(choice.seed ?? VIEW_SEED);
    const order = eligible.map((c) => c.id);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as string, order[i] as string];
    }
    const keep = new Set(order.slice(0, choice.count));
    chosen = eligible.filter((c) => keep.has(c.id));
  }
  const pairs = chosen.map((c) => {
    let id = `${c.id}:${a}~${b}`;
    for (let n = 2; taken.has(id); n++) id = `${c.id}:${a}~${b}-${n}`;
    taken.add(id);
    return { id, clipId: c.id, a, b };
  });
  return {
    ok: true,
    pairs,
    available: eligible.length,
    ...(choice.count !== undefined && choice.count > eligible.length
      ? {
          note: `${eligible.length} clip${eligible.length === 1 ? "" : "s"} have both (fewer than the ${choice.count} asked for): the test uses all of them`,
        }
      : {}),
  };
}

/** What a study of view pairs carries from its source study so that each side can be drawn. */
export interface ViewRecords {
  /** The crowd annotators of the clips, id and role only (nothing personal travels). */
  annotators: Annotator[];
  /** Their submissions on the clips: who annotated a clip, marking nothing or not (overlap). */
  submissions: Submission[];
  regions: Region[];
  saliency: SaliencyRecord[];
}

/**
 * The records of the source study that the view pairs' sides are computed from: the crowd's
 * submissions and regions on the pairs' clips (their annotators as `{ id, role: "crowd" }`),
 * and the saliency records of the models the pairs name on those clips. A submission keeps
 * only its clip and annotator (a participant's score, time or transcript stays behind).
 */
export function viewRecords(file: SourceFile, pairs: readonly Pair[]): ViewRecords {
  const clips = new Set<string>();
  const models = new Set<string>();
  for (const p of pairs) {
    if (p.clipId === undefined) continue;
    clips.add(p.clipId);
    for (const view of [p.a, p.b])
      if (view.startsWith("saliency:")) models.add(view.slice("saliency:".length));
  }
  const crowd = new Set(file.annotators.filter((a) => a.role === "crowd").map((a) => a.id));
  const submissions = file.submissions
    .filter((s) => clips.has(s.clipId) && crowd.has(s.annotatorId))
    .map((s) => ({ clipId: s.clipId, annotatorId: s.annotatorId }));
  const regions = file.regions
    .filter((r) => clips.has(r.clipId) && crowd.has(r.annotatorId))
    .map((r) => ({
      id: r.id,
      clipId: r.clipId,
      annotatorId: r.annotatorId,
      start: r.start,
      end: r.end,
    }));
  const used = new Set([...submissions, ...regions].map((r) => r.annotatorId));
  return {
    annotators: file.annotators
      .filter((a) => used.has(a.id))
      .map((a) => ({ id: a.id, role: "crowd" as const })),
    submissions,
    regions,
    saliency: (file.saliency ?? []).filter((r) => clips.has(r.clipId) && models.has(r.model)),
  };
}

/**
 * A view pair construction as written (`cli new --pairs`): `regions:union~saliency:MODEL` or
 * `regions:overlap~saliency:MODEL`. Null: the text names no view (a clip-pair construction);
 * otherwise the choice or what is wrong with it.
 */
export function parseViewChoice(
  text: string,
): { regions: RegionView; model: string } | { problem: string } | null {
  if (!text.startsWith("regions:") && !text.startsWith("saliency:")) return null;
  const match = /^regions:(union|overlap)~saliency:(.+)$/.exec(text);
  if (match === null)
    return {
      problem: `"${text}" is not a region preference test: write regions:union~saliency:MODEL or regions:overlap~saliency:MODEL (the listeners' view first, then the model's)`,
    };
  const model = (match[2] as string).trim();
  return { regions: match[1] as RegionView, model };
}
