// Ticking a reason: computes the span's new reason list, shows it at once (optimistically),
// and stores the one reason that changed with setReason (computed on the stored label inside
// the transaction, so a reason ticked in another tab is kept). Writes are chained so fast key presses land in order, and
// each toggle builds on the previous one even before the live query has caught up. A pending
// value is dropped when a live result arrives after its write was stored, or when the write
// fails (runWrite has already shown the error notice).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { setReason } from "../../../db/repo.ts";
import { toggleReason } from "../../../domain/expert.ts";

interface Pending {
  reasons: string[];
  written: boolean;
}

export function useReasonWriter(
  studyId: string,
  expertId: string,
  taxonomyOrder: readonly string[],
  /** The live data the stored reasons come from; a new value means the query re-ran. */
  liveResult: unknown,
) {
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const pendingRef = useRef(new Map<string, Pending>());
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const publish = useCallback(() => setPending(new Map(pendingRef.current)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new live result
  useEffect(() => {
    let changed = false;
    for (const [id, p] of pendingRef.current) {
      if (p.written) {
        pendingRef.current.delete(id);
        changed = true;
      }
    }
    if (changed) publish();
  }, [liveResult, publish]);

  const toggle = useCallback(
    (regionId: string, stored: readonly string[], reasonId: string): Promise<unknown> => {
      const current = pendingRef.current.get(regionId)?.reasons ?? stored;
      const next = toggleReason(current, reasonId, taxonomyOrder);
      const entry: Pending = { reasons: next, written: false };
      pendingRef.current.set(regionId, entry);
      publish();
      chain.current = chain.current
        .catch(() => undefined)
        .then(() => setReason(studyId, regionId, expertId, reasonId, next.includes(reasonId)))
        .then(
          () => {
            entry.written = true;
          },
          (error: unknown) => {
            if (pendingRef.current.get(regionId) === entry) {
              pendingRef.current.delete(regionId);
              publish();
            }
            throw error;
          },
        );
      return chain.current;
    },
    [studyId, expertId, taxonomyOrder, publish],
  );

  /** Reasons not yet in the live data, by region id: show these instead of the stored ones. */
  const pendingReasons = useMemo(
    () => new Map([...pending].map(([id, p]) => [id, p.reasons])) as ReadonlyMap<string, string[]>,
    [pending],
  );

  return { toggle, pendingReasons };
}
