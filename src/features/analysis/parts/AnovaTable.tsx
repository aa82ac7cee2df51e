import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { AnovaRow } from "../../../domain/stats/anova.ts";
import { fixed, pValue } from "../format.ts";

/**
 * A two-factor ANOVA table (docs/spec/statistics.md, "Two-factor analysis of variance"; VLSP
 * 2021's Tables 5–7): per model (system × sentence, system × listener) the two main effects and
 * their interaction, Type II, with F, p and partial η².
 */
export function AnovaTable({ title, rows }: { title: string; rows: readonly AnovaRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="relative mt-6 overflow-x-auto">
      <Table
        caption={title}
        captionStyle="title"
        head={
          <>
            <Th>Model</Th>
            <Th>Term</Th>
            <Th numeric>df</Th>
            <Th numeric>df error</Th>
            <Th numeric>F</Th>
            <Th numeric>p</Th>
            <Th numeric>Partial η²</Th>
          </>
        }
      >
        {rows.map((r) => (
          <tr key={`${r.model}/${r.term}`} className="border-b border-slate-100">
            <Td className="text-slate-600">
              {r.model === "sentence" ? "System × Sentence" : "System × Listener"}
            </Td>
            <RowTh className="font-normal text-slate-800">{r.term}</RowTh>
            <Td numeric>{r.df}</Td>
            <Td numeric>{r.dfError}</Td>
            <Td numeric>{fixed(r.F)}</Td>
            <Td numeric>{pValue(r.p)}</Td>
            <Td numeric>{fixed(r.partialEtaSq)}</Td>
          </tr>
        ))}
      </Table>
      <p className="mt-1 text-xs text-slate-500">
        Type II sums of squares from least-squares fits; an empty cell costs no degrees of freedom;
        — where a term or the error has none.
      </p>
    </div>
  );
}
