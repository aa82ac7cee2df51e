// New / unchanged / conflicting records of one study's import, per kind of record.

import { RowTh, Table, Td, Th } from "../../components/Table.tsx";
import { KIND_LABEL } from "../../domain/merge/conflictView.ts";
import { ENTITY_KINDS, type MergePlan } from "../../domain/merge/merge.ts";

function Cell({ value, tone }: { value: number; tone: string }) {
  return (
    <Td numeric className={`px-2 ${value === 0 ? "text-slate-300" : tone}`}>
      {value}
    </Td>
  );
}

export function MergeCounts({ plan }: { plan: Pick<MergePlan, "summary"> }) {
  const { summary } = plan;
  return (
    <Table
      caption="Records in the files, by kind"
      headRowClassName="border-b border-slate-200 text-xs text-slate-500"
      th="py-1 font-medium"
      td="py-1"
      head={
        <>
          <Th className="pr-2 text-left">Record</Th>
          <Th numeric className="px-2">
            New
          </Th>
          <Th numeric className="px-2">
            Unchanged
          </Th>
          <Th numeric className="px-2">
            Conflicts
          </Th>
        </>
      }
      foot={
        <tr className="font-medium">
          <RowTh className="pr-2">Total</RowTh>
          <Td numeric className="px-2">
            {summary.new}
          </Td>
          <Td numeric className="px-2">
            {summary.unchanged}
          </Td>
          <Td numeric className="px-2">
            {summary.conflicts}
          </Td>
        </tr>
      }
    >
      {ENTITY_KINDS.map((kind) => {
        const c = summary.byKind[kind];
        return (
          <tr key={kind} className="border-b border-slate-100">
            <RowTh className="pr-2 font-normal text-slate-700">{KIND_LABEL[kind].many}</RowTh>
            <Cell value={c.new} tone="font-medium text-emerald-700" />
            <Cell value={c.unchanged} tone="text-slate-600" />
            <Cell value={c.conflicts} tone="font-medium text-amber-700" />
          </tr>
        );
      })}
    </Table>
  );
}
