import { count } from "../format.ts";

/** Previous / next page controls for a long table, with "rows a–b of n". */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** What the rows are, for the accessible name: "clips", "pairs". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const button =
    "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between text-sm">
      <span className="text-slate-600" aria-live="polite">
        {label} {count(first)}–{count(last)} of {count(total)}
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className={button}
          disabled={page <= 0}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className={button}
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}
