// One conflict: the fields that differ, side by side, and the choice of which version stays.

import { useId } from "react";
import { RowTh, Table, Td, Th } from "../../components/Table.tsx";
import { conflictTitle, differingFields, sourceLabel } from "../../domain/merge/conflictView.ts";
import type { Choice, Conflict } from "../../domain/merge/merge.ts";

export function ConflictItem({
  conflict,
  choice,
  onChoose,
  regionTitle,
}: {
  conflict: Conflict;
  choice: Choice;
  onChoose: (choice: Choice) => void;
  /** For a label that follows its region: the region conflict's title. */
  regionTitle?: string;
}) {
  const name = useId();
  const current = sourceLabel(conflict.current);
  const incoming = sourceLabel(conflict.incoming);
  const fields = differingFields(conflict);
  const follows = conflict.followsRegion !== undefined;
  return (
    <fieldset className="rounded-md border border-amber-200 bg-amber-50/60 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">{conflictTitle(conflict)}</legend>
      <Table
        className="w-full table-fixed text-xs"
        headRowClassName="text-slate-500"
        th="py-0.5 pr-2 text-left font-medium"
        td="py-0.5 pr-2"
        bodyClassName="font-mono"
        head={
          <>
            <Th className="w-1/4">Field</Th>
            <Th>{conflict.current.stored ? "Stored" : "First file"}</Th>
            <Th last>Incoming</Th>
          </>
        }
      >
        {fields.map((f) => (
          <tr key={f.field} className="align-top">
            <RowTh className="font-normal text-slate-600">{f.field}</RowTh>
            <Td className="break-all text-slate-800">{f.current}</Td>
            <Td last className="break-all text-slate-800">
              {f.incoming}
            </Td>
          </tr>
        ))}
      </Table>
      {follows ? (
        <p className="mt-2 text-xs text-slate-600">
          Made on a different version of its region: it follows the choice for{" "}
          {regionTitle ?? "the region"} (
          {choice === "incoming" ? `uses ${incoming}` : `keeps ${current}`}).
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <label className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={name}
              checked={choice === "keep"}
              onChange={() => onChoose("keep")}
              className="accent-slate-900"
            />
            {conflict.current.stored ? "Keep stored" : `Keep ${current}`}
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={name}
              checked={choice === "incoming"}
              onChange={() => onChoose("incoming")}
              className="accent-slate-900"
            />
            Use incoming
            <span className="text-xs break-all text-slate-500">({incoming})</span>
          </label>
        </div>
      )}
    </fieldset>
  );
}
