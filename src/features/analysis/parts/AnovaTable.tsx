import type { AnovaRow } from "../../../domain/stats/anova.ts";
import { fixed, pValue } from "../format.ts";

const TH = "py-2 pr-3 font-medium";
const TD = "py-1.5 pr-3 tabular-nums text-right";

/**
 * A two-factor ANOVA table (docs/spec/statistics.md, "Two-factor analysis of variance"; VLSP
 * 2021's Tables 5–7): per model (system × sentence, system × listener) the two main effects and
 * their interaction, Type II, with F, p and partial η².
 */
export function AnovaTable({ title, rows }: { title: string; rows: readonly AnovaRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="relative mt-6 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-sm font-medium text-slate-800">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
            <th scope="col" className={TH}>
              Model
            </th>
            <th scope="col" className={TH}>
              Term
            </th>
            <th scope="col" className={`${TH} text-right`}>
              df
            </th>
            <th scope="col" className={`${TH} text-right`}>
              df error
            </th>
            <th scope="col" className={`${TH} text-right`}>
              F
            </th>
            <th scope="col" className={`${TH} text-right`}>
              p
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Partial η²
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.model}/${r.term}`} className="border-b border-slate-100">
              <td className="py-1.5 pr-3 text-slate-600">
                {r.model === "sentence" ? "System × Sentence" : "System × Listener"}
              </td>
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-800">
                {r.term}
              </th>
              <td className={TD}>{r.df}</td>
              <td className={TD}>{r.dfError}</td>
              <td className={TD}>{fixed(r.F)}</td>
              <td className={TD}>{pValue(r.p)}</td>
              <td className={TD}>{fixed(r.partialEtaSq)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-500">
        Type II sums of squares from least-squares fits; an empty cell costs no degrees of freedom;
        — where a term or the error has none.
      </p>
    </div>
  );
}
