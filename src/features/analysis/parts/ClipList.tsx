import { useMemo, useState } from "react";
import { Table, Td, Th } from "../../../components/Table.tsx";
import { NO_SYSTEM } from "../../../domain/stats/errorTypes.ts";
import type { ClipAgreement } from "../../../workers/analysisMessages.ts";
import { clipKappaReason } from "../explain.ts";
import { count, fixed } from "../format.ts";
import { orderSystems } from "../palette.ts";
import { type ClipSortKey, type SortDirection, sortClips } from "../sortClips.ts";
import { Pager } from "./Pager.tsx";
import { Value } from "./Value.tsx";

const PAGE = 25;
/** The filter value for "every system" (not a possible system name: it starts with a NUL). */
const ALL = "\u0000all";

const COLUMNS: { key: ClipSortKey; label: string; numeric: boolean }[] = [
  { key: "name", label: "Clip", numeric: false },
  { key: "system", label: "System", numeric: false },
  { key: "annotations", label: "Annotations", numeric: true },
  { key: "agreement", label: "Mean kappa", numeric: true },
];

/** Every clip with its agreement figures, sortable, a page at a time; a row opens the clip. */
export function ClipList({
  clips,
  selectedId,
  onOpen,
}: {
  clips: readonly ClipAgreement[];
  selectedId: string | undefined;
  onOpen: (clip: ClipAgreement) => void;
}) {
  const [key, setKey] = useState<ClipSortKey>("agreement");
  const [direction, setDirection] = useState<SortDirection>("ascending");
  const [page, setPage] = useState(0);
  const [system, setSystem] = useState<string>(ALL);
  const annotated = useMemo(() => clips.filter((c) => c.annotations > 0), [clips]);
  const systems = useMemo(
    () => orderSystems(annotated.map((c) => c.system ?? NO_SYSTEM)),
    [annotated],
  );
  const shown = useMemo(
    () =>
      system === ALL ? annotated : annotated.filter((c) => (c.system ?? NO_SYSTEM) === system),
    [annotated, system],
  );
  const sorted = useMemo(() => sortClips(shown, key, direction), [shown, key, direction]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE));
  const current = Math.min(page, pages - 1);
  const rows = sorted.slice(current * PAGE, (current + 1) * PAGE);

  const sortBy = (next: ClipSortKey) => {
    if (next === key) setDirection(direction === "ascending" ? "descending" : "ascending");
    else {
      setKey(next);
      setDirection("ascending");
    }
    setPage(0);
  };

  if (annotated.length === 0) {
    return <p className="text-sm text-slate-600">No clip has an annotation yet.</p>;
  }
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {system === ALL
            ? `${count(annotated.length)} annotated clips`
            : `${count(shown.length)} of ${count(annotated.length)} annotated clips (system ${system})`}
          . Sorted by {COLUMNS.find((c) => c.key === key)?.label.toLowerCase()}, {direction}
          {key === "agreement" ? "; clips without a defined kappa last" : ""}. Select a column
          heading to sort.
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          System
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={system}
            onChange={(e) => {
              setSystem(e.target.value);
              setPage(0);
            }}
          >
            <option value={ALL}>all systems</option>
            {systems.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="relative overflow-x-auto">
        <Table
          caption="Agreement per clip"
          headRow="caps"
          th="py-2 pr-4 font-medium"
          td="py-1.5 pr-4"
          head={
            <>
              {COLUMNS.map((col) => (
                <Th
                  key={col.key}
                  numeric={col.numeric}
                  aria-sort={col.key === key ? direction : "none"}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded-sm uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-slate-500 focus-visible:outline-none"
                    onClick={() => sortBy(col.key)}
                  >
                    {col.label}
                    <span aria-hidden="true" className="text-slate-400">
                      {col.key === key ? (direction === "ascending" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </Th>
              ))}
              <Th numeric>Union</Th>
              <Th numeric>Overlap</Th>
              <Th numeric last>
                <span className="sr-only">Open</span>
              </Th>
            </>
          }
        >
          {rows.map((clip) => {
            const selected = clip.clipId === selectedId;
            return (
              <tr
                key={clip.clipId}
                className={`border-b border-slate-100 last:border-0 ${selected ? "bg-slate-100" : ""}`}
              >
                <Td className="max-w-64 truncate" title={clip.name}>
                  {clip.name}
                  {clip.isReference ? (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">
                      reference
                    </span>
                  ) : null}
                </Td>
                <Td>{clip.system ?? NO_SYSTEM}</Td>
                <Td numeric>{count(clip.annotations)}</Td>
                <Td className="text-right">
                  <Value text={fixed(clip.meanKappa)} reason={clipKappaReason(clip)} />
                </Td>
                <Td numeric>{fixed(clip.unionFraction)}</Td>
                <Td numeric>{fixed(clip.overlapFraction)}</Td>
                <Td last className="text-right">
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={`Open ${clip.name}`}
                    className="rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-50"
                    onClick={() => onOpen(clip)}
                  >
                    {selected ? "Shown" : "Open"}
                  </button>
                </Td>
              </tr>
            );
          })}
        </Table>
      </div>
      <Pager label="Clips" page={current} pageSize={PAGE} total={sorted.length} onPage={setPage} />
    </div>
  );
}
