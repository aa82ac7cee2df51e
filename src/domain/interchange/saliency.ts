// `saliency[]` of the interchange format (docs/spec/interchange-format.md): a model's frame
// scores per clip. Optional: a file without it reads as before, and a writer leaves it out when
// there is none. Read here, structure and cross-field rules together, so that schema.ts only
// hands the array over and takes the records back.

import { describeValue, type ProblemList } from "./problems.ts";
import type { SaliencyRecord } from "./types.ts";
import { compiledOnUse, z } from "./zod.ts";

export const SaliencySchema = z.object({
  clipId: z.string().min(1),
  model: z.string().min(1),
  hopSeconds: z.number().positive(),
  offsetSeconds: z.number().min(0).optional(),
  values: z.array(z.number()).min(1),
});

const record = compiledOnUse(SaliencySchema);
const KEYS = new Set(Object.keys(SaliencySchema.shape));

/** The record's key: one record per clip and model. */
export function saliencyKey(r: { clipId: string; model: string }): string {
  return `${r.clipId}\u0000${r.model}`;
}

/**
 * Checks `saliency` of the raw input (undefined: the file has none) against the clips' ids;
 * returns the records, or undefined when there is none or a problem (added to `problems`).
 */
export function readSaliency(
  items: unknown,
  clipIds: ReadonlySet<string> | undefined,
  problems: ProblemList,
  issueMessage: (issue: z.core.$ZodIssue) => string,
): SaliencyRecord[] | undefined {
  if (items === undefined) return undefined;
  if (!Array.isArray(items)) {
    problems.add(["saliency"], `must be an array (got ${describeValue(items)})`, 0);
    return undefined;
  }
  const out: SaliencyRecord[] = [];
  const first = new Map<string, number>();
  let failed = false;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const parsed = record().safeParse(item, { reportInput: true });
    if (!parsed.success) {
      failed = true;
      for (const issue of parsed.error.issues) {
        problems.add(["saliency", i, ...issue.path], issueMessage(issue), 0);
      }
      continue;
    }
    const r = parsed.data;
    if (clipIds !== undefined && !clipIds.has(r.clipId)) {
      failed = true;
      problems.add(["saliency", i, "clipId"], `no clip with id ${JSON.stringify(r.clipId)}`, 1);
    }
    const key = saliencyKey(r);
    const at = first.get(key);
    if (at !== undefined) {
      failed = true;
      problems.add(
        ["saliency", i],
        `duplicate saliency of clip ${JSON.stringify(r.clipId)} by model ${JSON.stringify(r.model)} (first at saliency[${at}])`,
        1,
      );
    } else first.set(key, i);
    // Keys the schema does not take are dropped (zod strips them); a record without any is kept as it is.
    let plain = true;
    for (const k in item as object) if (!KEYS.has(k)) plain = false;
    out.push(plain ? (item as SaliencyRecord) : r);
  }
  return failed ? undefined : out;
}

/**
 * Stored saliency with incoming records put in: a record of the same clip and model replaces
 * the stored one in its place, new ones follow in the order given.
 */
export function mergeSaliency(
  stored: readonly SaliencyRecord[] | undefined,
  incoming: readonly SaliencyRecord[],
): SaliencyRecord[] {
  const out = [...(stored ?? [])];
  const at = new Map(out.map((r, i) => [saliencyKey(r), i]));
  for (const r of incoming) {
    const i = at.get(saliencyKey(r));
    if (i === undefined) {
      at.set(saliencyKey(r), out.length);
      out.push(r);
    } else out[i] = r;
  }
  return out;
}
