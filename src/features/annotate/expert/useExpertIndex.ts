// The expert screen's navigation index (src/workers/expertIndex.ts), read in a Web Worker so
// the page stays responsive on studies of tens of thousands of clips. It is read again when
// the study's spans change (crowd work merged in, in this tab or another): a live count of the
// study's regions, which IndexedDB answers without reading any of them, is the signal. Where
// module workers do not exist (happy-dom in component tests) the same reader runs in this thread.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import { countRegions } from "../../../db/repo.ts";
import { errorMessage } from "../../../domain/util/errorText.ts";
import type {
  ExpertIndex,
  ExpertIndexRequest,
  ExpertIndexResponse,
} from "../../../workers/expertIndex.ts";

export type { ExpertIndex } from "../../../workers/expertIndex.ts";

function requestIndex(request: ExpertIndexRequest): { done: Promise<ExpertIndex>; stop(): void } {
  if (typeof Worker === "undefined") {
    const done = import("../../../workers/expertIndex.ts").then((m) =>
      m.readExpertIndex(request.studyId, request.expertId),
    );
    return { done, stop: () => undefined };
  }
  const worker = new Worker(new URL("../../../workers/expertIndex.worker.ts", import.meta.url), {
    type: "module",
    name: "redpen-expert-index",
  });
  const done = new Promise<ExpertIndex>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ExpertIndexResponse>) => {
      const answer = event.data;
      if (answer.id !== request.id) return;
      worker.terminate();
      if (answer.type === "done") resolve(answer.index);
      else reject(new Error(answer.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(`The index worker stopped: ${event.message || "it could not start"}`));
    };
  });
  worker.postMessage(request);
  return { done, stop: () => worker.terminate() };
}

let nextId = 1;

export interface IndexState {
  /** The latest index read; `undefined` until the first one arrives. */
  index: ExpertIndex | undefined;
  /** Why the index could not be read, if it could not. */
  error: string | undefined;
}

/** The study's navigation index for `expertId`; reading starts once `enabled`. */
export function useExpertIndex(studyId: string, expertId: string, enabled: boolean): IndexState {
  const regionCount = useLiveQuery<number | undefined>(
    async () => (enabled ? countRegions(studyId) : undefined),
    [studyId, enabled],
  );
  // The index is read at once; a later change of the count reads it again.
  const [version, setVersion] = useState(0);
  const counted = useRef<{ key: string; count: number } | undefined>(undefined);
  const key = `${studyId}\u0000${expertId}`;
  useEffect(() => {
    if (regionCount === undefined) return;
    const before = counted.current;
    counted.current = { key, count: regionCount };
    if (before?.key === key && before.count !== regionCount) setVersion((v) => v + 1);
  }, [key, regionCount]);
  const [state, setState] = useState<IndexState & { key: string }>({
    key: "",
    index: undefined,
    error: undefined,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a new read
  useEffect(() => {
    if (!enabled) return;
    const run = requestIndex({ id: nextId++, studyId, expertId });
    let cancelled = false;
    run.done.then(
      (index) => {
        if (!cancelled) setState({ key, index, error: undefined });
      },
      (e: unknown) => {
        if (!cancelled) setState((s) => ({ ...s, key, error: errorMessage(e) }));
      },
    );
    return () => {
      cancelled = true;
      run.stop();
    };
  }, [studyId, expertId, key, enabled, version]);
  return state.key === key ? state : { index: undefined, error: undefined };
}
