// The conflicts of one study's import, with "All stored" / "All incoming" shortcuts. A long
// list is shown a page at a time; the pages come from the import worker, which holds the plan.
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { type Choice, chosenFor } from "../../domain/merge/merge.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import {
  CONFLICT_PAGE,
  type ConflictChoices,
  type ConflictView,
} from "../../workers/importMessages.ts";
import { ConflictItem } from "./ConflictItem.tsx";

/** The choice shown for a conflict: the domain's rule (chosenFor). */
export const shownChoice: (c: ConflictView, choices: ConflictChoices) => Choice = chosenFor;

const count = (n: number) => n.toLocaleString("en-US");

export function ConflictList({
  count: total,
  firstPage,
  loadPage,
  choices,
  onChange,
  pageSize = CONFLICT_PAGE,
}: {
  count: number;
  /** Conflicts 1 … pageSize, sent with the preview. */
  firstPage: ConflictView[];
  loadPage: (offset: number, limit: number) => Promise<ConflictView[]>;
  choices: ConflictChoices;
  onChange: (choices: ConflictChoices) => void;
  pageSize?: number;
}) {
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<{ page: number; items: ConflictView[] }>({
    page: 0,
    items: firstPage,
  });
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));

  useEffect(() => {
    if (page === 0) {
      setShown({ page: 0, items: firstPage });
      return;
    }
    let live = true;
    loadPage(page * pageSize, pageSize).then(
      (items) => live && setShown({ page, items }),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [page, pageSize, firstPage, loadPage]);

  // A new page starts at its top.
  useEffect(() => {
    if (list.current && shown.page >= 0) list.current.scrollTop = 0;
  }, [shown.page]);

  const first = shown.page * pageSize + 1;
  const last = shown.page * pageSize + shown.items.length;
  return (
    <section aria-label="Conflicts" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {total === 1 ? "1 record differs" : `${count(total)} records differ`} from what is stored
          or between the files. Choose which version stays:
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => onChange({ all: "keep", byKey: {} })}>
            All stored
          </Button>
          <Button size="sm" onClick={() => onChange({ all: "incoming", byKey: {} })}>
            All incoming
          </Button>
        </div>
      </div>
      <ul ref={list} className="max-h-[28rem] space-y-2 overflow-y-auto pr-1">
        {shown.items.map((c) => (
          <li key={c.key}>
            <ConflictItem
              conflict={c}
              choice={shownChoice(c, choices)}
              onChoose={(choice) =>
                onChange({ all: choices.all, byKey: { ...choices.byKey, [c.key]: choice } })
              }
              {...(c.regionTitle ? { regionTitle: c.regionTitle } : {})}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          Could not show these conflicts: {error}
        </p>
      )}
      {pages > 1 && (
        <nav aria-label="Conflict pages" className="flex items-center justify-between gap-2">
          <Button
            size="sm"
            onClick={() => setPage(page - 1)}
            disabled={page === 0}
            aria-label="Previous conflicts"
          >
            ← Previous
          </Button>
          <p className="text-xs whitespace-nowrap text-slate-600" aria-live="polite">
            {count(first)}–{count(last)} of {count(total)}
          </p>
          <Button
            size="sm"
            onClick={() => setPage(page + 1)}
            disabled={page >= pages - 1}
            aria-label="Next conflicts"
          >
            Next →
          </Button>
        </nav>
      )}
    </section>
  );
}
