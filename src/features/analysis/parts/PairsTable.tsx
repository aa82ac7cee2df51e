import { useMemo, useState } from "react";
import { Table, Td, Th } from "../../../components/Table.tsx";
import { definitionOf } from "../../../domain/stats/definitions.ts";
import type { PairKappa } from "../../../domain/stats/report.ts";
import { PAIR_KAPPA_NULL } from "../explain.ts";
import { count, fixed } from "../format.ts";
import { Defined } from "./Defined.tsx";
import { Pager } from "./Pager.tsx";
import { Value } from "./Value.tsx";

const PAGE = 20;

type PairOrder = "pair" | "kappa-asc" | "kappa-desc" | "bins";

function orderPairs(pairs: readonly PairKappa[], order: PairOrder): readonly PairKappa[] {
  if (order === "pair") return pairs; // the report's order: by a, then b
  const sorted = [...pairs];
  if (order === "bins") return sorted.sort((x, y) => y.bins - x.bins);
  const sign = order === "kappa-asc" ? 1 : -1;
  return sorted.sort((x, y) => {
    if (x.kappa === null || y.kappa === null)
      return x.kappa === null ? (y.kappa === null ? 0 : 1) : -1;
    return sign * (x.kappa - y.kappa);
  });
}

/** Every annotator pair that shares a clip: their pooled kappa over the shared bins. */
export function PairsTable({
  pairs,
  definition,
}: {
  pairs: readonly PairKappa[];
  definition: string;
}) {
  const [order, setOrder] = useState<PairOrder>("pair");
  const [page, setPage] = useState(0);
  const ordered = useMemo(() => orderPairs(pairs, order), [pairs, order]);
  const rows = ordered.slice(page * PAGE, (page + 1) * PAGE);
  if (pairs.length === 0) {
    return (
      <p className="mt-5 text-sm text-slate-600">
        No annotator pairs yet: kappa needs two annotators who annotated the same clip.
      </p>
    );
  }
  return (
    <div className="mt-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">
          <Defined definition={definition}>Pairwise kappa</Defined>
        </h3>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Order
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={order}
            onChange={(e) => {
              setOrder(e.target.value as PairOrder);
              setPage(0);
            }}
          >
            <option value="pair">by annotator</option>
            <option value="kappa-asc">lowest kappa first</option>
            <option value="kappa-desc">highest kappa first</option>
            <option value="bins">most bins first</option>
          </select>
        </label>
      </div>
      <div className="relative overflow-x-auto">
        <Table
          caption="Cohen's kappa for each annotator pair"
          headRow="caps"
          th="py-2 pr-4 font-medium"
          td="py-1.5 pr-4"
          head={
            <>
              <Th>Annotator a</Th>
              <Th>Annotator b</Th>
              <Th numeric>
                <Defined definition={definitionOf("pair.clips")}>Clips</Defined>
              </Th>
              <Th numeric>
                <Defined definition={definitionOf("pair.bins")}>Bins</Defined>
              </Th>
              <Th numeric last>
                <Defined definition={definitionOf("pair.kappa")}>Kappa</Defined>
              </Th>
            </>
          }
        >
          {rows.map((p) => (
            <tr key={`${p.a}\u0000${p.b}`} className="border-b border-slate-100 last:border-0">
              <Td className="font-mono text-xs">{p.a}</Td>
              <Td className="font-mono text-xs">{p.b}</Td>
              <Td numeric>{count(p.clips)}</Td>
              <Td numeric>{count(p.bins)}</Td>
              <Td last className="text-right">
                <Value text={fixed(p.kappa)} reason={PAIR_KAPPA_NULL} />
              </Td>
            </tr>
          ))}
        </Table>
      </div>
      <Pager label="Pairs" page={page} pageSize={PAGE} total={pairs.length} onPage={setPage} />
    </div>
  );
}
