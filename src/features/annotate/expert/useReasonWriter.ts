// Ticking a reason on one span or several at once: computes each span's new reason list, shows
// it at once (optimistically), and stores the one reason that changed with setReasonOnRegions
// (in one transaction, computed on the stored labels inside it, so a reason ticked in another
// tab is kept). Writes are chained so fast key presses land in order, and
// each toggle builds on the previous one even before the live query has caught up. A pending
// value is dropped when a live result arrives after its write was stored, or when the write
// fails (runWrite has already shown the error notice).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { setReasonOnRegions } from "../../../db/repo.ts";
import { toggleReasonOnAll } from "../../../domain/study/expert.ts";

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

  /**
   * Toggles `reasonId` on every span given (with its stored reasons): given to all unless all
   * have it (domain/study/expert.ts toggleReasonOnAll). Resolves once stored.
   */
  const toggle = useCallback(
    (
      spans: readonly { id: string; reasons: readonly string[] }[],
      reasonId: string,
    ): Promise<unknown> => {
      if (spans.length === 0) return Promise.resolve();
      const current = spans.map((s) => pendingRef.current.get(s.id)?.reasons ?? s.reasons);
      const { present, reasons } = toggleReasonOnAll(current, reasonId, taxonomyOrder);
      const entries = spans.map((s, i) => {
        const entry: Pending = { reasons: reasons[i] as string[], written: false };
        pendingRef.current.set(s.id, entry);
        return [s.id, entry] as const;
      });
      publish();
      const ids = spans.map((s) => s.id);
      chain.current = chain.current
        .catch(() => undefined)
        .then(() => setReasonOnRegions(studyId, ids, expertId, reasonId, present))
        .then(
          () => {
            for (const [, entry] of entries) entry.written = true;
          },
          (error: unknown) => {
            for (const [id, entry] of entries) {
              if (pendingRef.current.get(id) === entry) pendingRef.current.delete(id);
            }
            publish();
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
