// New / unchanged / conflicting records of one study's import, per kind of record.

import { KIND_LABEL } from "../../domain/merge/conflictView.ts";
import { ENTITY_KINDS, type MergePlan } from "../../domain/merge/merge.ts";

function Cell({ value, tone }: { value: number; tone: string }) {
  return (
    <td className={`px-2 py-1 text-right tabular-nums ${value === 0 ? "text-slate-300" : tone}`}>
      {value}
    </td>
  );
}

export function MergeCounts({ plan }: { plan: Pick<MergePlan, "summary"> }) {
  const { summary } = plan;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Records in the files, by kind</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500">
          <th scope="col" className="py-1 pr-2 text-left font-medium">
            Record
          </th>
          <th scope="col" className="px-2 py-1 text-right font-medium">
            New
          </th>
          <th scope="col" className="px-2 py-1 text-right font-medium">
            Unchanged
          </th>
          <th scope="col" className="px-2 py-1 text-right font-medium">
            Conflicts
          </th>
        </tr>
      </thead>
      <tbody>
        {ENTITY_KINDS.map((kind) => {
          const c = summary.byKind[kind];
          return (
            <tr key={kind} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
                {KIND_LABEL[kind].many}
              </th>
              <Cell value={c.new} tone="font-medium text-emerald-700" />
              <Cell value={c.unchanged} tone="text-slate-600" />
              <Cell value={c.conflicts} tone="font-medium text-amber-700" />
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="font-medium">
          <th scope="row" className="py-1 pr-2 text-left">
            Total
          </th>
          <td className="px-2 py-1 text-right tabular-nums">{summary.new}</td>
          <td className="px-2 py-1 text-right tabular-nums">{summary.unchanged}</td>
          <td className="px-2 py-1 text-right tabular-nums">{summary.conflicts}</td>
        </tr>
      </tfoot>
    </table>
  );
}
