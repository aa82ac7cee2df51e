// The listeners by estimated reliability (issue 20): what `cli aggregate STUDY.json --annotators
// A.csv` writes, computed in the analysis worker by the same code, most reliable first.
import { useState } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { AnnotatorReliability } from "../../../domain/transcripts/aggregate.ts";
import { count, percent } from "../format.ts";
import { Pager } from "./Pager.tsx";

const PAGE = 25;

export function ReliabilityList({
  annotators,
  pending,
}: {
  /** Most reliable first; null when the study has no listener transcript. */
  annotators: readonly AnnotatorReliability[] | null | undefined;
  pending: boolean;
}) {
  const [page, setPage] = useState(0);
  if (pending) {
    return (
      <div className="mt-6">
        <h3 className="text-sm font-medium text-slate-800">Listeners by estimated reliability</h3>
        <p className="mt-2 text-sm text-slate-500" role="status">
          Estimating each listener's reliability from the consensus…
        </p>
      </div>
    );
  }
  if (!annotators || annotators.length === 0) return null;
  const leftOut = annotators.filter((w) => w.weight === 0).length;
  const current = Math.min(page, Math.max(0, Math.ceil(annotators.length / PAGE) - 1));
  const shown = annotators.slice(current * PAGE, (current + 1) * PAGE);
  return (
    <div className="mt-6">
      <h3 className="text-sm font-medium text-slate-800">Listeners by estimated reliability</h3>
      <p className="mt-1 text-xs text-slate-500">
        Learned without the clips' texts: each listener's word errors against the consensus, drawn
        towards the crowd's rate by a prior of two average clips, give an error rate; the vote
        weight is log((1 − e) / e), and a listener wrong half the time or more gets no vote
        {leftOut > 0 ? ` (${count(leftOut)} left out)` : ""}. The same numbers as{" "}
        <code>redpen aggregate STUDY.json --annotators A.csv</code>.
      </p>
      <div className="relative mt-2 overflow-x-auto">
        <Table
          caption="Listeners by estimated reliability, most reliable first"
          head={
            <>
              <Th>Listener</Th>
              <Th numeric>Transcripts</Th>
              <Th numeric title="Word errors against the consensus">
                Errors
              </Th>
              <Th numeric title="Consensus words of the clips they transcribed">
                Words
              </Th>
              <Th numeric>Error rate</Th>
              <Th numeric>Vote weight</Th>
            </>
          }
        >
          {shown.map((w) => (
            <tr key={w.annotator} className="border-b border-slate-100">
              <RowTh className="font-normal text-slate-800">{w.annotator}</RowTh>
              <Td numeric>{count(w.transcripts)}</Td>
              <Td numeric>{count(w.errors)}</Td>
              <Td numeric>{count(w.words)}</Td>
              <Td numeric>{percent(w.errorRate)}</Td>
              <Td numeric>
                {w.weight === 0 ? (
                  <span className="text-red-800">0 (left out)</span>
                ) : (
                  w.weight.toFixed(3)
                )}
              </Td>
            </tr>
          ))}
        </Table>
      </div>
      <Pager
        label="Listeners"
        page={current}
        pageSize={PAGE}
        total={annotators.length}
        onPage={setPage}
      />
    </div>
  );
}
