// How far experts agree on reasons (docs/statistics.md, "Expert agreement on reasons"): for each
// pair of annotators who both labelled some of the same spans, Cohen's kappa per reason over
// those spans (present/absent), and overall over every (span, reason) cell; then the mean over
// pairs. The RedPen paper did not measure this.

import type { AnnotationFile } from "../interchange/types.ts";
import { idRecord } from "../util/idRecord.ts";
import { kappaFromCells } from "./kappa.ts";
import { byCodeUnit, RegionLookup } from "./records.ts";

export interface ExpertPairAgreement {
  a: string;
  b: string;
  /** Spans both labelled. */
  spans: number;
  /** Kappa over every (span, reason) cell of those spans. */
  overall: number | null;
  /** Kappa per taxonomy id over those spans (null when undefined, e.g. neither ever chose it). */
  byReason: Record<string, number | null>;
}

export interface ExpertAgreement {
  pairs: ExpertPairAgreement[];
  /** Mean of the pairs' defined overall kappas; null when none is defined. */
  overall: number | null;
  /** Per taxonomy id, the mean of the pairs' defined kappas for it. */
  byReason: Record<string, number | null>;
}

const mean = (values: number[]) =>
  values.length > 0 ? values.reduce((s, x) => s + x, 0) / values.length : null;

/**
 * One pass over the reason labels: the labellers are counted first (fewer than two: nothing to
 * compare, the common case); otherwise the labels are chained per span and only spans with two
 * or more labellers are visited, each pair of their labellers adding its (reason, span) cells.
 */
export function expertAgreement(file: AnnotationFile): ExpertAgreement {
  const taxonomy = file.taxonomy.map((t) => t.id);
  const T = taxonomy.length;
  const reasonIndex = new Map(taxonomy.map((id, i) => [id, i]));
  const labels = file.reasonLabels;
  const L = labels.length;
  const distinct = new Set<string>();
  for (let i = 0; i < L; i++) distinct.add((labels[i] as (typeof labels)[number]).annotatorId);
  const labellers = [...distinct].sort(byCodeUnit);
  const N = labellers.length;
  const byReason = idRecord<number | null>();
  if (N < 2) {
    for (const reason of taxonomy) byReason[reason] = null;
    return { pairs: [], overall: null, byReason };
  }
  const labellerIndex = new Map(labellers.map((id, i) => [id, i]));
  // Labels chained per span: first label of each span, then `next` links. Spans are found by
  // their index among the regions (labels come in region order, so mostly without hashing the
  // id); an id that is no region's is chained by the id itself.
  const regions = new RegionLookup(file.regions);
  const firstOfRegion = new Int32Array(file.regions.length).fill(-1);
  const firstOfOther = new Map<string, number>();
  const next = new Int32Array(L).fill(-1);
  const shared: number[] = [];
  for (let i = 0; i < L; i++) {
    const id = (labels[i] as (typeof labels)[number]).regionId;
    const r = regions.regionOf(id);
    const known = r === undefined ? firstOfOther.get(id) : (firstOfRegion[r] as number);
    const head = known === -1 ? undefined : known;
    if (head === undefined) {
      if (r === undefined) firstOfOther.set(id, i);
      else firstOfRegion[r] = i;
      continue;
    }
    if ((next[head] as number) === -1) shared.push(head);
    next[i] = next[head] as number;
    next[head] = i;
  }
  // Per pair (a < b in code-unit order): spans both labelled and the cells n11, n10, n01, n00
  // per reason at t * 4.
  const pairCells = new Map<number, { spans: number; cells: Float64Array }>();
  const ticked = new Uint8Array(N * T);
  const present = new Int32Array(N).fill(-1);
  for (const head of shared) {
    const who: number[] = [];
    for (let i = head; i !== -1; i = next[i] as number) {
      const label = labels[i] as (typeof labels)[number];
      const a = labellerIndex.get(label.annotatorId) as number;
      if (present[a] !== head) {
        present[a] = head;
        who.push(a);
        ticked.fill(0, a * T, a * T + T);
      }
      for (const r of label.reasons) {
        const t = reasonIndex.get(r);
        if (t !== undefined) ticked[a * T + t] = 1;
      }
    }
    if (who.length < 2) continue;
    who.sort((x, y) => x - y);
    for (let x = 0; x < who.length; x++) {
      for (let y = x + 1; y < who.length; y++) {
        const a = who[x] as number;
        const b = who[y] as number;
        let pair = pairCells.get(a * N + b);
        if (!pair) {
          pair = { spans: 0, cells: new Float64Array(T * 4) };
          pairCells.set(a * N + b, pair);
        }
        pair.spans++;
        for (let t = 0; t < T; t++) {
          const cell = ticked[a * T + t] ? (ticked[b * T + t] ? 0 : 1) : ticked[b * T + t] ? 2 : 3;
          pair.cells[t * 4 + cell] = (pair.cells[t * 4 + cell] as number) + 1;
        }
      }
    }
  }
  const pairs: ExpertPairAgreement[] = [...pairCells]
    .sort((x, y) => x[0] - y[0])
    .map(([key, { spans, cells }]) => {
      const all = [0, 0, 0, 0];
      const perReason = idRecord<number | null>();
      taxonomy.forEach((reason, t) => {
        const c = cells.subarray(t * 4, t * 4 + 4);
        for (let j = 0; j < 4; j++) all[j] = (all[j] as number) + (c[j] as number);
        perReason[reason] = kappaFromCells(
          c[0] as number,
          c[1] as number,
          c[2] as number,
          c[3] as number,
        );
      });
      return {
        a: labellers[Math.floor(key / N)] as string,
        b: labellers[key % N] as string,
        spans,
        overall: kappaFromCells(...(all as [number, number, number, number])),
        byReason: perReason,
      };
    });
  for (const reason of taxonomy) {
    byReason[reason] = mean(
      pairs
        .map((p) => p.byReason[reason])
        .filter((k): k is number => k !== null && k !== undefined),
    );
  }
  return {
    pairs,
    overall: mean(pairs.map((p) => p.overall).filter((k): k is number => k !== null)),
    byReason,
  };
}
