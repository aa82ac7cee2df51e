// How far experts agree on reasons (docs/statistics.md, "Expert agreement on reasons"): for each
// pair of annotators who both labelled some of the same spans, Cohen's kappa per reason over
// those spans (present/absent), and overall over every (span, reason) cell; then the mean over
// pairs. The RedPen paper did not measure this.
import { idRecord } from "../idRecord.ts";
import type { AnnotationFile } from "../types.ts";
import { kappaFromCells } from "./kappa.ts";
import { byCodeUnit } from "./records.ts";

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

export function expertAgreement(file: AnnotationFile): ExpertAgreement {
  const taxonomy = file.taxonomy.map((t) => t.id);
  // Each labeller's reasons per span (two records for one span and labeller are joined).
  const byLabeller = new Map<string, Map<string, Set<string>>>();
  for (const label of file.reasonLabels) {
    let spans = byLabeller.get(label.annotatorId);
    if (!spans) {
      spans = new Map();
      byLabeller.set(label.annotatorId, spans);
    }
    const reasons = spans.get(label.regionId) ?? new Set<string>();
    for (const r of label.reasons) reasons.add(r);
    spans.set(label.regionId, reasons);
  }
  const labellers = [...byLabeller.keys()].sort(byCodeUnit);
  const pairs: ExpertPairAgreement[] = [];
  for (let i = 0; i < labellers.length; i++) {
    for (let j = i + 1; j < labellers.length; j++) {
      const a = labellers[i] as string;
      const b = labellers[j] as string;
      const spansA = byLabeller.get(a) as Map<string, Set<string>>;
      const spansB = byLabeller.get(b) as Map<string, Set<string>>;
      const shared = [...spansA.keys()].filter((id) => spansB.has(id));
      if (shared.length === 0) continue;
      const all = [0, 0, 0, 0]; // n11, n10, n01, n00 over (span, reason) cells
      const byReason = idRecord<number | null>();
      for (const reason of taxonomy) {
        const cells = [0, 0, 0, 0];
        for (const id of shared) {
          const x = (spansA.get(id) as Set<string>).has(reason);
          const y = (spansB.get(id) as Set<string>).has(reason);
          const cell = x ? (y ? 0 : 1) : y ? 2 : 3;
          cells[cell] = (cells[cell] as number) + 1;
          all[cell] = (all[cell] as number) + 1;
        }
        byReason[reason] = kappaFromCells(...(cells as [number, number, number, number]));
      }
      pairs.push({
        a,
        b,
        spans: shared.length,
        overall: kappaFromCells(...(all as [number, number, number, number])),
        byReason,
      });
    }
  }
  const byReason = idRecord<number | null>();
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
